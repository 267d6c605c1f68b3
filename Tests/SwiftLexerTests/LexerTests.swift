import SwiftLexer
import Testing

/// Small inline cases, one topic per extension file (`LexerTests+Strings.swift`, …). Each
/// expectation lists the significant tokens as `kind text`; the behaviour follows
/// swift-syntax's lexer, whose reasoning the test names spell out.
@Suite struct LexerTests {
  /// Shorthand for `LexerTestSupport.significant`.
  func lex(_ source: String) -> [String] { LexerTestSupport.significant(source) }

  @Test func keywordsAreTheLexerClassifiedOnes() {
    #expect(lex("let var func") == ["keyword let", "keyword var", "keyword func"])
    #expect(lex("Self self Any") == ["keyword Self", "keyword self", "keyword Any"])
  }

  @Test func contextualKeywordsAreIdentifiers() {
    let words = "actor async await some any get set package macro consume borrowing prefix override open"
    #expect(lex(words).allSatisfy { $0.hasPrefix("identifier ") })
  }

  @Test func underscoreAloneIsWildcard() {
    #expect(lex("_ _x x_") == ["wildcard _", "identifier _x", "identifier x_"])
  }

  @Test func dollarIdentifiers() {
    #expect(
      lex("$0 $12 $x $0abc $") == [
        "dollarIdentifier $0", "dollarIdentifier $12", "identifier $x", "identifier $0abc", "dollarIdentifier $",
      ])
  }

  @Test func backtickIdentifiers() {
    #expect(lex("`class` `with space` `") == ["identifier `class`", "identifier `with space`", "backtick `"])
  }

  @Test func unicodeIdentifiersAndOperators() {
    #expect(
      lex("let café = a ∘ b") == [
        "keyword let", "identifier café", "equal =", "identifier a", "binaryOperator ∘", "identifier b",
      ])
  }

  @Test func editorPlaceholderIsIdentifier() {
    #expect(lex("f(<#value#>)") == ["identifier f", "leftParen (", "identifier <#value#>", "rightParen )"])
  }

  @Test func punctuation() {
    #expect(
      lex("@a: b::c; d, e\\") == [
        "atSign @", "identifier a", "colon :", "identifier b", "colonColon ::", "identifier c", "semicolon ;",
        "identifier d", "comma ,", "identifier e", "backslash \\",
      ])
  }

  @Test func byteOrderMarkIsUnexpectedTrivia() {
    #expect(LexerTestSupport.pieces("\u{FEFF}let") == ["unexpectedText \u{FEFF}", "keyword let"])
  }

  @Test func conflictMarkerBlockIsOneUnexpectedPiece() {
    let source = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> other\nd"
    #expect(lex(source) == ["identifier a", "identifier d"])
    #expect(LexerTestSupport.pieces(source).contains("unexpectedText <<<<<<< HEAD\nb\n=======\nc\n>>>>>>> other"))
  }

  @Test func conflictMarkerNeedsItsEnd() {
    #expect(lex("<<<<<<< HEAD\n") == ["binaryOperator <<<<<<<", "identifier HEAD"])
  }

  @Test func invalidBytesAreUnexpectedTrivia() {
    let stream = Lexer.tokenize([0x61, 0x20, 0xFF, 0xFE, 0x00, 0x20, 0x62])
    let kinds = stream.tokens.map(\.kind)
    #expect(kinds == [.identifier, .whitespace, .unexpectedText, .whitespace, .identifier, .endOfFile])
  }

  @Test func shebangOnlyAtTheStart() {
    #expect(lex("#!/usr/bin/swift\nx") == ["shebang #!/usr/bin/swift", "identifier x"])
    #expect(lex("x\n#!y") == ["identifier x", "pound #", "exclamationMark !", "identifier y"])
  }
}
