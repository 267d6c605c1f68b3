import MigrateScanTestSupport
import Reports
import Testing

/// One golden per format from the hand-built sample (SwiftLint's canned reporter outputs).
/// Record with `MIGRATE_SCAN_RECORD=1 swift test --filter ReportsTests`, review, run again.
@Suite struct ReportGoldenTests {
  @Test(arguments: [
    (ReportFormat.markdown, "report.md"), (.json, "report.json"), (.sarif, "report.sarif"),
    (.xcode, "report.xcode.txt"), (.github, "report.github.txt"),
  ])
  func fullReportMatchesGolden(format: ReportFormat, golden: String) {
    let output = ReportWriter.render(SampleReports.full, format: format, options: RenderOptions())
    expectGolden(output, "reports/\(golden)")
  }

  @Test(arguments: [(ReportFormat.markdown, "empty.md"), (.json, "empty.json")])
  func emptyReportMatchesGolden(format: ReportFormat, golden: String) {
    let output = ReportWriter.render(SampleReports.empty, format: format, options: RenderOptions())
    expectGolden(output, "reports/\(golden)")
  }

  @Test(arguments: ReportFormat.allCases)
  func renderingTwiceGivesTheSameBytes(format: ReportFormat) {
    let first = ReportWriter.render(SampleReports.full, format: format, options: RenderOptions())
    let second = ReportWriter.render(SampleReports.full, format: format, options: RenderOptions())
    #expect(Array(first.utf8) == Array(second.utf8))
  }
}

/// Compares `actual` with `Fixtures/<path>` and records a failure on a mismatch or a recording.
func expectGolden(_ actual: String, _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  if let message = Golden.compare(actual, with: FixturePaths.fixture(path)).failureMessage {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}
