import SwiftLexer
import Testing

extension LexerTests {
  /// The pieces of `source` carrying `flag`, as `kind text`.
  func flagged(_ source: String, _ flag: Token.Flags) -> [String] {
    let stream = Lexer.tokenize(Array(source.utf8))
    return stream.tokens.filter { $0.flags.contains(flag) && $0.start < $0.end }.map {
      "\($0.kind.name) \(stream.text(of: $0))"
    }
  }

  @Test func closedLiteralsAreNotFlagged() {
    #expect(flagged(##"a = "b" + #"c"# /* d /* e */ */ + /f/"##, .unterminated).isEmpty)
  }

  @Test func stringOpenAtTheLineEndIsUnterminatedOnItsOpeningQuote() {
    #expect(flagged("x = \"abc\ny = \"ok\"", .unterminated) == ["stringQuote \""])
    let stream = Lexer.tokenize(Array("x = \"abc\n".utf8))
    #expect(stream.tokens.first { $0.kind == .stringQuote }?.flags.contains(.unterminated) == true)
  }

  @Test func stringsOpenAtTheEndOfFileAreUnterminated() {
    #expect(flagged("x = \"\"\"\nabc", .unterminated) == ["multilineStringQuote \"\"\""])
    #expect(flagged("x = #\"abc", .unterminated) == ["stringQuote \""])
    #expect(flagged("x = \"a\\(\"b", .unterminated) == ["stringQuote \"", "stringQuote \""])
  }

  @Test func unterminatedBlockCommentIsFlagged() {
    #expect(flagged("a /* b /* c */", .unterminated) == ["blockComment /* b /* c */"])
  }

  @Test func unterminatedExtendedRegexIsFlaggedOnItsFirstPiece() {
    #expect(flagged("#/abc", .unterminated) == ["regexPoundDelimiter #"])
  }

  @Test func loneBacktickIsUnterminated() {
    #expect(flagged("let `a = 1", .unterminated) == ["backtick `"])
  }

  @Test func interpolationCodeIsFlagged() {
    #expect(
      flagged(#"s = "a\(b + "c")d" + e"#, .inInterpolation) == [
        "backslash \\", "leftParen (", "identifier b", "whitespace  ", "binaryOperator +", "whitespace  ",
        "stringQuote \"", "stringSegment c", "stringQuote \"", "rightParen )",
      ])
  }

  @Test func lexicalErrorsAreFlagged() {
    #expect(
      flagged("12abc 0x 0b2 1e 0x1.8 12 0x1p3", .hasError) == [
        "integerLiteral 12abc", "integerLiteral 0x", "integerLiteral 0b2", "floatLiteral 1e", "integerLiteral 0x1.8",
      ])
    #expect(
      flagged(#""a\qb" "\u{110000}" "\u{41}" "ok""#, .hasError) == [
        "stringSegment a\\qb", "stringSegment \\u{110000}",
      ])
    #expect(
      flagged("`` `+` ` ` `ok` ”", .hasError) == ["identifier ``", "identifier `+`", "identifier ` `", "unknown ”"])
  }
}
