/// Reads an old-style property list (the text of a `project.pbxproj`) into a `PropertyList`.
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

  private let bytes: [UInt8]
  private var position = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses `bytes` as one property-list value (the whole file).
  ///
  /// - Returns: the root value, or the line and reason of the first byte that does not fit.
  package static func read(_ bytes: [UInt8]) -> Result<PropertyList, Failure> {
    var reader = PBXProjectReader(bytes)
    do throws(Failure) {
      let value = try reader.value(depth: 0)
      try reader.skipTrivia()
      if reader.position < bytes.count { throw reader.failure("unexpected text after the end of the property list") }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  private func failure(_ reason: String) -> Failure {
    var line = 1
    for byte in bytes[..<min(position, bytes.count)] where byte == 0x0A { line += 1 }
    return Failure(line: line, reason: reason)
  }

  // MARK: - Values

  private mutating func value(depth: Int) throws(Failure) -> PropertyList {
    guard depth < PBXProjectReader.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
    try skipTrivia()
    guard position < bytes.count else { throw failure("the file ends where a value should be") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try dictionary(depth: depth)
    case UInt8(ascii: "("): return try array(depth: depth)
    case UInt8(ascii: "<"): return try data()
    default: return .string(try string())
    }
  }

  /// Objects the project model never reads: below `objects` (depth 2), an object whose first key
  /// is `isa` with one of these types is skipped to its closing brace, not built. Build-phase
  /// scripts and resource lists are much of a large project's text.
  static let unreadObjects: Set<String> = [
    "PBXShellScriptBuildPhase", "PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase",
    "PBXHeadersBuildPhase", "PBXBuildRule", "XCRemoteSwiftPackageReference", "PBXRezBuildPhase",
    "PBXAppleScriptBuildPhase",
  ]

  private mutating func dictionary(depth: Int) throws(Failure) -> PropertyList {
    position += 1
    var entries: [PropertyList.Entry] = []
    while true {
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside a dictionary (missing `}`)") }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .dictionary(entries)
      }
      let key = try string()
      try expect(UInt8(ascii: "="), "expected `=` after key `\(key)`")
      let value = try value(depth: depth + 1)
      try expect(UInt8(ascii: ";"), "expected `;` after the value of `\(key)`")
      if depth == 2 && entries.isEmpty && key == "isa", let type = value.string, Self.unreadObjects.contains(type) {
        try skipToClosingBrace()
        return .dictionary([PropertyList.Entry(key: key, value: value)])
      }
      entries.append(PropertyList.Entry(key: key, value: value))
    }
  }

  /// Moves past the `}` that closes the dictionary being read, across nested brackets, quoted
  /// strings and comments, without building anything.
  private mutating func skipToClosingBrace() throws(Failure) {
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

  private mutating func array(depth: Int) throws(Failure) -> PropertyList {
    position += 1
    var items: [PropertyList] = []
    while true {
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside an array (missing `)`)") }
      if bytes[position] == UInt8(ascii: ")") {
        position += 1
        return .array(items)
      }
      items.append(try value(depth: depth + 1))
      try skipTrivia()
      guard position < bytes.count else { throw failure("the file ends inside an array (missing `)`)") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] != UInt8(ascii: ")") {
        throw failure("expected `,` or `)` in an array")
      }
    }
  }

  private mutating func data() throws(Failure) -> PropertyList {
    position += 1
    var hex: [UInt8] = []
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
      let byte = bytes[position]
      if Self.isHexDigit(byte) {
        hex.append(byte)
      } else if !Self.isSpace(byte) {
        throw failure("data holds a byte that is not a hex digit")
      }
      position += 1
    }
    guard position < bytes.count else { throw failure("the file ends inside data (missing `>`)") }
    position += 1
    return .data(String(decoding: hex, as: UTF8.self))
  }

  private mutating func string() throws(Failure) -> String {
    guard position < bytes.count else { throw failure("the file ends where a string should be") }
    if bytes[position] == UInt8(ascii: "\"") { return try quoted() }
    let start = position
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    guard position > start else {
      throw failure("unexpected `\(String(decoding: [bytes[position]], as: UTF8.self))`")
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func quoted() throws(Failure) -> String {
    position += 1
    var text: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: text, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        position += 1
        guard position < bytes.count else { break }
        switch bytes[position] {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "U"):
          // `\U2022`: four hex digits of a UTF-16 unit; a surrogate half becomes U+FFFD.
          var scalar: UInt32 = 0
          var digits = 0
          while digits < 4, position + 1 < bytes.count, Self.isHexDigit(bytes[position + 1]) {
            position += 1
            scalar = scalar * 16 + UInt32(Self.hexValue(bytes[position]))
            digits += 1
          }
          text.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
        default: text.append(bytes[position])
        }
        position += 1
        continue
      }
      text.append(byte)
      position += 1
    }
    throw failure("the file ends inside a quoted string")
  }

  private mutating func expect(_ byte: UInt8, _ reason: String) throws(Failure) {
    try skipTrivia()
    guard position < bytes.count, bytes[position] == byte else { throw failure(reason) }
    position += 1
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
        while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == 0x2F) {
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

  private static func isSpace(_ byte: UInt8) -> Bool {
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

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return byte - UInt8(ascii: "A") + 10
    }
  }
}
