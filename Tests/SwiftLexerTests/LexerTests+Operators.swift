import SwiftLexer
import Testing

extension LexerTests {
  @Test func boundnessDecidesTheOperatorKind() {
    #expect(lex("a + b") == ["identifier a", "binaryOperator +", "identifier b"])
    #expect(lex("a+b") == ["identifier a", "binaryOperator +", "identifier b"])
    #expect(lex("-a") == ["prefixOperator -", "identifier a"])
    #expect(lex("a- b") == ["identifier a", "postfixOperator -", "identifier b"])
  }

  @Test func openersAndSeparatorsDoNotBindOnTheLeft() {
    #expect(
      lex("(-a, -b)") == [
        "leftParen (", "prefixOperator -", "identifier a", "comma ,", "prefixOperator -", "identifier b",
        "rightParen )",
      ])
  }

  @Test func commentCountsAsWhitespaceForBoundness() {
    #expect(lex("a/**/+b") == ["identifier a", "prefixOperator +", "identifier b"])
  }

  @Test func exclamationAfterOperandIsForceUnwrap() {
    #expect(lex("b!=c") == ["identifier b", "exclamationMark !", "equal =", "identifier c"])
    #expect(lex("!b") == ["prefixOperator !", "identifier b"])
    #expect(lex("a != b") == ["identifier a", "binaryOperator !=", "identifier b"])
  }

  @Test func questionMarkKinds() {
    #expect(lex("a?.b") == ["identifier a", "postfixQuestionMark ?", "period .", "identifier b"])
    #expect(lex("a ? b : c") == ["identifier a", "infixQuestionMark ?", "identifier b", "colon :", "identifier c"])
    #expect(lex("a ?? b") == ["identifier a", "binaryOperator ??", "identifier b"])
  }

  @Test func reservedOperatorSpellings() {
    #expect(lex("f() -> T") == ["identifier f", "leftParen (", "rightParen )", "arrow ->", "identifier T"])
    #expect(lex("x = &y") == ["identifier x", "equal =", "prefixAmpersand &", "identifier y"])
    #expect(lex("a & b") == ["identifier a", "binaryOperator &", "identifier b"])
    #expect(lex("a ==b") == ["identifier a", "prefixOperator ==", "identifier b"])
  }

  @Test func dotContinuesOnlyOperatorsThatStartWithDot() {
    #expect(lex("a...b") == ["identifier a", "binaryOperator ...", "identifier b"])
    #expect(lex("a..<b") == ["identifier a", "binaryOperator ..<", "identifier b"])
    #expect(lex("x+.y") == ["identifier x", "postfixOperator +", "period .", "identifier y"])
    #expect(lex("a.b") == ["identifier a", "period .", "identifier b"])
  }

  @Test func closingBlockCommentInOperatorIsUnknown() {
    #expect(lex("a */ b") == ["identifier a", "unknown */", "identifier b"])
  }
}
