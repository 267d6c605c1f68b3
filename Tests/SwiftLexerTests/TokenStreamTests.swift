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

  @Test func longTokensAndFlagsReadBackFromTheirSparseTables() {
    // Tokens of 254, 255, 256 and 70,000 bytes, flagged tokens (interpolated code, an
    // unterminated string) between plain ones.
    let source =
      "a" + String(repeating: "b", count: 253) + " " + String(repeating: "c", count: 255) + " \""
      + String(repeating: "d", count: 256) + "\\(x + y)\" " + String(repeating: "e", count: 70_000) + " \"open"
    let stream = Lexer.tokenize(Array(source.utf8))
    let pieces = stream.tokens.filter {
      !$0.kind.isTrivia && $0.kind != .endOfFile && !($0.start == $0.end && $0.kind == .stringSegment)
    }
    #expect(pieces.count == stream.significantCount)
    for (position, piece) in pieces.enumerated() {
      #expect(stream.significantToken(position) == piece)
      #expect(stream.length(position) == Int(piece.length))
      #expect(stream.end(position) == piece.end)
      #expect(stream.flags(position) == piece.flags)
    }
    #expect(pieces.map(\.length).contains(70_000))
    #expect(pieces.contains { $0.length == 255 } && pieces.contains { $0.length == 254 })
    #expect(pieces.contains { $0.flags.contains(.inInterpolation) })
    #expect(pieces.contains { $0.flags.contains(.unterminated) })
    #expect(stream.longTokens.count == 3)
  }
}
