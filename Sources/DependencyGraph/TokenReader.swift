import SwiftLexer

/// Read access to the significant tokens of a stream by position, for the graph's passes.
///
/// Out-of-range positions read as `endOfFile`, so a pass that looks one or two tokens ahead or
/// behind never needs a bounds check of its own, and malformed input cannot trap it.
struct TokenReader {
  let stream: TokenStream
  /// The number of significant tokens.
  let count: Int

  init(_ stream: TokenStream) {
    self.stream = stream
    self.count = stream.significantCount
  }

  func kind(_ position: Int) -> TokenKind {
    guard position >= 0 && position < count else { return .endOfFile }
    return stream.kinds[position]
  }

  /// True when the token at `position` has kind `expected`.
  ///
  /// Compares raw values because `==` on `TokenKind` resolves here to the standard library's
  /// generic `RawRepresentable` operator, an unspecialised witness call per comparison that cost
  /// about 1% of a scan; the passes use this, `switch` or raw values instead.
  func kind(_ position: Int, is expected: TokenKind) -> Bool {
    kind(position).rawValue == expected.rawValue
  }

  func bytes(_ position: Int) -> ArraySlice<UInt8> {
    guard position >= 0 && position < count else { return [] }
    return stream.bytes(of: stream.codeToken(position))
  }

  /// True when the token at `position` has kind `kind` and, if given, exactly the text `text`.
  func `is`(_ position: Int, _ kind: TokenKind, _ text: [UInt8]? = nil) -> Bool {
    guard position >= 0 && position < count else { return false }
    let token = stream.codeToken(position)
    guard token.kind.rawValue == kind.rawValue else { return false }
    guard let text else { return true }
    return stream.token(token, is: text)
  }

  /// True for a keyword or identifier spelled `text` (contextual keywords such as `actor` and
  /// `package` are identifiers to the lexer, real ones are keywords; both can be argument labels).
  func isWord(_ position: Int, _ text: [UInt8]) -> Bool {
    `is`(position, .identifier, text) || `is`(position, .keyword, text)
  }

  /// True for an identifier or a keyword: anything that can be a name or a label.
  func isWordLike(_ position: Int) -> Bool {
    switch kind(position) {
    case .identifier, .keyword: return true
    default: return false
    }
  }

  /// The name at `position` without backticks (`` `default` `` → `default`).
  func name(_ position: Int) -> String {
    var slice = bytes(position)
    if slice.count >= 2 && slice.first == UInt8(ascii: "`") && slice.last == UInt8(ascii: "`") {
      slice = slice.dropFirst().dropLast()
    }
    return String(decoding: slice, as: UTF8.self)
  }

  /// The matching bracket of the bracket at `position`, or nil when it has none.
  func partner(_ position: Int) -> Int? {
    guard position >= 0 && position < count else { return nil }
    let other = stream.partner[position]
    return other >= 0 ? Int(other) : nil
  }

  /// True when the token at `position` is an operator whose text starts with `<`
  /// (`struct S<T>` lexes `<` as a binary operator).
  func isOpeningAngle(_ position: Int) -> Bool {
    switch kind(position) {
    case .binaryOperator, .prefixOperator, .postfixOperator: break
    default: return false
    }
    return bytes(position).first == UInt8(ascii: "<")
  }

  /// True when the identifier at `position` starts with an ASCII capital letter (after an
  /// optional backtick): the naming convention that tells types from members.
  func isCapitalized(_ position: Int) -> Bool {
    let slice = bytes(position)
    guard var first = slice.first else { return false }
    if first == UInt8(ascii: "`"), slice.count > 1 { first = slice[slice.startIndex + 1] }
    return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
  }

  /// The value of a plain string literal starting at `position` (`"text"`, `#"text"#`, or a
  /// multi-line literal without interpolation), and the position just after it.
  ///
  /// Literals with interpolation are not constants, so they read as nil.
  func stringLiteral(at position: Int) -> (value: String, next: Int)? {
    var cursor = position
    var pounds = 0
    while kind(cursor, is: .rawStringPoundDelimiter) {
      pounds += 1
      cursor += 1
    }
    let quote = kind(cursor)
    switch quote {
    case .stringQuote, .multilineStringQuote: break
    default: return nil
    }
    cursor += 1
    var value: [UInt8] = []
    while kind(cursor, is: .stringSegment) {
      value.append(contentsOf: bytes(cursor))
      cursor += 1
    }
    guard kind(cursor, is: quote) else { return nil }
    cursor += 1
    for _ in 0..<pounds {
      guard kind(cursor, is: .rawStringPoundDelimiter) else { return nil }
      cursor += 1
    }
    return (String(decoding: value, as: UTF8.self), cursor)
  }
}

/// Byte spellings of the words the graph passes look for, made once.
enum Word {
  static let `class` = Array("class".utf8)
  static let `where` = Array("where".utf8)
  static let `let` = Array("let".utf8)
  static let `var` = Array("var".utf8)
  static let testable = Array("testable".utf8)
  static let exported = Array("_exported".utf8)
}
