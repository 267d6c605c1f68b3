import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// The streamed reader of reports: the same answer whatever the chunk size, strict JSON, bounded
/// depth, and work that grows with the input, not faster.
@Suite struct JSONPullReaderTests {
  static let report = FixturePaths.fixture("reports/report.json")

  @Test func everyChunkSizeReadsTheSameReport() throws {
    let bytes = try [UInt8](Data(contentsOf: Self.report))
    let whole = try ReportSnapshotReader.read(JSONPullReader(bytes: bytes), path: "report.json")
    #expect(!whole.findings.isEmpty && !whole.steps.isEmpty)
    for size in [1, 2, 3, 7, 64, 4096] {
      let chunked = try ReportSnapshotReader.read(JSONPullReader(bytes: bytes, chunkSize: size), path: "report.json")
      #expect(chunked == whole, "chunks of \(size)")
    }
    // From a file, in the reader's own chunks.
    #expect(try ReportSnapshotReader.read(path: Self.report.path).findings == whole.findings)
  }

  @Test func stringsAreUnescapedAndCheckedAcrossChunks() throws {
    let text = #"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "plain é"]"#
    for size in [1, 3, 1 << 10] {
      var reader = JSONPullReader(bytes: Array(text.utf8), chunkSize: size)
      #expect(try reader.strings() == ["a\"b\\c/d\n\t", "é😀", "plain é"], "chunks of \(size)")
      try reader.end()
    }
    let bad: [[UInt8]] = [
      Array(#"["\ud83d"]"#.utf8), Array(#"["\x"]"#.utf8), Array("[\"tab\there\"]".utf8), Array(#"["a"#.utf8),
      [0x5B, 0x22, 0xFF, 0x22, 0x5D],
    ]
    for bytes in bad {
      var reader = JSONPullReader(bytes: bytes)
      #expect(throws: JSONPullReader.Failure.self, "\(bytes)") { _ = try reader.strings() }
    }
  }

  @Test func skippedValuesAreCheckedAndDepthIsBounded() throws {
    var reader = JSONPullReader(bytes: Array(#"{"a": [1, -2.5e3, true, null, {"b": ["c"]}], "d": 0}"#.utf8))
    try reader.beginObject()
    #expect(try reader.nextKey() == "a")
    try reader.skipValue()
    #expect(try reader.nextKey() == "d")
    #expect(try reader.int() == 0)
    #expect(try reader.nextKey() == nil)
    try reader.end()

    for bad in [#"[1 2]"#, #"{"a" 1}"#, #"[01]"#, #"[1.]"#, #"[tru]"#, #"{"a": 1,}"#, "[1] x"] {
      var reader = JSONPullReader(bytes: Array(bad.utf8))
      #expect(throws: JSONPullReader.Failure.self, "\(bad)") {
        try reader.skipValue()
        try reader.end()
      }
    }
    // Deep nesting is refused with a message, not a crash, even where it is only skipped.
    let deep = "{\"x\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    var deepReader = JSONPullReader(bytes: Array(deep.utf8))
    do {
      try deepReader.skipValue()
      Issue.record("accepted")
    } catch {
      #expect(error.problem == .tooDeep)
    }
  }

  @Test func positionsCountLinesAndByteColumns() {
    var reader = JSONPullReader(bytes: Array("{\n  \"a\": 1\n  \"b\": 2\n}".utf8), chunkSize: 2)
    do {
      try reader.skipValue()
      Issue.record("accepted")
    } catch {
      #expect(error.line == 3 && error.column == 3, "\(error)")
      #expect(error.text == "expected ',' or '}'")
    }
  }

  /// Doubling the findings and steps of a report at most about doubles the reader's work, and
  /// the comparison gives the counts the construction implies.
  @Test func costGrowsLinearly() throws {
    func work(_ count: Int) throws -> Int {
      var work = 0
      let bytes = Array(SyntheticReport.text(findings: count, changed: 0).utf8)
      _ = try ReportSnapshotReader.read(JSONPullReader(bytes: bytes), path: "r.json", work: &work)
      return work
    }
    let small = try work(2_000)
    let large = try work(4_000)
    #expect(large <= small * 22 / 10, "\(small) → \(large)")

    let old = try ReportSnapshotReader.read(
      JSONPullReader(bytes: Array(SyntheticReport.text(findings: 4_000, changed: 0).utf8)), path: "old.json")
    let new = try ReportSnapshotReader.read(
      JSONPullReader(bytes: Array(SyntheticReport.text(findings: 4_000, changed: 100).utf8)), path: "new.json")
    let diff = ReportComparison.compare(old: old, new: new)
    // 100 findings moved to new files of new modules: new, their old selves gone (a report has no
    // shapes to pair a move by), and their modules' steps done and added.
    #expect(diff.newFindings == 100)
    #expect(diff.goneFindings == 100)
    #expect(diff.done == 10 && diff.added == 10 && diff.remaining == 390)
  }
}

/// A report of `findings` findings in one-shot, ten a module and one step a module; the last
/// `changed` findings are in new files of new modules (so their fingerprints, files and steps
/// differ).
enum SyntheticReport {
  static func text(findings: Int, changed: Int) -> String {
    var parts: [String] = []
    var steps: [String] = []
    var stepFindings: [String] = []
    for index in 0..<findings {
      let moved = index >= findings - changed
      let module = moved ? "Moved\(index / 10)" : "M\(index / 10)"
      let fingerprint = (moved ? "f" : "0") + String(index, radix: 16)
      parts.append(
        """
        {"fingerprint": "\(fingerprint)", "ruleId": "future-task-wrapper", "category": "future-task-wrapper",
         "severity": "warning", "disposition": "migrate", "phase": "one-shot", "module": "\(module)",
         "file": "Sources/\(module)/F\(index).swift", "line": 3, "column": 5, "endLine": 9, "endColumn": 6,
         "symbol": "T\(index).load", "message": "`Future` whose closure starts a `Task`", "help": "use async",
         "reasons": [], "blockedBy": [], "suppression": null}
        """)
      stepFindings.append("\"\(fingerprint)\"")
      if index % 10 == 9 || index == findings - 1 {
        steps.append(
          """
          {"id": "one-shot/\(module)", "kind": "module", "title": "`\(module)`", "unit": null,
           "folder": "Sources/\(module)", "wave": 0, "module": "\(module)", "files": [],
           "findings": [\(stepFindings.joined(separator: ", "))], "size": {"findings": \(stepFindings.count),
           "lines": 70}, "blockedBy": [], "blockedBySteps": [], "leaveAloneReason": null}
          """)
        stepFindings = []
      }
    }
    return """
      {"schemaVersion": 3, "tool": {"name": "migrate-scan", "version": "0.1.0"}, "root": "App", "guesses": [],
       "summary": {"files": 1}, "modules": [{"name": "M0", "dependsOn": []}], "cycles": [],
       "findings": [\(parts.joined(separator: ",\n"))],
       "plan": {"phases": [{"id": "one-shot", "title": "One-shot", "steps": [\(steps.joined(separator: ",\n"))]}],
                "notes": []},
       "rules": []}

      """
  }
}
