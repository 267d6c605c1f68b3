import MigrateScanKit
import Testing

/// The pairing that decides what a change adds, on its own: the rules a reviewer would apply,
/// deterministic, and bounded.
@Suite struct FindingPairingTests {
  typealias Item = FindingPairing.Item

  static func item(
    _ fingerprint: String, file: String = "A.swift", symbol: String? = "S.f", text: String,
    rule: String = "future-task-wrapper"
  ) -> Item {
    Item(ruleID: rule, file: file, symbol: symbol, fingerprint: fingerprint, shape: .text(text))
  }

  @Test func equalFingerprintsPairFirstAndTwinsOneForOne() {
    let before = [Self.item("x", text: "load"), Self.item("x", text: "load")]
    let after = [Self.item("x", text: "load"), Self.item("x", text: "load"), Self.item("x", text: "load")]
    let outcome = FindingPairing.pair(before: before, after: after)
    #expect(outcome.partner == [0, 1, nil])
    #expect(outcome.unpairedBefore == [])
  }

  @Test func anEditInsideTheSameDeclarationPairsWhateverItSays() {
    let outcome = FindingPairing.pair(
      before: [Self.item("old", text: "load")], after: [Self.item("new", text: "upload everything")])
    #expect(outcome.partner == [0])
  }

  @Test func acrossDeclarationsOrFilesOnlyAlikeShapesPair() {
    let before = [Self.item("old", symbol: "S.f", text: "api fetchUser id")]
    let renamed = FindingPairing.pair(
      before: before, after: [Self.item("new", symbol: "S.g", text: "api fetchUser id")])
    #expect(renamed.partner == [0])
    let moved = FindingPairing.pair(
      before: before, after: [Self.item("new", file: "B.swift", symbol: "S.f", text: "api fetchUser id lowercased")])
    #expect(moved.partner == [0])
    let other = FindingPairing.pair(
      before: before, after: [Self.item("new", file: "B.swift", symbol: "T.h", text: "reporter upload logs")])
    #expect(other.partner == [nil])
    #expect(other.unpairedBefore == [0])
  }

  @Test func twoBeforeThreeAfterIsExactlyOneNewTheLeastAlike() {
    let before = [
      Self.item("a", symbol: "S.a", text: "api fetchUser id"),
      Self.item("b", symbol: "S.b", text: "api fetchPosts page"),
    ]
    let after = [
      Self.item("a2", symbol: "S.a2", text: "api fetchUser id lowercased"),
      Self.item("c", symbol: "S.c", text: "api fetchPosts user"),
      Self.item("b2", symbol: "S.b2", text: "api fetchPosts page limit"),
    ]
    let outcome = FindingPairing.pair(before: before, after: after)
    #expect(outcome.partner == [0, nil, 1])
    #expect(outcome.unpairedAfter == [1])
  }

  @Test func onlyFindingsOfTheSameRulePair() {
    let outcome = FindingPairing.pair(
      before: [Self.item("a", text: "load", rule: "subject")], after: [Self.item("b", text: "load")])
    #expect(outcome.partner == [nil])
  }

  @Test func aStoredShapeMissingPairsOnlyWithinTheDeclaration() {
    let old = Item(
      ruleID: "future-task-wrapper", file: "A.swift", symbol: "S.f", fingerprint: "old", shape: .stored(nil))
    #expect(FindingPairing.pair(before: [old], after: [Self.item("new", text: "load")]).partner == [0])
    #expect(FindingPairing.pair(before: [old], after: [Self.item("new", symbol: "S.g", text: "load")]).partner == [nil])
  }

  @Test func beyondThePairLimitOnlyPairsSharingAFileOrDeclarationAreScored() {
    let count = 250  // 250 × 250 leftovers is above the limit
    #expect(count * count > FindingPairing.pairLimit)
    let before = (0..<count).map { Self.item("old\($0)", file: "Old\($0).swift", symbol: "S.f\($0)", text: "w\($0)") }
    var after = (0..<count).map { Self.item("new\($0)", file: "New\($0).swift", symbol: "S.f\($0)", text: "w\($0)") }
    // Alike but sharing neither file nor declaration: not scored above the limit.
    after[0] = Self.item("new0", file: "New0.swift", symbol: "T.other", text: "w0")
    let outcome = FindingPairing.pair(before: before, after: after)
    #expect(outcome.partner[0] == nil)
    #expect(outcome.partner[1...].enumerated().allSatisfy { $0.element == $0.offset + 1 })
  }

  @Test func theAnswerDoesNotDependOnAnythingButTheInput() {
    let before = (0..<20).map { Self.item("o\($0)", symbol: "S.f\($0 % 3)", text: "api call\($0 % 5)") }
    let after = (0..<25).map { Self.item("n\($0)", symbol: "S.f\($0 % 4)", text: "api call\($0 % 6)") }
    let first = FindingPairing.pair(before: before, after: after)
    for _ in 0..<5 { #expect(FindingPairing.pair(before: before, after: after) == first) }
  }
}
