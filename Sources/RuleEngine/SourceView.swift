import SwiftLexer

/// A lexed file as the matcher sees it: significant tokens grouped into units.
///
/// A *unit* is what a metavariable binds and what `$$$` steps over: one code token, one
/// bracketed group (via `TokenStream.partner`, a single jump), or one whole string or regex
/// literal. Closers, unpaired brackets and literal pieces are not units: nothing can step over
/// them, so no match crosses a closer of an enclosing group or the edge of a literal.
///
/// A class: each of a file's pattern runners holds the view, and a struct's copy retained the
/// stream's arrays and the literal tables one by one (470,000 retains on the generated million
/// lines).
final class SourceView {
  let stream: TokenStream
  let literals: LiteralStructure
  /// The number of significant tokens.
  let count: Int

  init(_ stream: TokenStream) {
    self.stream = stream
    self.literals = LiteralStructure(stream)
    self.count = stream.significantCount
  }

  /// The significant token at `position`, without flags (the matcher never reads them).
  ///
  /// `TokenStream.codeToken`, inlined: the matcher calls it for nearly every step, and a call
  /// per step showed in the profile.
  @inline(__always)
  func token(at position: Int) -> Token { stream.codeToken(position) }

  @inline(__always)
  func kind(_ position: Int) -> TokenKind { stream.kinds[position] }

  /// The last position of the unit that starts at `position`, or nil when none starts there.
  func unitEnd(_ position: Int) -> Int? {
    if literals.isPiece[position] {
      let last = Int(literals.partner[position])
      return last > position ? last : nil
    }
    switch kind(position) {
    case .leftParen, .leftSquare, .leftBrace:
      let closer = Int(stream.partner[position])
      return closer > position ? closer : nil
    case .rightParen, .rightSquare, .rightBrace:
      return nil
    default:
      return position
    }
  }

  /// The first position of the unit that ends at `position`, or nil when none ends there.
  func unitStart(_ position: Int) -> Int? {
    if literals.isPiece[position] {
      let first = Int(literals.partner[position])
      return first >= 0 && first < position ? first : nil
    }
    switch kind(position) {
    case .rightParen, .rightSquare, .rightBrace:
      let opener = Int(stream.partner[position])
      return opener >= 0 && opener < position ? opener : nil
    case .leftParen, .leftSquare, .leftBrace:
      return nil
    default:
      return position
    }
  }

  /// True when the token at `position` matches a literal pattern token.
  func matches(_ literal: Pattern.Literal, at position: Int) -> Bool {
    let token = self.token(at: position)
    switch literal.tokenClass {
    case .word:
      switch token.kind {
      case .identifier, .keyword, .dollarIdentifier, .wildcard:
        return Self.equal(stream.source[token.range], literal.bytes, strippingBackticks: true)
      default:
        return false
      }
    case .symbol:
      guard PatternCompiler.literalClass(token.kind) == .symbol else { return false }
      return stream.token(token, is: literal.bytes)
    case .exact(let kind):
      return token.kind == kind && stream.token(token, is: literal.bytes)
    }
  }

  /// True when the tokens at `first...last` spell the same text as those at `other`
  /// (token by token, so whitespace and comments between them do not count).
  func sameText(_ first: Range<Int>, _ other: Range<Int>) -> Bool {
    guard first.count == other.count else { return false }
    for (lhs, rhs) in zip(first, other) {
      let left = token(at: lhs)
      let right = token(at: rhs)
      guard stream.source[left.range].elementsEqual(stream.source[right.range]) else { return false }
    }
    return true
  }

  /// The bytes spanned by significant positions `positions` (empty: where they would start).
  func byteRange(_ positions: Range<Int>) -> Range<Int> {
    guard let first = positions.first, let last = positions.last else {
      let offset =
        positions.lowerBound < count ? Int(token(at: positions.lowerBound).start) : stream.source.count
      return offset..<offset
    }
    return Int(token(at: first).start)..<Int(token(at: last).end)
  }

  static func equal(_ bytes: ArraySlice<UInt8>, _ literal: [UInt8], strippingBackticks: Bool) -> Bool {
    let backtick = UInt8(ascii: "`")
    if strippingBackticks, bytes.count >= 2, bytes.first == backtick, bytes.last == backtick {
      return bytes.dropFirst().dropLast().elementsEqual(literal)
    }
    return bytes.elementsEqual(literal)
  }
}
