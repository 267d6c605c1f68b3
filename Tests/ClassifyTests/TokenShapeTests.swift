import Classify
import Foundation
import Testing

/// The shape that tells an edited finding from a new one: what the match does, not its
/// boilerplate, stable across runs, and round-tripped through a baseline.
@Suite struct TokenShapeTests {
  static let wrapper =
    "Future { promise in Task { do { let user = try await api . fetchUser ( id ) ; "
    + "promise ( . success ( user ) ) } catch { promise ( . failure ( error ) ) } } }"

  @Test func boilerplateAndPunctuationAreNotWords() {
    let shape = TokenShape(matchText: Self.wrapper)
    let expected = TokenShape(matchText: "user api fetchUser id")
    #expect(shape == expected)
    #expect(shape.hashes.count == 4)
  }

  @Test func aOneTokenEditKeepsMostOfTheShape() {
    let edited = Self.wrapper.replacingOccurrences(of: "( id )", with: "( id . lowercased ( ) )")
    let similarity = TokenShape(matchText: Self.wrapper).similarity(to: TokenShape(matchText: edited))
    #expect(similarity == 0.8)
  }

  @Test func wrappersThatDoDifferentThingsAreUnlike() {
    let other = Self.wrapper.replacingOccurrences(of: "fetchUser ( id )", with: "fetchPosts ( page )")
      .replacingOccurrences(of: "user", with: "posts")
    let similarity = TokenShape(matchText: Self.wrapper).similarity(to: TokenShape(matchText: other))
    #expect(similarity < 0.5)
  }

  @Test func emptyShapesAreAlikeAndUnlikeAnyOther() {
    let empty = TokenShape(matchText: "Future { promise in Task { } }")
    #expect(empty.hashes.isEmpty)
    #expect(empty.similarity(to: TokenShape(matchText: "")) == 1)
    #expect(empty.similarity(to: TokenShape(matchText: "load")) == 0)
  }

  @Test func itIsBoundedAndStableAndRoundTrips() throws {
    let words = (0..<100).map { "word\($0)" }.joined(separator: " ")
    let shape = TokenShape(matchText: words)
    #expect(shape.hashes.count == TokenShape.capacity)
    #expect(shape.hashes == shape.hashes.sorted())
    // FNV-1a 32 of "load": the same value on every platform and every run.
    #expect(TokenShape(matchText: "load").serialized == "e60759e9")
    #expect(TokenShape(serialized: shape.serialized) == shape)
    #expect(TokenShape(serialized: "not-hex!") == nil)
    #expect(TokenShape(serialized: "")?.hashes == [])
  }

  @Test func bottomKEstimateIsExactForSmallSetsAndSymmetric() {
    let left = TokenShape(matchText: "a b c d")
    let right = TokenShape(matchText: "c d e f g h")
    #expect(left.similarity(to: right) == 2.0 / 8.0)
    #expect(right.similarity(to: left) == left.similarity(to: right))
  }
}
