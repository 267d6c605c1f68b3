import Reports
import Testing

@Suite struct XcodeReportTests {
  @Test func oneLinePerUnsuppressedFinding() {
    let output = XcodeReport.render(SampleReports.full)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == SampleReports.findings.count - 1 + 1)  // one suppressed; a final newline
    #expect(lines.last == "")
  }

  @Test func lineBreaksInMessagesDoNotSplitTheDiagnostic() throws {
    let finding = try #require(SampleReports.findings.first { $0.severity == .error })
    let line = XcodeReport.line(for: finding)
    #expect(!line.contains("\n"))
    #expect(line.hasPrefix("Sources/Networking/APIClient.swift:57:5: error: continuation `cont`"))
    #expect(line.hasSuffix(" [continuation-never-resumed]"))
  }

  @Test func emptyReportWritesNothing() {
    #expect(ReportWriter.render(SampleReports.empty, format: .xcode, options: RenderOptions()).isEmpty)
  }
}
