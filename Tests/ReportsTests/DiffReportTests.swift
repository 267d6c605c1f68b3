import Foundation
import MigrateScanTestSupport
import Reports
import ScanModel
import Testing

/// The diff's renderers on hand-built diffs: what the end-to-end goldens do not reach.
@Suite struct DiffReportTests {
  static let schema = FixturePaths.packageRoot.appendingPathComponent("Sources/Reports/diff.schema.json")

  static func diff(newFindings: Int, title: String = "`Feed` → `@Observable`") -> ReportDiff {
    var module = ReportDiff.Module(name: "Feed")
    module.done = [
      ReportDiff.Step(
        id: "view-models/Feed/FeedModel", kind: "type", title: title, unit: "FeedModel",
        folder: "Sources/Feed", findings: 3, lines: 40)
    ]
    module.newFindings = (0..<newFindings).map { index in
      ReportDiff.Finding(
        fingerprint: "f\(index)", ruleID: "subject", severity: "note", disposition: "migrate",
        file: "Sources/Feed/Bus.swift", line: index + 1, column: 3, symbol: nil, message: "Combine subject",
        step: nil)
    }
    var kept = ReportDiff.Module(name: "Feed")
    kept.remaining = [
      ReportDiff.Step(id: "keep/Feed", kind: "module", title: "`Feed`", unit: nil, folder: "", findings: 1, lines: 7)
    ]
    return ReportDiff(
      old: ReportDiff.Side(path: "old.json", toolVersion: "1", root: ".", findings: 3, steps: 2),
      new: ReportDiff.Side(path: "new.json", toolVersion: "1", root: ".", findings: newFindings + 1, steps: 1),
      warnings: [],
      sections: [
        ReportDiff.Section(id: "view-models", title: "View models", modules: [module]),
        ReportDiff.Section(id: "keep", title: "Keep on Combine", modules: [kept]),
      ])
  }

  @Test func longListsOfNewFindingsAreFolded() {
    let short = DiffMarkdownReport.render(Self.diff(newFindings: DiffMarkdownReport.foldAbove))
    #expect(short.contains("New findings:\n\n- `Sources/Feed/Bus.swift:1` `subject` (note): Combine subject"))
    #expect(!short.contains("new findings</summary>"))
    let long = DiffMarkdownReport.render(Self.diff(newFindings: DiffMarkdownReport.foldAbove + 1))
    #expect(long.contains("<details>\n<summary>11 new findings</summary>\n\n- `Sources/Feed/Bus.swift:1`"))
  }

  /// Kept steps are listed, not counted as work; their findings count.
  @Test func keptStepsAreNotWork() {
    let diff = Self.diff(newFindings: 1)
    #expect(diff.done == 1 && diff.remaining == 0 && diff.openLines == 0)
    let text = DiffMarkdownReport.render(diff)
    #expect(text.contains("**1 step done, 0 added, 0 remaining (about 0 lines of open work)."))
    #expect(text.contains("Not counted as work: Keep on Combine (1 step)."))
    #expect(text.contains("| Keep on Combine (steps not counted) | 0 | 0 | 0 | 1 | 0 | 0 |"))
  }

  /// Text from the tree is escaped: a title cannot open a heading, a list or a table cell.
  @Test func titlesAndMessagesAreEscaped() {
    let text = DiffMarkdownReport.render(Self.diff(newFindings: 0, title: "# a | b <img src=x>"))
    #expect(text.contains("- [x] \\# a \\| b \\<img src=x\\> (done)"))
  }

  @Test func jsonOfAHandBuiltDiffMatchesTheSchemaAndStreamsTheSameBytes() {
    let diff = Self.diff(newFindings: 3)
    let json = DiffJSONReport.render(diff, toolVersion: "1")
    #expect(SchemaValidator.problems(in: json, schema: Self.schema) == nil)
    var streamed: [UInt8] = []
    DiffJSONReport.stream(diff, toolVersion: "1", chunkSize: 16) { streamed += $0 }
    #expect(String(decoding: streamed, as: UTF8.self) == json)
  }
}

/// The open lines of a module leave its switch to strict concurrency out: that step is sized by
/// the whole module, as the plan's summary counts it.
@Suite struct DiffOpenLinesTests {
  @Test func strictConcurrencyStepsAreNotOpenLines() {
    var module = ReportDiff.Module(name: "App")
    module.remaining = [
      ReportDiff.Step(
        id: "view-models/App/type/Model", kind: "type", title: "t", unit: "Model", folder: "", findings: 1, lines: 30),
      ReportDiff.Step(
        id: "strict-concurrency/App", kind: "strict-concurrency", title: "s", unit: nil, folder: "", findings: 0,
        lines: 9_000),
    ]
    #expect(module.openLines == 30)
  }
}
