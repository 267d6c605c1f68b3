import SwiftLexer
import Testing

@testable import Classify

/// The quotes reasons show: spacing as the source has it, white space inside a token collapsed,
/// a cut that closes what it opened, and character counts that see a name's letters, not its
/// bytes.
@Suite struct SnippetTests {
  private func quote(_ source: String, maxTokens: Int = Snippet.maxTokens, maxCharacters: Int = 100) -> String {
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    return Snippet.text(view, from: 0, to: view.count - 1, maxTokens: maxTokens, maxCharacters: maxCharacters)
  }

  @Test func followsTheSourceSpacingAndJoinsAReflowedChain() {
    #expect(
      quote("viewModel.$title\n  .debounce(for: 0.3)\n  .sink { }") == "viewModel.$title.debounce(for: 0.3).sink { }")
    #expect(quote("a  /* why */ + b") == "a + b")
  }

  @Test func collapsesWhiteSpaceInsideAToken() {
    #expect(quote("print(\"a\t\tb\")") == "print(\"a b\")")
  }

  @Test func cutsInsideAClosureOrAnArgumentListAndClosesIt() {
    #expect(quote("events.sink { [weak self] value in self?.apply(value) }", maxTokens: 6) == "events.sink { … }")
    let debounce = "$query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)"
    #expect(quote(debounce, maxTokens: 5) == "$query.debounce(for …)")
  }

  /// `café` is four characters in five bytes: counted by bytes, the quote would be cut one
  /// token early.
  @Test func countsCharactersNotBytes() {
    #expect(quote("café + b", maxCharacters: 8) == "café + b")
    #expect(quote("cafe + bb", maxCharacters: 8) == "cafe + …")
  }
}
