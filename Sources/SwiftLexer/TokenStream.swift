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
    self.init(source: source, tokens: tokens, significantCapacity: tokens.count)
  }

  /// Builds the stream, with `significantCapacity` at least the number of significant pieces
  /// (the lexer counts them as it goes, so the index arrays are allocated once, uninitialised).
  ///
  /// `significant` and `partner` are filled in one pass over the pieces. Brackets are paired
  /// with an explicit stack threaded through `partner` (never recursion, so 100,000 nested
  /// brackets cost nothing more). A closer that does not match the innermost opener is left
  /// unpaired, and so is an opener still open at the end of the file.
  init(source: [UInt8], tokens: [Token], significantCapacity: Int) {
    self.source = source
    self.tokens = tokens
    let capacity = Swift.max(significantCapacity, 0)
    var partner: [Int32] = []
    let significant = tokens.withUnsafeBufferPointer { tokens in
      [Int32](unsafeUninitializedCapacity: capacity) { significant, significantCount in
        partner = [Int32](unsafeUninitializedCapacity: capacity) { partner, partnerCount in
          // The stack of open brackets lives in `partner` itself: an opener's entry holds the
          // position of the opener below it (-1 at the bottom) until its closer overwrites it,
          // and `top` is the innermost one. An `Array` stack checked uniqueness on every push.
          var top = -1
          var position = 0
          for index in tokens.indices {
            let token = tokens[index]
            let kind = token.kind
            if kind.isTrivia || kind == .endOfFile || (token.start == token.end && kind == .stringSegment) {
              continue
            }
            precondition(position < capacity, "significant capacity too small")
            significant.initializeElement(at: position, to: Int32(truncatingIfNeeded: index))
            switch kind {
            case .leftParen, .leftSquare, .leftBrace:
              partner.initializeElement(at: position, to: Int32(truncatingIfNeeded: top))
              top = position
            case .rightParen, .rightSquare, .rightBrace:
              partner.initializeElement(at: position, to: -1)
              if top >= 0, Self.closer(of: tokens[Int(significant[top])].kind) == kind {
                let below = Int(partner[top])
                partner[top] = Int32(truncatingIfNeeded: position)
                partner[position] = Int32(truncatingIfNeeded: top)
                top = below
              }
            default:
              partner.initializeElement(at: position, to: -1)
            }
            position += 1
          }
          // Openers never closed: unpaired.
          while top >= 0 {
            let below = Int(partner[top])
            partner[top] = -1
            top = below
          }
          partnerCount = position
          significantCount = position
        }
      }
    }
    self.significant = significant
    self.partner = partner
  }

  /// The closing bracket kind of the opening bracket `kind`.
  @inline(__always)
  private static func closer(of kind: TokenKind) -> TokenKind {
    switch kind {
    case .leftParen: return .rightParen
    case .leftSquare: return .rightSquare
    default: return .rightBrace
    }
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
