/// The lexed form of one file: its bytes, every piece in order, and the matcher's view.
///
/// `tokens` is lossless: the pieces are contiguous, start at 0 and end at `source.count`.
/// `significant` lists the indices of the pieces a pattern can see (no trivia, no empty string
/// segments), and `partner` pairs each bracket in that view with its match, so that skipping a
/// bracketed group is one index jump.
package struct TokenStream: Sendable {
  /// The file's bytes, exactly as read.
  package let source: [UInt8]
  /// Every piece, trivia included, in source order.
  package let tokens: [Token]
  /// Indices into `tokens` of the significant tokens, in order.
  package let significant: [Int32]
  /// For each position `i` of `significant`, the position of the bracket that closes or opens
  /// the bracket at `i`, or -1 when the token is not a bracket or has no partner.
  package let partner: [Int32]

  /// Builds the stream from pieces the lexer produced.
  package init(source: [UInt8], tokens: [Token]) {
    self.source = source
    self.tokens = tokens
    var significant: [Int32] = []
    significant.reserveCapacity(tokens.count / 2 + 1)
    for (index, token) in tokens.enumerated() where !token.kind.isTrivia && token.kind != .endOfFile {
      if token.start == token.end && token.kind == .stringSegment { continue }
      significant.append(Int32(index))
    }
    self.significant = significant
    self.partner = TokenStream.pairBrackets(tokens: tokens, significant: significant)
  }

  /// Pairs `(`/`)`, `[`/`]` and `{`/`}` with an explicit stack (never recursion, so 100,000
  /// nested brackets cost nothing more than memory). A closer that does not match the innermost
  /// opener is left unpaired, and so is an opener still open at the end of the file.
  private static func pairBrackets(tokens: [Token], significant: [Int32]) -> [Int32] {
    var partner = [Int32](repeating: -1, count: significant.count)
    var stack: [Int32] = []
    for position in significant.indices {
      let kind = tokens[Int(significant[position])].kind
      switch kind {
      case .leftParen, .leftSquare, .leftBrace:
        stack.append(Int32(position))
      case .rightParen, .rightSquare, .rightBrace:
        guard let top = stack.last else { continue }
        let opener = tokens[Int(significant[Int(top)])].kind
        let matches =
          (opener == .leftParen && kind == .rightParen) || (opener == .leftSquare && kind == .rightSquare)
          || (opener == .leftBrace && kind == .rightBrace)
        if matches {
          stack.removeLast()
          partner[Int(top)] = Int32(position)
          partner[position] = top
        }
      default:
        continue
      }
    }
    return partner
  }

  /// The significant token at position `position` of `significant`.
  @inlinable
  package func significantToken(_ position: Int) -> Token {
    tokens[Int(significant[position])]
  }

  /// The bytes of `token`.
  @inlinable
  package func bytes(of token: Token) -> ArraySlice<UInt8> {
    source[token.range]
  }

  /// The text of `token`, with invalid UTF-8 repaired. For reports, never for the hot path.
  package func text(of token: Token) -> String {
    String(decoding: source[token.range], as: UTF8.self)
  }

  /// True when the bytes of `token` are exactly `literal`.
  @inlinable
  package func token(_ token: Token, is literal: [UInt8]) -> Bool {
    guard Int(token.length) == literal.count else { return false }
    return source[token.range].elementsEqual(literal)
  }
}
