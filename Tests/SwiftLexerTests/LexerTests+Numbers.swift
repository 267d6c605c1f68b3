import SwiftLexer
import Testing

extension LexerTests {
  @Test func integerAndFloatLiterals() {
    #expect(
      lex("1 1_000 0x1F 0o17 0b101") == [
        "integerLiteral 1", "integerLiteral 1_000", "integerLiteral 0x1F", "integerLiteral 0o17",
        "integerLiteral 0b101",
      ])
    #expect(
      lex("1.5 1e10 1.5E-3 0x1p4 0x1.8p-1") == [
        "floatLiteral 1.5", "floatLiteral 1e10", "floatLiteral 1.5E-3", "floatLiteral 0x1p4", "floatLiteral 0x1.8p-1",
      ])
  }

  @Test func integerThenMemberAccess() {
    #expect(lex("1.description") == ["integerLiteral 1", "period .", "identifier description"])
    #expect(lex("0xff.bits") == ["integerLiteral 0xff", "period .", "identifier bits"])
  }

  @Test func tupleIndicesAfterPeriodStayIntegers() {
    #expect(lex("t.0.1") == ["identifier t", "period .", "integerLiteral 0", "period .", "integerLiteral 1"])
  }

  @Test func invalidDigitsStayInsideTheLiteral() {
    #expect(
      lex("12abc 0b12 0xG 0o8") == [
        "integerLiteral 12abc", "integerLiteral 0b12", "integerLiteral 0xG", "integerLiteral 0o8",
      ])
    #expect(lex("1e 1ex") == ["floatLiteral 1e", "floatLiteral 1ex"])
  }

  @Test func negativeNumberIsPrefixOperator() {
    #expect(lex("x = -1") == ["identifier x", "equal =", "prefixOperator -", "integerLiteral 1"])
  }
}
