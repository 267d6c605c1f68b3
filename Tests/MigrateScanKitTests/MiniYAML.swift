/// A reader for the block-style YAML subset that GitHub workflow files are written in: nested
/// mappings, sequences (`- item`, including `- key: value` items), plain and quoted scalars,
/// literal block scalars (`|`) and comments. Anything else (flow collections, anchors, folded
/// scalars, tabs) is an error naming the line, so a test never reads a file it misunderstood.
///
/// Test-only: the CI example's test parses the workflow with it.
indirect enum MiniYAML: Equatable {
  case scalar(String)
  case sequence([MiniYAML])
  case mapping([(key: String, value: MiniYAML)])

  static func == (lhs: MiniYAML, rhs: MiniYAML) -> Bool {
    switch (lhs, rhs) {
    case (.scalar(let a), .scalar(let b)): return a == b
    case (.sequence(let a), .sequence(let b)): return a == b
    case (.mapping(let a), .mapping(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: return false
    }
  }

  subscript(key: String) -> MiniYAML? {
    guard case .mapping(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  var text: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }

  var items: [MiniYAML] {
    if case .sequence(let items) = self { return items }
    return []
  }

  var entries: [(key: String, value: MiniYAML)] {
    if case .mapping(let members) = self { return members }
    return []
  }

  struct ParseError: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  private struct Line {
    var number: Int
    var indent: Int
    var content: String
  }

  static func parse(_ source: String) throws(ParseError) -> MiniYAML {
    var lines: [Line] = []
    for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if raw.contains("\t") { throw ParseError(line: index + 1, message: "tab in indentation or content") }
      let indent = raw.prefix { $0 == " " }.count
      lines.append(Line(number: index + 1, indent: indent, content: String(raw.dropFirst(indent))))
    }
    var reader = Reader(lines: lines)
    reader.skipBlank()
    guard reader.position < reader.lines.count else { return .mapping([]) }
    let value = try reader.block(indent: reader.lines[reader.position].indent)
    reader.skipBlank()
    if reader.position < reader.lines.count {
      throw ParseError(line: reader.lines[reader.position].number, message: "unexpected indentation")
    }
    return value
  }

  private struct Reader {
    var lines: [Line]
    var position = 0

    mutating func skipBlank() {
      while position < lines.count {
        let content = lines[position].content
        if content.isEmpty || content.hasPrefix("#") { position += 1 } else { break }
      }
    }

    mutating func block(indent: Int) throws(ParseError) -> MiniYAML {
      skipBlank()
      let first = lines[position]
      if first.content == "-" || first.content.hasPrefix("- ") {
        return try sequence(indent: indent)
      }
      return try mapping(indent: indent)
    }

    mutating func sequence(indent: Int) throws(ParseError) -> MiniYAML {
      var items: [MiniYAML] = []
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
          items.append(try block(indent: lines[position].indent))
        } else {
          // "- key: value" opens a mapping whose keys sit two columns in.
          lines[position] = Line(number: line.number, indent: indent + 2, content: rest)
          items.append(try block(indent: indent + 2))
        }
      }
      return .sequence(items)
    }

    mutating func mapping(indent: Int) throws(ParseError) -> MiniYAML {
      var members: [(key: String, value: MiniYAML)] = []
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
            members.append((key, try block(indent: lines[position].indent)))
          } else {
            members.append((key, .scalar("")))
          }
        } else {
          members.append((key, .scalar(try Self.scalar(rest, line: line.number))))
        }
      }
      return .mapping(members)
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

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = Substring(self)
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return String(text)
  }
}
