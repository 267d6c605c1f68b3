import SwiftLexer
import Testing

extension LexerTests {
  @Test func compilationDirectives() {
    #expect(
      lex("#if os(iOS)\n#elseif DEBUG\n#else\n#endif") == [
        "poundDirective #if", "identifier os", "leftParen (", "identifier iOS", "rightParen )",
        "poundDirective #elseif", "identifier DEBUG", "poundDirective #else", "poundDirective #endif",
      ])
  }

  @Test func availabilityDirectives() {
    #expect(
      lex("#available #unavailable #sourceLocation") == [
        "poundDirective #available", "poundDirective #unavailable", "poundDirective #sourceLocation",
      ])
  }

  @Test func otherPoundWordsArePoundAndIdentifier() {
    #expect(
      lex("#selector(f) #file #warning #_hasSymbol #Preview") == [
        "pound #", "identifier selector", "leftParen (", "identifier f", "rightParen )", "pound #", "identifier file",
        "pound #", "identifier warning", "pound #", "identifier _hasSymbol", "pound #", "identifier Preview",
      ])
  }

  @Test func attributesAreAtSignAndIdentifier() {
    #expect(lex("@Published var x") == ["atSign @", "identifier Published", "keyword var", "identifier x"])
  }
}
