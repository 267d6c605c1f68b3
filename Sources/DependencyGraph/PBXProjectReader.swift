/// Reads an old-style property list (the text of a `project.pbxproj`) into a `PropertyList`:
/// nodes over the file's bytes, no strings.
///
/// Strict and small: dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted strings with
/// backslash escapes, unquoted strings (`[A-Za-z0-9_$+/:.-]`, what Xcode writes unquoted),
/// data `<0fbd 2a>`, and `/* … */` and `// …` comments anywhere between tokens. Nothing else is
/// accepted: the first byte that does not fit is an error naming its line, never a guess. One
/// pass over the bytes, so the cost is linear in the file's size; nesting deeper than
/// `maximumDepth` is an error rather than a deep recursion (real projects nest four deep).
package struct PBXProjectReader {
  /// Why a file could not be read, with the 1-based line where reading stopped.
  package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var reason: String

    package var description: String { "line \(line): \(reason)" }
  }

  /// Nesting deeper than this is refused (a pbxproj nests about four levels).
  static let maximumDepth = 64

  /// The file's bytes, valid while `readCounting` runs: unchecked reads in the byte loops.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var nodes: [PropertyList.Node] = []
  /// Work done, for the cost-shape tests: nodes made plus bytes skipped unread.
  private var steps = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses `bytes` as one property-list value (the whole file).
  ///
  /// - Returns: the root value's list, or the line and reason of the first byte that does not fit.
  package static func read(_ bytes: [UInt8]) -> Result<PropertyList, Failure> {
    readCounting(bytes).result
  }

  /// `read(_:)` and the work it did (nodes built, bytes skipped), for tests of its cost's shape.
  package static func readCounting(_ bytes: [UInt8]) -> (result: Result<PropertyList, Failure>, steps: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = PBXProjectReader(buffer)
      reader.nodes.reserveCapacity(bytes.count / 24)
      do throws(Failure) {
        try reader.value(depth: 0)
        try reader.skipTrivia()
        if reader.position < bytes.count { throw reader.failure("unexpected text after the end of the property list") }
        return (.success(PropertyList(bytes: bytes, nodes: reader.nodes)), reader.steps + reader.nodes.count)
      } catch {
        return (.failure(error), reader.steps + reader.nodes.count)
      }
    }
  }

  private func failure(_ reason: String) -> Failure {
    var line = 1
    for byte in bytes[..<min(position, bytes.count)] where byte == 0x0A { line += 1 }
    return Failure(line: line, reason: reason)
  }

  // MARK: - Values

  /// Reads one value into `nodes`; its node is the first one added.
  private mutating func value(depth: Int) throws(Failure) {
    guard depth < PBXProjectReader.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
    try skipTrivia()
    guard position < bytes.count else { throw failure("the file ends where a value should be") }
    switch bytes[position] {
    case UInt8(ascii: "{"): try dictionary(depth: depth)
    case UInt8(ascii: "("): try array(depth: depth)
    case UInt8(ascii: "<"): try data()
    default: try string()
    }
  }

  /// Objects the project model never reads: below `objects` (depth 2), an object whose first key
  /// is `isa` with one of these types is skipped to its closing brace, not built. Build-phase
  /// scripts and resource lists are much of a large project's text.
  static let unreadObjects: [String] = [
    "PBXShellScriptBuildPhase", "PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase",
    "PBXHeadersBuildPhase", "PBXBuildRule", "XCRemoteSwiftPackageReference", "PBXRezBuildPhase",
    "PBXAppleScriptBuildPhase",
  ]

  /// The text of the string node at `index`, for messages.
  private func text(_ index: Int) -> String {
    PropertyList(bytes: Array(bytes), nodes: nodes).text(of: index)
  }

  private mutating func dictionary(depth: Int) throws(Failure) {
    let me = nodes.count
    nodes.append(.init(kind: .dictionary, start: position, end: position, next: 0))
    position += 1
    var isFirst = true
    while true {
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside a dictionary (missing `}`)") }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        nodes[me].next = nodes.count
        return
      }
      let key = nodes.count
      try string()
      try skipTrivia()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw failure("expected `=` after key `\(text(key))`")
      }
      position += 1
      let value = nodes.count
      try self.value(depth: depth + 1)
      try skipTrivia()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
        throw failure("expected `;` after the value of `\(text(key))`")
      }
      position += 1
      if depth == 2 && isFirst && nodes[value].kind == .string && isISA(key) && isUnread(value) {
        try skipToClosingBrace()
        nodes[me].next = nodes.count
        return
      }
      isFirst = false
    }
  }

  private func isISA(_ key: Int) -> Bool {
    let node = nodes[key]
    return !node.escaped && node.end - node.start == 3 && bytes[node.start] == UInt8(ascii: "i")
      && bytes[node.start + 1] == UInt8(ascii: "s") && bytes[node.start + 2] == UInt8(ascii: "a")
  }

  private func isUnread(_ value: Int) -> Bool {
    let node = nodes[value]
    let length = node.end - node.start
    // Every unread type starts with `PBX` or `XC` and is longer than 11 bytes.
    guard length > 11 else { return false }
    if node.escaped { return Self.unreadObjects.contains(text(value)) }
    let text = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
    return Self.unreadObjects.contains { $0.utf8.count == length && $0.utf8.elementsEqual(text) }
  }

  /// Moves past the `}` that closes the dictionary being read, across nested brackets, quoted
  /// strings and comments, without building anything.
  private mutating func skipToClosingBrace() throws(Failure) {
    let start = position
    defer { steps += position - start }
    var nesting = 0
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
          position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard position < bytes.count else { throw failure("the file ends inside a quoted string") }
        position += 1
      case UInt8(ascii: "/"):
        try skipTrivia()
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") { position += 1 }
      case UInt8(ascii: "{"), UInt8(ascii: "("):
        nesting += 1
        position += 1
      case UInt8(ascii: ")"):
        nesting -= 1
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        if nesting == 0 { return }
        nesting -= 1
      default:
        position += 1
      }
    }
    throw failure("the file ends inside a dictionary (missing `}`)")
  }

  private mutating func array(depth: Int) throws(Failure) {
    let me = nodes.count
    nodes.append(.init(kind: .array, start: position, end: position, next: 0))
    position += 1
    while true {
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside an array (missing `)`)") }
      if bytes[position] == UInt8(ascii: ")") {
        position += 1
        nodes[me].next = nodes.count
        return
      }
      try value(depth: depth + 1)
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside an array (missing `)`)") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] != UInt8(ascii: ")") {
        throw failure("expected `,` or `)` in an array")
      }
    }
  }

  private mutating func data() throws(Failure) {
    position += 1
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
      let byte = bytes[position]
      if !Self.isHexDigit(byte) && !Self.isSpace(byte) {
        throw failure("data holds a byte that is not a hex digit")
      }
      position += 1
    }
    guard position < bytes.count else { throw failure("the file ends inside data (missing `>`)") }
    nodes.append(.init(kind: .data, start: start, end: position, next: nodes.count + 1))
    position += 1
  }

  private mutating func string() throws(Failure) {
    guard position < bytes.count else { throw failure("the file ends where a string should be") }
    if bytes[position] == UInt8(ascii: "\"") { return try quoted() }
    let start = position
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    guard position > start else {
      throw failure("unexpected `\(String(decoding: [bytes[position]], as: UTF8.self))`")
    }
    nodes.append(.init(kind: .string, start: start, end: position, next: nodes.count + 1))
  }

  private mutating func quoted() throws(Failure) {
    position += 1
    let start = position
    var escaped = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        nodes.append(.init(kind: .string, escaped: escaped, start: start, end: position, next: nodes.count + 1))
        position += 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        position += 1
        guard position < bytes.count else { break }
      }
      position += 1
    }
    throw failure("the file ends inside a quoted string")
  }

  // MARK: - Trivia

  /// Skips whitespace and comments; an unterminated `/*` is an error.
  private mutating func skipTrivia() throws(Failure) {
    while position < bytes.count {
      let byte = bytes[position]
      if Self.isSpace(byte) {
        position += 1
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
        position += 2
        // Only a `*` can start the end: a byte test per byte, the pair checked at a `*`.
        while position + 1 < bytes.count {
          if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == 0x2F { break }
          position += 1
        }
        guard position + 1 < bytes.count else { throw failure("a `/*` comment is never closed") }
        position += 2
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
      } else {
        return
      }
    }
  }

  // MARK: - Byte classes

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
  }

  /// What Xcode writes without quotes (and what NeXT's format allows): letters, digits, `_$+/:.-`.
  private static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default: return false
    }
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  static func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return byte - UInt8(ascii: "A") + 10
    }
  }
}
