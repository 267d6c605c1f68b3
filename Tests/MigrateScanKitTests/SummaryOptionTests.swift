import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// `--summary` writes the Markdown report's summary (for a pull-request comment or a job
/// summary), linking to the full report; given where it cannot apply it is a usage error.
@Suite struct SummaryOptionTests {
  static let sampleApp = FixturePaths.fixture("projects/SampleApp").path
  static let needsMarkdown = CLIError.needsOption(
    "--summary", needs: "a Markdown report (--format markdown, or --output FILE.md)")

  @Test func summaryWithoutAMarkdownReportIsAUsageError() {
    #expect(throws: Self.needsMarkdown) { try Arguments.parse(["--summary", "--format", "json"]) }
    #expect(throws: Self.needsMarkdown) { try Arguments.parse(["--summary", "--output", "plan.sarif"]) }
    #expect(throws: Self.needsMarkdown) { try Arguments.parse(["--summary", "--write-baseline", "b.json"]) }
    #expect(throws: CLIError.needsOption("--full-report-url", needs: "--summary")) {
      try Arguments.parse(["--full-report-url", "plan.md"])
    }
    #expect(throws: CLIError.self) { try Arguments.parse(["check", "--summary"]) }
    #expect(throws: CLIError.self) { try Arguments.parse(["--summary", "--full-report-url", ""]) }
    let run = CLIRun([Self.sampleApp, "--summary", "--format", "json"])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("'--summary' applies only with a Markdown report"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func summaryIsTheTopOfThePlanAndLinksTheFullReport() {
    let url = "https://github.com/o/r/actions/runs/1"
    let summary = CLIRun([Self.sampleApp, "--summary", "--full-report-url", url, "--quiet"])
    #expect(summary.status == .success, "\(summary.stderr)")
    #expect(summary.stdout.contains("## Summary"))
    #expect(summary.stdout.contains("**Full report:** [the whole plan, step by step](\(url))"))
    #expect(!summary.stdout.contains("## Phase"))
    #expect(summary.stdout.count < 60_000)
    let full = CLIRun([Self.sampleApp, "--quiet"])
    let top = full.stdout.components(separatedBy: "\n## Fix now")[0]
    #expect(
      summary.stdout.hasPrefix(top.replacingOccurrences(of: "listed under Counts", with: "listed in the full report")))
  }

  /// With other formats beside it, only the Markdown report is cut.
  @Test func otherFormatsStayWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("plan.json").path
    let markdown = folder.appendingPathComponent("summary.md").path
    let run = CLIRun([Self.sampleApp, "--summary", "--output", json, "--output", markdown, "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    let whole = CLIRun([Self.sampleApp, "--format", "json", "--quiet"])
    #expect(try String(contentsOfFile: json, encoding: .utf8) == whole.stdout)
    let summary = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(summary.contains("## Summary") && !summary.contains("## Phase"))
  }
}
