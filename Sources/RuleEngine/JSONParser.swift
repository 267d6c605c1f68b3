import SwiftLexer

/// A small strict JSON (RFC 8259) parser over bytes that reports errors with a line and column.
///
/// Foundation's `JSONSerialization` loses key order and positions and gives no location for a
/// syntax error, while users write `rules.json` by hand and need `rules.json:12:5: expected ','
/// or '}'`. Duplicate keys are an error rather than "last one wins", because in a hand-written
/// rule a second `"pattern"` is always a mistake.
package struct JSONParser {
  /// Deeper input is refused instead of risking the stack: a rules file never nests this deep.
  package static let maximumDepth = 256

  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var depth = 0
  private lazy var lines = LineIndex(bytes)
  /// The last position computed, where the next one starts counting (`position(of:)`).
  private var lastPosition = (offset: 0, line: 0, column: 0)
  /// Bytes counted for columns: the work counter of `columnWork(_:)`.
  private var columnWork = 0

  private init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// Parses one JSON document.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text; a leading byte-order mark is skipped.
  ///   - file: the name used in error messages.
  /// - Throws: `RuleCatalogError.invalidJSON` with the line and column of the first problem.
  package static func parse(_ bytes: [UInt8], file: String) throws(RuleCatalogError) -> ParsedJSON {
    var parser = JSONParser(bytes: bytes, file: file)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count { throw parser.error(.trailingContent) }
    return value
  }

  /// Parses `bytes` and returns how many bytes were counted for columns (or -1 when the
  /// text is not JSON): the work counter the scaling tests hold to linear growth.
  package static func columnWork(_ bytes: [UInt8]) -> Int {
    var parser = JSONParser(bytes: bytes, file: "")
    parser.skipWhitespace()
    guard (try? parser.parseValue()) != nil else { return -1 }
    return parser.columnWork
  }

  // MARK: - Values

  private mutating func parseValue() throws(RuleCatalogError) -> ParsedJSON {
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    let position = self.position(of: index)
    switch bytes[index] {
    case UInt8(ascii: "{"): return ParsedJSON(.object(try parseObject()), at: position)
    case UInt8(ascii: "["): return ParsedJSON(.array(try parseArray()), at: position)
    case UInt8(ascii: "\""): return ParsedJSON(.string(try parseString()), at: position)
    case UInt8(ascii: "t"): try expectLiteral("true"); return ParsedJSON(.bool(true), at: position)
    case UInt8(ascii: "f"): try expectLiteral("false"); return ParsedJSON(.bool(false), at: position)
    case UInt8(ascii: "n"): try expectLiteral("null"); return ParsedJSON(.null, at: position)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return ParsedJSON(.number(try parseNumber()), at: position)
    default: throw error(.expectedValue)
    }
  }

  private mutating func parseObject() throws(RuleCatalogError) -> [ParsedJSON.Member] {
    try enter()
    index += 1  // {
    var members: [ParsedJSON.Member] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return members
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw error(.expectedKey) }
      let keyStart = index
      let key = try parseString()
      // Before the value: positions are counted on in file order (`position(of:)`).
      let keyPosition = position(of: keyStart)
      if members.contains(where: { $0.key == key }) { throw error(.duplicateKey(key), at: keyStart) }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error(index < bytes.count ? .expectedColon : .unexpectedEnd) }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(ParsedJSON.Member(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return members
      case nil: throw error(.unexpectedEnd)
      default: throw error(.expectedCommaOrBrace)
      }
    }
  }

  private mutating func parseArray() throws(RuleCatalogError) -> [ParsedJSON] {
    try enter()
    index += 1  // [
    var elements: [ParsedJSON] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return elements
      case nil: throw error(.unexpectedEnd)
      default: throw error(.expectedCommaOrBracket)
      }
    }
  }

  private mutating func enter() throws(RuleCatalogError) {
    depth += 1
    if depth > Self.maximumDepth { throw error(.nestingTooDeep(limit: Self.maximumDepth)) }
  }

  private mutating func expectLiteral(_ literal: String) throws(RuleCatalogError) {
    let count = literal.utf8.count
    guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(literal.utf8) else {
      throw error(.invalidLiteral)
    }
    index += count
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
  private mutating func parseNumber() throws(RuleCatalogError) -> String {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else { throw error(.invalidNumber, at: start) }
    index += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let digit = peek(), isDigit(digit) else { throw error(.invalidNumber, at: start) }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let digit = peek(), isDigit(digit) else { throw error(.invalidNumber, at: start) }
      skipDigits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  // MARK: - Strings

  private mutating func parseString() throws(RuleCatalogError) -> String {
    let start = index
    index += 1  // "
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ end: Int) throws(RuleCatalogError) {
      guard runStart < end else { return }
      guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
        throw error(.invalidUTF8, at: runStart)
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard index < bytes.count else { throw error(.unterminatedString, at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try flush(index)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error(.controlCharacterInString) }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      try flush(index)
      scalars.append(try parseEscape())
      runStart = index
    }
  }

  private mutating func parseEscape() throws(RuleCatalogError) -> Unicode.Scalar {
    let escapeStart = index
    index += 1  // backslash
    guard let byte = peek() else { throw error(.unterminatedString) }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4(escapeStart)
      if high >= 0xD800 && high < 0xDC00 {
        // A high surrogate must be followed by `\uDC00`–`\uDFFF`, the pair making one scalar.
        guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          throw error(.invalidUnicodeEscape, at: escapeStart)
        }
        index += 2
        let low = try parseHex4(escapeStart)
        guard low >= 0xDC00 && low < 0xE000 else { throw error(.invalidUnicodeEscape, at: escapeStart) }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw error(.invalidUnicodeEscape, at: escapeStart) }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else { throw error(.invalidUnicodeEscape, at: escapeStart) }
      return scalar
    default:
      throw error(.invalidEscape, at: escapeStart)
    }
  }

  private mutating func parseHex4(_ escapeStart: Int) throws(RuleCatalogError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error(.invalidUnicodeEscape, at: escapeStart) }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.invalidUnicodeEscape, at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  // MARK: - Helpers

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  /// The line and scalar column of `offset`.
  ///
  /// Counted on from the last position asked for when it is on the same line and not after
  /// `offset`: every value and key asks, in file order, so counting from the line start each
  /// time made a one-line file of 5,000 rules quadratic (12.7 s).
  private mutating func position(of offset: Int) -> ParsedJSON.Position {
    let line = lines.line(of: offset)
    var column: Int
    if line == lastPosition.line && lastPosition.offset <= offset {
      column = lastPosition.column
      let end = min(offset, bytes.count)
      columnWork += end - lastPosition.offset
      for byte in bytes[lastPosition.offset..<end] where byte & 0xC0 != 0x80 { column += 1 }
    } else {
      column = lines.scalarColumn(of: offset)
      columnWork += offset - lines.location(of: offset).column + 1
    }
    lastPosition = (offset, line, column)
    return ParsedJSON.Position(line: line, column: column)
  }

  private mutating func error(_ problem: RuleCatalogError.JSONProblem, at offset: Int? = nil) -> RuleCatalogError {
    let position = position(of: offset ?? index)
    return .invalidJSON(file: file, line: position.line, column: position.column, problem: problem)
  }
}
