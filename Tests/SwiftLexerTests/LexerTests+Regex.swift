import SwiftLexer
import Testing

extension LexerTests {
  @Test func slashAfterEqualIsRegex() {
    #expect(
      lex("let r = /a+b/") == [
        "keyword let", "identifier r", "equal =", "regexSlash /", "regexPattern a+b", "regexSlash /",
      ])
  }

  @Test func slashAfterIdentifierIsDivision() {
    #expect(
      lex("a / b / c") == ["identifier a", "binaryOperator /", "identifier b", "binaryOperator /", "identifier c"])
  }

  @Test func slashAfterLiteralIsDivision() {
    #expect(
      lex("x = 4 / 2") == ["identifier x", "equal =", "integerLiteral 4", "binaryOperator /", "integerLiteral 2"])
  }

  @Test func regexAsArgument() {
    #expect(
      lex("f(/a/, /b/)") == [
        "identifier f", "leftParen (", "regexSlash /", "regexPattern a", "regexSlash /", "comma ,", "regexSlash /",
        "regexPattern b", "regexSlash /", "rightParen )",
      ])
  }

  @Test func prefixOperatorBeforeRegexIsSplitOff() {
    #expect(
      lex("x = -/a/") == [
        "identifier x", "equal =", "prefixOperator -", "regexSlash /", "regexPattern a", "regexSlash /",
      ])
  }

  @Test func spaceAfterOpeningSlashIsNotRegex() {
    #expect(lex("(/ a /)") == ["leftParen (", "binaryOperator /", "identifier a", "binaryOperator /", "rightParen )"])
  }

  @Test func unbalancedParenthesisIsNotRegex() {
    #expect(lex("(x /y)") == ["leftParen (", "identifier x", "prefixOperator /", "identifier y", "rightParen )"])
  }

  @Test func regexMayContainEscapedSlash() {
    #expect(lex(#"r = /a\/b/"#) == ["identifier r", "equal =", "regexSlash /", "regexPattern a\\/b", "regexSlash /"])
  }

  @Test func regexClosesAtFirstUnescapedSlashEvenInACharacterClass() {
    // swift-syntax checks for the closing `/` before it looks at `[` depth.
    #expect(
      lex(#"r = /a[/]"#) == [
        "identifier r", "equal =", "regexSlash /", "regexPattern a[", "regexSlash /", "rightSquare ]",
      ])
  }

  @Test func extendedRegexLiteral() {
    #expect(
      lex("#/a b/#") == [
        "regexPoundDelimiter #", "regexSlash /", "regexPattern a b", "regexSlash /", "regexPoundDelimiter #",
      ])
  }

  @Test func multilineExtendedRegexLiteral() {
    #expect(
      lex("#/\n  a\n/#") == [
        "regexPoundDelimiter #", "regexSlash /", "regexPattern \n  a\n", "regexSlash /", "regexPoundDelimiter #",
      ])
  }

  @Test func operatorDeclarationNamesAreNotRegex() {
    #expect(lex("operator /^/") == ["keyword operator", "binaryOperator /^/"])
    #expect(lex("func /^/ (") == ["keyword func", "binaryOperator /^/", "leftParen ("])
  }

  @Test func tryQuestionPrefersRegex() {
    #expect(
      lex("try? /^ x/") == ["keyword try", "postfixQuestionMark ?", "regexSlash /", "regexPattern ^ x", "regexSlash /"])
  }

  @Test func regexAtStartOfFile() {
    #expect(lex("/ a /") == ["regexSlash /", "regexPattern  a ", "regexSlash /"])
  }

  @Test func regexLiteralHidesQuotesButYieldsToAComment() {
    #expect(lex("r = /a//b") == ["identifier r", "equal =", "prefixOperator /", "identifier a"])
    #expect(lex(#"r = /a"b/"#) == ["identifier r", "equal =", "regexSlash /", "regexPattern a\"b", "regexSlash /"])
  }
}
