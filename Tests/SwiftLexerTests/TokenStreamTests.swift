import SwiftLexer
import Testing

@Suite struct TokenStreamTests {
  @Test func significantSkipsTriviaAndEmptySegments() {
    let stream = Lexer.tokenize(Array("a /* c */ \"\" // d\n b".utf8))
    let kinds = stream.kinds
    #expect(kinds == [.identifier, .stringQuote, .stringQuote, .identifier])
    #expect(stream.tokens.contains { $0.kind == .stringSegment && $0.start == $0.end })
  }

  @Test func partnerPairsBrackets() {
    let stream = Lexer.tokenize(Array("f(a[b]{c})".utf8))
    // f ( a [ b ] { c } )
    #expect(stream.partner == [-1, 9, -1, 5, -1, 3, 8, -1, 6, 1])
  }

  @Test func unbalancedBracketsStayUnpaired() {
    let stream = Lexer.tokenize(Array("( ] ) ( [".utf8))
    #expect(stream.partner == [2, -1, 0, -1, -1])
  }

  @Test func interpolationParensPair() {
    let stream = Lexer.tokenize(Array(#""\(a)""#.utf8))
    let kinds = stream.kinds
    let open = kinds.firstIndex(of: .leftParen)
    let close = kinds.firstIndex(of: .rightParen)
    #expect(open != nil && close != nil)
    if let open, let close { #expect(stream.partner[open] == Int32(close)) }
  }

  @Test func textOfToken() {
    let stream = Lexer.tokenize(Array("let café".utf8))
    let token = stream.significantToken(1)
    #expect(stream.text(of: token) == "café")
    #expect(stream.token(token, is: Array("café".utf8)))
  }
}
