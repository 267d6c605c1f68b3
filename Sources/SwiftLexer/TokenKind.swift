/// The kind of one lexical piece: a token the parser would see, or a piece of trivia.
///
/// The names of the significant kinds are the vocabulary of swift-syntax's raw lexer
/// (`TokenKind`) as the lexer vectors in `Fixtures/lexer/` spell them, so a token dump can be
/// compared with the official lexer's output line for line. Trivia kinds follow swift-syntax's
/// `TriviaPiece` names.
package enum TokenKind: UInt8, Sendable, CaseIterable {
  // MARK: Significant tokens

  case arrow
  case atSign
  case backslash
  /// A backtick with no partner on its line (a complete `` `name` `` is an identifier).
  case backtick
  case binaryOperator
  case colon
  case colonColon
  case comma
  case dollarIdentifier
  case endOfFile
  case equal
  case exclamationMark
  case floatLiteral
  case identifier
  case infixQuestionMark
  case integerLiteral
  case keyword
  case leftBrace
  case leftParen
  case leftSquare
  case multilineStringQuote
  case period
  case postfixOperator
  case postfixQuestionMark
  case pound
  /// `#if`, `#elseif`, `#else`, `#endif`, `#available`, `#unavailable`, `#sourceLocation`.
  case poundDirective
  case prefixAmpersand
  case prefixOperator
  case rawStringPoundDelimiter
  case regexPattern
  case regexPoundDelimiter
  case regexSlash
  case rightBrace
  case rightParen
  case rightSquare
  case semicolon
  case shebang
  case singleQuote
  case stringQuote
  case stringSegment
  /// Bytes the lexer could not make sense of; the scan goes on after them.
  case unknown
  case wildcard

  // MARK: Trivia

  /// Spaces, tabs, vertical tabs and form feeds.
  case whitespace
  /// `\n`, `\r` or `\r\n` (one piece per newline sequence run).
  case newline
  case lineComment
  case blockComment
  case docLineComment
  case docBlockComment
  /// A backslash that continues a line inside a multi-line string (swift-syntax's `backslashes`).
  case backslashes
  /// The `#`s between that backslash and the newline in a raw multi-line string
  /// (swift-syntax's `pounds`).
  case pounds
  /// Text the lexer skips: a byte-order mark, a conflict marker block, stray bytes.
  case unexpectedText

  /// Compares raw values. Written out and `@inlinable` because the synthesized `==` is not
  /// visible to other modules' optimiser: every `kind == .identifier` in the matcher and the
  /// classifier went through the generic `Equatable` witness (about 6% of a scan's CPU).
  @inlinable
  package static func == (lhs: TokenKind, rhs: TokenKind) -> Bool { lhs.rawValue == rhs.rawValue }

  /// True for whitespace, newlines, comments and skipped text: what a pattern never sees.
  @inlinable
  package var isTrivia: Bool { rawValue >= TokenKind.whitespace.rawValue }

  /// True for comments of any kind.
  @inlinable
  package var isComment: Bool {
    switch self {
    case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
    default: return false
    }
  }

  /// True for the pieces that make up the inside of a string or regex literal (not the code
  /// inside an interpolation).
  @inlinable
  package var isLiteralContent: Bool {
    switch self {
    case .stringSegment, .regexPattern: return true
    default: return false
    }
  }

  /// The name used in token dumps, the same as the official lexer's.
  package var name: String {
    switch self {
    case .arrow: return "arrow"
    case .atSign: return "atSign"
    case .backslash: return "backslash"
    case .backtick: return "backtick"
    case .binaryOperator: return "binaryOperator"
    case .colon: return "colon"
    case .colonColon: return "colonColon"
    case .comma: return "comma"
    case .dollarIdentifier: return "dollarIdentifier"
    case .endOfFile: return "endOfFile"
    case .equal: return "equal"
    case .exclamationMark: return "exclamationMark"
    case .floatLiteral: return "floatLiteral"
    case .identifier: return "identifier"
    case .infixQuestionMark: return "infixQuestionMark"
    case .integerLiteral: return "integerLiteral"
    case .keyword: return "keyword"
    case .leftBrace: return "leftBrace"
    case .leftParen: return "leftParen"
    case .leftSquare: return "leftSquare"
    case .multilineStringQuote: return "multilineStringQuote"
    case .period: return "period"
    case .postfixOperator: return "postfixOperator"
    case .postfixQuestionMark: return "postfixQuestionMark"
    case .pound: return "pound"
    case .poundDirective: return "poundDirective"
    case .prefixAmpersand: return "prefixAmpersand"
    case .prefixOperator: return "prefixOperator"
    case .rawStringPoundDelimiter: return "rawStringPoundDelimiter"
    case .regexPattern: return "regexPattern"
    case .regexPoundDelimiter: return "regexPoundDelimiter"
    case .regexSlash: return "regexSlash"
    case .rightBrace: return "rightBrace"
    case .rightParen: return "rightParen"
    case .rightSquare: return "rightSquare"
    case .semicolon: return "semicolon"
    case .shebang: return "shebang"
    case .singleQuote: return "singleQuote"
    case .stringQuote: return "stringQuote"
    case .stringSegment: return "stringSegment"
    case .unknown: return "unknown"
    case .wildcard: return "wildcard"
    case .whitespace: return "whitespace"
    case .newline: return "newline"
    case .lineComment: return "lineComment"
    case .blockComment: return "blockComment"
    case .docLineComment: return "docLineComment"
    case .docBlockComment: return "docBlockComment"
    case .backslashes: return "backslashes"
    case .pounds: return "pounds"
    case .unexpectedText: return "unexpectedText"
    }
  }
}
