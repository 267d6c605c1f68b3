import MigrateScanKit
import ScanModel
import Testing

/// What pairs with what between two reports, on hand-built snapshots.
@Suite struct ReportComparisonTests {
  static func step(
    _ section: String, _ module: String, kind: String = "type", unit: String?, findings: [String] = [], lines: Int = 10
  ) -> ReportSnapshot.Step {
    ReportSnapshot.Step(
      id: "\(section)/\(module)" + (unit.map { "/" + $0 } ?? ""), section: section, kind: kind,
      title: "`\(unit ?? module)`", unit: unit, folder: "Sources/\(module)", wave: 0, module: module,
      findings: findings, lines: lines)
  }

  static func finding(
    _ fingerprint: String, rule: String = "published-property", file: String = "Sources/App/Feed.swift",
    symbol: String? = "FeedModel", disposition: String = "migrate", phase: String? = "view-models",
    suppressed: Bool = false
  ) -> ReportSnapshot.Finding {
    ReportSnapshot.Finding(
      fingerprint: fingerprint, ruleID: rule, category: rule, severity: "note", disposition: disposition,
      phase: phase, module: "App", file: file, line: 4, column: 3, symbol: symbol, message: "m",
      suppressed: suppressed)
  }

  static func snapshot(_ steps: [ReportSnapshot.Step], _ findings: [ReportSnapshot.Finding]) -> ReportSnapshot {
    var sections: [ReportSnapshot.Section] = []
    for step in steps where !sections.contains(where: { $0.id == step.section }) {
      sections.append(ReportSnapshot.Section(id: step.section, title: "Title of \(step.section)"))
    }
    return ReportSnapshot(
      path: "r.json", schemaVersion: 2, toolVersion: "1", root: ".", findings: findings, steps: steps,
      sections: sections)
  }

  /// A type now left alone is one step moved, not one done and one added; module steps of two
  /// sections are different work and never pair.
  @Test func aStepThatChangedSectionIsMoved() throws {
    let old = Self.snapshot(
      [
        Self.step("view-models", "App", unit: "FeedModel"), Self.step("one-shot", "App", kind: "module", unit: nil),
        Self.step("keep", "App", kind: "module", unit: nil),
      ], [])
    let new = Self.snapshot(
      [
        Self.step("one-shot", "App", kind: "module", unit: nil), Self.step("leave-alone", "App", unit: "FeedModel"),
        Self.step("leave-alone", "App", kind: "module", unit: nil),
      ], [])
    let diff = ReportComparison.compare(old: old, new: new)
    #expect(diff.moved == 1)
    let leaveAlone = try #require(diff.sections.first { $0.id == "leave-alone" }?.modules.first)
    #expect(leaveAlone.moved.map(\.step.id) == ["leave-alone/App/FeedModel"])
    #expect(leaveAlone.moved.first?.from == "view-models")
    #expect(leaveAlone.moved.first?.fromTitle == "Title of view-models")
    #expect(leaveAlone.added.map(\.id) == ["leave-alone/App"])
    #expect(diff.sections.first { $0.id == "view-models" } == nil, "nothing left there: no section")
    #expect(diff.sections.first { $0.id == "keep" }?.modules.first?.done.map(\.id) == ["keep/App"])
    // Moves are work where they go: into leave-alone is none.
    #expect(diff.done == 0 && diff.added == 0 && diff.remaining == 1 && diff.openLines == 10)
  }

  /// An edit inside a declaration changes a fingerprint, not the finding; one in another
  /// declaration is new, and its old self gone. Suppressed findings count on neither side.
  @Test func findingsPairByFingerprintThenDeclaration() throws {
    let steps = [Self.step("view-models", "App", unit: "FeedModel", findings: ["a", "b2", "c"])]
    let old = Self.snapshot(
      steps,
      [
        Self.finding("a"), Self.finding("b"), Self.finding("x", symbol: "Other"),
        Self.finding("s", suppressed: true),
      ])
    let new = Self.snapshot(
      steps,
      [
        Self.finding("a"), Self.finding("b2"), Self.finding("c", symbol: "Renamed"),
        Self.finding("t", suppressed: true),
        Self.finding("z", rule: "continuation-resumed-twice", symbol: "Net.load", disposition: "fix-now", phase: nil),
      ])
    let diff = ReportComparison.compare(old: old, new: new)
    #expect(diff.newFindings == 2)
    #expect(diff.goneFindings == 1)
    #expect(diff.newFixNow == 1)
    let viewModels = try #require(diff.sections.first { $0.id == "view-models" }?.modules.first)
    #expect(viewModels.newFindings.map(\.fingerprint) == ["c"])
    #expect(viewModels.newFindings.first?.step == "view-models/App/FeedModel")
    #expect(viewModels.goneFindings == 1)
    // No step lists it: placed by its disposition and module.
    let fixNow = try #require(diff.sections.first { $0.id == "fix-now" })
    #expect(fixNow.modules.map(\.name) == ["App"])
    #expect(fixNow.modules.first?.newFindings.map(\.fingerprint) == ["z"])
    #expect(diff.old.findings == 3 && diff.new.findings == 4)
  }

  @Test func differentRootsAndVersionsAreSaid() {
    var old = Self.snapshot([], [])
    var new = Self.snapshot([], [])
    #expect(ReportComparison.compare(old: old, new: new).warnings.isEmpty)
    old.root = "/a"
    new.root = "/b"
    new.toolVersion = "2"
    let warnings = ReportComparison.compare(old: old, new: new).warnings
    #expect(warnings.count == 2)
    #expect(warnings.first?.contains("different roots ('/a' in r.json, '/b' in r.json)") == true)
    #expect(warnings.last?.contains("different versions of migrate-scan (1 and 2)") == true)
  }
}
