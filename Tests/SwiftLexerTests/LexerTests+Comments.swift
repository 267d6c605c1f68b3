import SwiftLexer
import Testing

extension LexerTests {
  @Test func commentKinds() {
    #expect(
      LexerTestSupport.pieces("// a\n/// b\n/* c */ /** d */ /**/") == [
        "lineComment // a", "newline \n", "docLineComment /// b", "newline \n", "blockComment /* c */",
        "whitespace  ", "docBlockComment /** d */", "whitespace  ", "blockComment /**/",
      ])
  }

  @Test func blockCommentsNest() {
    #expect(lex("a /* x /* y */ z */ b") == ["identifier a", "identifier b"])
  }

  @Test func unterminatedBlockCommentRunsToTheEnd() {
    #expect(LexerTestSupport.pieces("a /* b /* c */") == ["identifier a", "whitespace  ", "blockComment /* b /* c */"])
  }

  @Test func codeInCommentsIsNotCode() {
    #expect(lex("// import Combine\n/* sink { } */") == [])
  }

  @Test func commentEndsAnOperator() {
    #expect(lex("a+// c") == ["identifier a", "postfixOperator +"])
    // The comment right after the operator counts as whitespace, so `+` is bound on neither side.
    #expect(lex("a +/* c */b") == ["identifier a", "binaryOperator +", "identifier b"])
  }

  @Test func crlfAndLoneCRAreNewlines() {
    #expect(
      LexerTestSupport.pieces("a\r\nb\rc") == [
        "identifier a", "newline \r\n", "identifier b", "newline \r", "identifier c",
      ])
  }
}
