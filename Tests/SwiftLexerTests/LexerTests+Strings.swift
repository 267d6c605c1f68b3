import SwiftLexer
import Testing

extension LexerTests {
  @Test func simpleStringIsQuoteSegmentQuote() {
    #expect(lex(#"x = "a b""#) == ["identifier x", "equal =", "stringQuote \"", "stringSegment a b", "stringQuote \""])
  }

  @Test func codeInsideAStringIsNotCode() {
    #expect(
      lex(#""import Combine // not a comment""#) == [
        "stringQuote \"", "stringSegment import Combine // not a comment", "stringQuote \"",
      ])
  }

  @Test func interpolationIsCodeBetweenParens() {
    #expect(
      lex(#""a\(f(x))b""#) == [
        "stringQuote \"", "stringSegment a", "backslash \\", "leftParen (", "identifier f", "leftParen (",
        "identifier x", "rightParen )", "rightParen )", "stringSegment b", "stringQuote \"",
      ])
  }

  @Test func stringInsideInterpolationNests() {
    #expect(lex(#""\("\(1)")""#).filter { $0.hasPrefix("stringQuote") }.count == 4)
  }

  @Test func escapedQuoteDoesNotEndTheString() {
    #expect(lex(#""a\"b" c"#) == ["stringQuote \"", "stringSegment a\\\"b", "stringQuote \"", "identifier c"])
  }

  @Test func escapedNewlineEndsASegment() {
    #expect(lex(#""a\nb""#) == ["stringQuote \"", "stringSegment a\\n", "stringSegment b", "stringQuote \""])
  }

  @Test func rawStringKeepsBackslashesAndNeedsPoundsToInterpolate() {
    #expect(
      lex(##"#"a\(b)\#(c)"#"##) == [
        "rawStringPoundDelimiter #", "stringQuote \"", "stringSegment a\\(b)", "backslash \\",
        "rawStringPoundDelimiter #", "leftParen (", "identifier c", "rightParen )", "stringQuote \"",
        "rawStringPoundDelimiter #",
      ])
  }

  @Test func rawStringQuoteNeedsItsPounds() {
    #expect(
      lex(###"##"a"#b"##"###) == [
        "rawStringPoundDelimiter ##", "stringQuote \"", "stringSegment a\"#b", "stringQuote \"",
        "rawStringPoundDelimiter ##",
      ])
  }

  @Test func multilineStringSplitsSegmentsAfterEachNewline() {
    let source = "\"\"\"\n  one\n  two\n  \"\"\""
    #expect(
      lex(source) == [
        "multilineStringQuote \"\"\"", "stringSegment   one\n", "stringSegment   two\n", "stringSegment   ",
        "multilineStringQuote \"\"\"",
      ])
  }

  @Test func lineContinuationIsTrivia() {
    let pieces = LexerTestSupport.pieces("\"\"\"\na \\\nb\n\"\"\"")
    #expect(pieces.contains("backslashes \\"))
    #expect(pieces.contains("stringSegment a "))
  }

  @Test func quotesInsideMultilineString() {
    #expect(lex("\"\"\"\n\"a\" \"\" \\\"\"\"\n\"\"\"").filter { $0.hasPrefix("multilineStringQuote") }.count == 2)
  }

  @Test func singleQuotesAreLexedAsALiteral() {
    #expect(lex("'a'") == ["singleQuote '", "stringSegment a", "singleQuote '"])
  }

  @Test func unterminatedStringEndsAtTheLineEnd() {
    #expect(lex("\"abc\nlet x") == ["stringQuote \"", "stringSegment abc", "keyword let", "identifier x"])
  }

  @Test func unterminatedInterpolationEndsAtTheLineEnd() {
    #expect(
      lex("\"a\\(b\nlet") == [
        "stringQuote \"", "stringSegment a", "backslash \\", "leftParen (", "identifier b", "keyword let",
      ])
  }

  @Test func unterminatedMultilineStringRunsToTheEnd() {
    #expect(lex("\"\"\"\nlet x = 1\n") == ["multilineStringQuote \"\"\"", "stringSegment let x = 1\n"])
  }

  @Test func commentInsideInterpolationIsTrivia() {
    #expect(
      lex(#""\(a /* ) */ )""#) == [
        "stringQuote \"", "backslash \\", "leftParen (", "identifier a", "rightParen )", "stringQuote \"",
      ])
  }
}
