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

extension FindingPairingTests {
  @Test func theWorkIsCappedAndWhatTheCapLeavesIsNew() {
    // 600 × 600 leftovers in one file and declaration: 360,000 pairs, above the cap.
    let count = 600
    #expect(count * count > FindingPairing.pairCap)
    let before = (0..<count).map { Self.item("old\($0)", text: "w\($0)") }
    let after = (0..<count).map { Self.item("new\($0)", text: "w\($0)") }
    let outcome = FindingPairing.pair(before: before, after: after)
    let paired = outcome.partner.compactMap { $0 }.count
    #expect(paired > 0)
    #expect(paired < count, "pairs beyond the cap are not scored, so their findings stay new")
    #expect(outcome.unpairedAfter.count == count - paired)
  }
}

extension FindingPairingTests {
  @Test func aRenamedTypesOtherFindingsPairOnceSomeOfItsFindingsHave() {
    let before = [
      Self.item("p1", symbol: "Colors", text: "tintColor Color", rule: "published-property"),
      Self.item("p2", symbol: "Colors", text: "fontSize CGFloat", rule: "published-property"),
      Self.item("o", symbol: "Colors", text: "Colors ObservableObject", rule: "observable-object"),
    ]
    let after = [
      Self.item("q1", symbol: "Values", text: "tintColor Color", rule: "published-property"),
      Self.item("q2", symbol: "Values", text: "fontSize CGFloat", rule: "published-property"),
      Self.item("q3", symbol: "Values", text: "lineSpacing Double", rule: "published-property"),
      Self.item("n", symbol: "Values", text: "Values ObservableObject", rule: "observable-object"),
    ]
    let outcome = FindingPairing.pair(before: before, after: after)
    #expect(outcome.partner == [0, 1, nil, 2])
    // Alone, the conformance's shape changed with the name: it would not pair.
    #expect(FindingPairing.pair(before: [before[2]], after: [after[3]]).partner == [nil])
  }

  @Test func aRenamedMethodsOtherFindingsPairWhateverTheySay() {
    let before = [
      Self.item("w", symbol: "T.user", text: "api fetchUser id"),
      Self.item("c", symbol: "T.user", text: "handler legacy", rule: "continuation-bridge"),
    ]
    let after = [
      Self.item("w2", symbol: "T.account", text: "api fetchUser id"),
      Self.item("c2", symbol: "T.account", text: "completely rewritten", rule: "continuation-bridge"),
    ]
    #expect(FindingPairing.pair(before: before, after: after).partner == [0, 1])
  }
}
