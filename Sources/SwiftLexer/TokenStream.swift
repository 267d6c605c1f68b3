/// The lexed form of one file: its bytes, every piece in order, and the matcher's view.
///
/// Stored as the significant tokens (the pieces a pattern can see: no trivia, no empty string
/// segments, no end of file) in columns, `kinds`, `starts` and `lengths` (one byte; the rare
/// longer tokens in a sparse table, like the rare flags), indexed by *position*, plus the other pieces (`trivia`), each with the number of significant tokens
/// before it. The columns are what every reader walks, so the detectors share them instead of
/// copying them; a whole-`Token` array of every piece cost 12 bytes a piece on top.
///
/// Still lossless: `tokens` merges the two back into every piece in order, contiguous from 0 to
/// `source.count`. `partner` pairs each bracket with its match, so that skipping a bracketed
/// group is one index jump.
package struct TokenStream: Sendable {
  /// The file's bytes, exactly as read.
  package let source: [UInt8]
  /// For each significant position: its kind.
  package let kinds: [TokenKind]
  /// For each significant position: the byte offset where its token starts.
  package let starts: [UInt32]
  /// For each significant position: its byte length when below 255; 255 means "look in
  /// `longLengths`" (`length(_:)` does). Four bytes of end offset a token were 4 of its 20.
  package let lengths: [UInt8]
  /// The positions, ascending, of the tokens of 255 bytes or more, and their lengths.
  package let longTokens: [Int32]
  package let longLengths: [UInt32]
  /// The positions, ascending, of the significant tokens with flags, and those flags (most
  /// tokens have none).
  package let flaggedPositions: [Int32]
  package let flaggedFlags: [Token.Flags]
  /// For each significant position `i`, the position of the bracket that closes or opens the
  /// bracket at `i`, or -1 when the token is not a bracket or has no partner.
  package let partner: [Int32]
  /// The pieces that are not significant (trivia, empty string segments, the end of file), in
  /// source order.
  package let trivia: [Token]
  /// For each piece of `trivia`: how many significant tokens come before it.
  package let triviaBefore: [Int32]

  /// Builds the stream from every piece in order (the lexer's fallback for huge inputs, tests).
  package init(source: [UInt8], tokens: [Token]) {
    var buffer = TokenBuffer(inputCount: 0)
    for token in tokens { buffer.append(token) }
    self = buffer.moveToStream(source: source)
  }

  /// Builds the stream from the columns the lexer filled, and pairs the brackets.
  ///
  /// Brackets are paired with an explicit stack threaded through `partner` (never recursion,
  /// so 100,000 nested brackets cost nothing more). A closer that does not match the innermost
  /// opener is left unpaired, and so is an opener still open at the end of the file.
  init(
    source: [UInt8], kinds: [TokenKind], starts: [UInt32], lengths: [UInt8], longTokens: [Int32],
    longLengths: [UInt32], flaggedPositions: [Int32], flaggedFlags: [Token.Flags], others: [Token],
    othersBefore: [Int32]
  ) {
    self.source = source
    self.kinds = kinds
    self.starts = starts
    self.lengths = lengths
    self.longTokens = longTokens
    self.longLengths = longLengths
    self.flaggedPositions = flaggedPositions
    self.flaggedFlags = flaggedFlags
    self.trivia = others
    self.triviaBefore = othersBefore
    let count = kinds.count
    partner = kinds.withUnsafeBufferPointer { kinds in
      [Int32](unsafeUninitializedCapacity: count) { partner, partnerCount in
        // The stack of open brackets lives in `partner` itself: an opener's entry holds the
        // position of the opener below it (-1 at the bottom) until its closer overwrites it,
        // and `top` is the innermost one. An `Array` stack checked uniqueness on every push.
        var top = -1
        for position in 0..<count {
          let kind = kinds[position]
          switch kind {
          case .leftParen, .leftSquare, .leftBrace:
            partner.initializeElement(at: position, to: Int32(truncatingIfNeeded: top))
            top = position
          case .rightParen, .rightSquare, .rightBrace:
            partner.initializeElement(at: position, to: -1)
            if top >= 0, Self.closer(of: kinds[top]) == kind {
              let below = Int(partner[top])
              partner[top] = Int32(truncatingIfNeeded: position)
              partner[position] = Int32(truncatingIfNeeded: top)
              top = below
            }
          default:
            partner.initializeElement(at: position, to: -1)
          }
        }
        // Openers never closed: unpaired.
        while top >= 0 {
          let below = Int(partner[top])
          partner[top] = -1
          top = below
        }
        partnerCount = count
      }
    }
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

  /// The number of significant tokens.
  @inlinable
  package var significantCount: Int { kinds.count }

  /// The byte length of the significant token at `position`.
  @inlinable @inline(__always)
  package func length(_ position: Int) -> Int {
    let short = lengths[position]
    return short != 0xFF ? Int(short) : longLength(position)
  }

  /// The length of a token of 255 bytes or more, from the sparse table.
  @usableFromInline
  func longLength(_ position: Int) -> Int {
    guard let index = Self.search(longTokens, position) else { return 0xFF }
    return Int(longLengths[index])
  }

  /// The byte offset just past the significant token at `position`.
  @inlinable @inline(__always)
  package func end(_ position: Int) -> UInt32 {
    starts[position] &+ UInt32(truncatingIfNeeded: length(position))
  }

  /// The flags of the significant token at `position` (a binary search of the few flagged).
  package func flags(_ position: Int) -> Token.Flags {
    guard let index = Self.search(flaggedPositions, position) else { return [] }
    return flaggedFlags[index]
  }

  /// The index of `position` in the ascending `positions`, nil when absent.
  static func search(_ positions: [Int32], _ position: Int) -> Int? {
    var low = 0
    var high = positions.count
    let target = Int32(truncatingIfNeeded: position)
    while low < high {
      let middle = (low + high) / 2
      if positions[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low < positions.count && positions[low] == target ? low : nil
  }

  /// The significant token at `position` without its flags (`[]`): what the matcher and the
  /// graph read, inlined and with no search of the sparse flags.
  @inlinable @inline(__always)
  package func codeToken(_ position: Int) -> Token {
    Token(kind: kinds[position], start: starts[position], end: end(position))
  }

  /// The significant token at `position`, flags included.
  package func significantToken(_ position: Int) -> Token {
    Token(kind: kinds[position], flags: flags(position), start: starts[position], end: end(position))
  }

  /// Every significant token in order (built on each call: for tests and small inputs).
  package var significantTokens: [Token] {
    (0..<significantCount).map(significantToken)
  }

  /// Every piece in order, trivia included, contiguous from 0 to `source.count` (built on each
  /// call: for dumps, tests and patterns, never the per-file hot path).
  package var tokens: [Token] {
    var pieces: [Token] = []
    pieces.reserveCapacity(significantCount + trivia.count)
    var position = 0
    for index in trivia.indices {
      let before = Int(triviaBefore[index])
      while position < before {
        pieces.append(significantToken(position))
        position += 1
      }
      pieces.append(trivia[index])
    }
    while position < significantCount {
      pieces.append(significantToken(position))
      position += 1
    }
    return pieces
  }

  /// The number of pieces, trivia included.
  package var pieceCount: Int { significantCount + trivia.count }

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
