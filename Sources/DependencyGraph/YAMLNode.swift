/// A reader for the block-style YAML subset that GitHub workflow files and XcodeGen's
/// `project.yml` are written in: nested mappings, sequences (`- item`, including `- key: value`
/// items), plain and quoted scalars, literal block scalars (`|`) and comments; with
/// `flowCollections: .read`, also flow collections (`[a, b]`, `{k: v}`, across lines), which
/// XcodeGen files use for Info.plist properties. Anything else (anchors, aliases, tags, folded
/// scalars, tabs) is an error naming the line, so nothing is read from a file it misunderstood.
///
/// Bounded: nesting deeper than `maximumDepth` is an error, never a deep recursion.
package indirect enum YAMLNode: Equatable, Sendable {
  case scalar(String)
  case sequence([YAMLNode])
  case mapping([(key: String, value: YAMLNode)])

  /// What to do with a flow collection (`[a, b]`, `{k: v}`).
  package enum FlowCollections: Sendable {
    /// An error: for files whose every value the caller checks (the CI example).
    case reject
    /// Read it, nested, across lines.
    case read
  }

  /// Nesting deeper than this is an error (real files nest under ten levels).
  package static let maximumDepth = 64

  package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
    switch (lhs, rhs) {
    case (.scalar(let a), .scalar(let b)): return a == b
    case (.sequence(let a), .sequence(let b)): return a == b
    case (.mapping(let a), .mapping(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: return false
    }
  }

  /// The value under `key` of a mapping.
  package subscript(key: String) -> YAMLNode? {
    guard case .mapping(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The text of a scalar.
  package var text: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }

  /// The items of a sequence; empty for anything else.
  package var items: [YAMLNode] {
    if case .sequence(let items) = self { return items }
    return []
  }

  /// The entries of a mapping, in order; empty for anything else.
  package var entries: [(key: String, value: YAMLNode)] {
    if case .mapping(let members) = self { return members }
    return []
  }

  /// Why a file could not be read, with the 1-based line.
  package struct ParseError: Error, CustomStringConvertible, Sendable {
    package var line: Int
    package var message: String
    package var description: String { "line \(line): \(message)" }
  }

  private struct Line {
    var number: Int
    var indent: Int
    var content: String
  }

  /// Parses `source`, one document.
  package static func parse(_ source: String, flowCollections: FlowCollections = .reject) throws(ParseError) -> YAMLNode
  {
    var lines: [Line] = []
    for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if raw.contains("\t") { throw ParseError(line: index + 1, message: "tab in indentation or content") }
      let indent = raw.prefix { $0 == " " }.count
      lines.append(Line(number: index + 1, indent: indent, content: String(raw.dropFirst(indent))))
    }
    // A `---` document marker before the first value starts the one document.
    if let first = lines.firstIndex(where: { !$0.content.isEmpty && !$0.content.hasPrefix("#") }),
      lines[first].indent == 0, lines[first].content == "---" || lines[first].content.hasPrefix("--- #")
    {
      lines[first].content = ""
    }
    var reader = Reader(lines: lines, flow: flowCollections)
    reader.skipBlank()
    guard reader.position < reader.lines.count else { return .mapping([]) }
    let value = try reader.block(indent: reader.lines[reader.position].indent, depth: 0)
    reader.skipBlank()
    if reader.position < reader.lines.count {
      throw ParseError(line: reader.lines[reader.position].number, message: "unexpected indentation")
    }
    return value
  }

  private struct Reader {
    var lines: [Line]
    let flow: FlowCollections
    var position = 0

    init(lines: [Line], flow: FlowCollections) {
      self.lines = lines
      self.flow = flow
    }

    mutating func skipBlank() {
      while position < lines.count {
        let content = lines[position].content
        if content.isEmpty || content.hasPrefix("#") { position += 1 } else { break }
      }
    }

    mutating func block(indent: Int, depth: Int) throws(ParseError) -> YAMLNode {
      skipBlank()
      let first = lines[position]
      guard depth < YAMLNode.maximumDepth else {
        throw ParseError(line: first.number, message: "nested more than \(YAMLNode.maximumDepth) deep")
      }
      if first.content == "-" || first.content.hasPrefix("- ") {
        return try sequence(indent: indent, depth: depth + 1)
      }
      return try mapping(indent: indent, depth: depth + 1)
    }

    mutating func sequence(indent: Int, depth: Int) throws(ParseError) -> YAMLNode {
      var items: [YAMLNode] = []
      while true {
        skipBlank()
        guard position < lines.count, lines[position].indent == indent,
          lines[position].content == "-" || lines[position].content.hasPrefix("- ")
        else { break }
        let line = lines[position]
        let rest = String(line.content.dropFirst(2))
        if rest.isEmpty {
          position += 1
          skipBlank()
          guard position < lines.count, lines[position].indent > indent else {
            items.append(.scalar(""))
            continue
          }
          items.append(try block(indent: lines[position].indent, depth: depth))
        } else if Self.keySeparator(in: rest) == nil {
          // "- item": a scalar, or a flow collection.
          position += 1
          items.append(try value(Self.stripComment(rest), line: line.number, depth: depth))
        } else {
          // "- key: value" opens a mapping whose keys sit two columns in.
          lines[position] = Line(number: line.number, indent: indent + 2, content: rest)
          items.append(try block(indent: indent + 2, depth: depth))
        }
      }
      return .sequence(items)
    }

    mutating func mapping(indent: Int, depth: Int) throws(ParseError) -> YAMLNode {
      var members: [(key: String, value: YAMLNode)] = []
      while true {
        skipBlank()
        guard position < lines.count, lines[position].indent == indent else { break }
        let line = lines[position]
        guard let colon = Self.keySeparator(in: line.content) else {
          throw ParseError(line: line.number, message: "expected 'key: value'")
        }
        let key = try Self.scalar(String(line.content[..<colon]), line: line.number)
        if members.contains(where: { $0.key == key }) {
          throw ParseError(line: line.number, message: "duplicate key '\(key)'")
        }
        let rest = Self.stripComment(String(line.content[line.content.index(after: colon)...]))
          .trimmingCharacters(in: " ")
        position += 1
        if rest == "|" || rest == "|-" {
          members.append((key, .scalar(literalBlock(parentIndent: indent, strip: rest == "|-"))))
        } else if rest.isEmpty {
          skipBlank()
          if position < lines.count,
            lines[position].indent > indent
              || (lines[position].indent == indent && lines[position].content.hasPrefix("- "))
          {
            members.append((key, try block(indent: lines[position].indent, depth: depth)))
          } else {
            members.append((key, .scalar("")))
          }
        } else {
          members.append((key, try value(rest, line: line.number, depth: depth)))
        }
      }
      return .mapping(members)
    }

    /// A value written after `key:` or `- `: a scalar, or (when read) a flow collection, which
    /// may go on over the following lines until its brackets close.
    mutating func value(_ rest: String, line: Int, depth: Int) throws(ParseError) -> YAMLNode {
      let text = rest.trimmingCharacters(in: " ")
      guard flow == .read, let first = text.first, first == "[" || first == "{" else {
        return .scalar(try Self.scalar(rest, line: line))
      }
      var collected = text
      while !FlowReader.isBalanced(collected) {
        guard position < lines.count else { throw ParseError(line: line, message: "a flow collection is never closed") }
        collected += " " + Self.stripComment(lines[position].content)
        position += 1
      }
      var reader = FlowReader(text: Array(collected.utf8), line: line)
      let node = try reader.value(depth: depth)
      reader.skipSpace()
      guard reader.position == reader.text.count else {
        throw ParseError(line: line, message: "unexpected text after a flow collection")
      }
      return node
    }

    mutating func literalBlock(parentIndent: Int, strip: Bool) -> String {
      var collected: [Line] = []
      while position < lines.count, lines[position].content.isEmpty || lines[position].indent > parentIndent {
        collected.append(lines[position])
        position += 1
      }
      let indent = collected.filter { !$0.content.isEmpty }.map(\.indent).min() ?? 0
      let text = collected.map {
        $0.content.isEmpty ? "" : String(repeating: " ", count: $0.indent - indent) + $0.content
      }
      var joined = text.joined(separator: "\n")
      while joined.hasSuffix("\n") { joined.removeLast() }
      return strip ? joined : joined + "\n"
    }

    /// The `:` that ends a key: followed by a space or the end, outside quotes.
    static func keySeparator(in text: String) -> String.Index? {
      var quote: Character?
      var index = text.startIndex
      while index < text.endIndex {
        let character = text[index]
        if let open = quote {
          if character == open { quote = nil }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == ":" {
          let next = text.index(after: index)
          if next == text.endIndex || text[next] == " " { return index }
        }
        index = text.index(after: index)
      }
      return nil
    }

    static func stripComment(_ text: String) -> String {
      var quote: Character?
      var previous: Character = " "
      for (offset, character) in text.enumerated() {
        if let open = quote {
          if character == open { quote = nil }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == "#", previous == " " {
          return String(text.prefix(offset))
        }
        previous = character
      }
      return text
    }

    static func scalar(_ raw: String, line: Int) throws(ParseError) -> String {
      let text = raw.trimmingCharacters(in: " ")
      if let first = text.first, "{[&*>!".contains(first) {
        throw ParseError(line: line, message: "flow collections, anchors, tags and folded scalars are not supported")
      }
      if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
        return String(text.dropFirst().dropLast())
      }
      return text
    }
  }
}

/// Flow collections: `[a, "b", {k: v}]`, read from one string (the lines joined).
private struct FlowReader {
  let text: [UInt8]
  let line: Int
  var position = 0

  init(text: [UInt8], line: Int) {
    self.text = text
    self.line = line
  }

  /// Whether every `[`/`{` outside quotes is closed.
  static func isBalanced(_ text: String) -> Bool {
    var depth = 0
    var quote: UInt8?
    for byte in text.utf8 {
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth -= 1
      }
    }
    return depth <= 0
  }

  func failure(_ message: String) -> YAMLNode.ParseError { YAMLNode.ParseError(line: line, message: message) }

  mutating func skipSpace() {
    while position < text.count, text[position] == 0x20 { position += 1 }
  }

  mutating func value(depth: Int) throws(YAMLNode.ParseError) -> YAMLNode {
    guard depth < YAMLNode.maximumDepth else { throw failure("nested more than \(YAMLNode.maximumDepth) deep") }
    skipSpace()
    guard position < text.count else { throw failure("a flow collection ends where a value should be") }
    switch text[position] {
    case UInt8(ascii: "["):
      position += 1
      var items: [YAMLNode] = []
      while true {
        skipSpace()
        guard position < text.count else { throw failure("a `[` is never closed") }
        if text[position] == UInt8(ascii: "]") {
          position += 1
          return .sequence(items)
        }
        items.append(try value(depth: depth + 1))
        try separator(closing: UInt8(ascii: "]"))
      }
    case UInt8(ascii: "{"):
      position += 1
      var members: [(key: String, value: YAMLNode)] = []
      while true {
        skipSpace()
        guard position < text.count else { throw failure("a `{` is never closed") }
        if text[position] == UInt8(ascii: "}") {
          position += 1
          return .mapping(members)
        }
        let key = try scalar(stoppingAtColon: true)
        skipSpace()
        var member = YAMLNode.scalar("")
        if position < text.count, text[position] == UInt8(ascii: ":") {
          position += 1
          member = try value(depth: depth + 1)
        }
        members.append((key, member))
        try separator(closing: UInt8(ascii: "}"))
      }
    default:
      return .scalar(try scalar(stoppingAtColon: false))
    }
  }

  /// After an item: `,` or the closing bracket (left for the caller).
  mutating func separator(closing: UInt8) throws(YAMLNode.ParseError) {
    skipSpace()
    guard position < text.count else { throw failure("a flow collection is never closed") }
    if text[position] == UInt8(ascii: ",") {
      position += 1
    } else if text[position] != closing {
      throw failure("expected `,` in a flow collection")
    }
  }

  /// A plain or quoted scalar inside a flow collection.
  mutating func scalar(stoppingAtColon: Bool) throws(YAMLNode.ParseError) -> String {
    skipSpace()
    guard position < text.count else { throw failure("a flow collection ends where a value should be") }
    let first = text[position]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      position += 1
      let start = position
      while position < text.count, text[position] != first { position += 1 }
      guard position < text.count else { throw failure("a quoted string is never closed") }
      let value = String(decoding: text[start..<position], as: UTF8.self)
      position += 1
      return value
    }
    if "&*!|>".utf8.contains(first) { throw failure("anchors, aliases, tags and block scalars are not supported") }
    let start = position
    while position < text.count {
      let byte = text[position]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
        || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
      {
        break
      }
      // `key: value`; a colon inside a word (`applinks:matrix.to`) stays.
      if stoppingAtColon, byte == UInt8(ascii: ":"), position + 1 >= text.count || text[position + 1] == 0x20 { break }
      position += 1
    }
    return String(decoding: text[start..<position], as: UTF8.self).trimmingCharacters(in: " ")
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = Substring(self)
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return String(text)
  }
}
