import SwiftLexer
import Testing

@testable import Classify

/// The written type of a publisher declaration, as the facts keep it: tokens joined without
/// spaces (`some`/`any` keep one), up to where the type ends.
@Suite struct PublisherTypeTextTests {
  /// The type text of `source`, which starts with the type.
  private func typeText(_ source: String) -> String {
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    return PublisherFailure.typeText(view, at: 0)
  }

  @Test(
    arguments: [
      ("AnyPublisher<[Item], Error> { fatalError() }", "AnyPublisher<[Item],Error>"),
      ("some Publisher<Int, Never>\nlet next = 1", "some Publisher<Int,Never>"),
      ("any Publisher<(Int, String), Never> = x", "any Publisher<(Int,String),Never>"),
      ("PassthroughSubject<Int, APIError>()", "PassthroughSubject<Int,APIError>"),
      ("Combine.Published<Café>.Publisher where T: P", "Combine.Published<Café>.Publisher"),
      ("AnyPublisher<Int?, Never>!", "AnyPublisher<Int?,Never>!"),
      ("Future<Void, Error>\nfunc next()", "Future<Void,Error>"),
    ])
  func theTypeIsJoinedUpToItsEnd(source: String, expected: String) {
    #expect(typeText(source) == expected)
  }

  /// Brackets that do not close are no type: the caller learns nothing rather than a wrong text.
  @Test func unbalancedBracketsGiveNothing() {
    #expect(typeText("AnyPublisher<Int, Never") == "")
    #expect(typeText("AnyPublisher>Int") == "")
  }
}
