import Reports
import ScanModel
import Testing

@Suite struct GitHubReportTests {
  @Test func propertiesEscapeSeparatorsAndLineBreaks() {
    #expect(GitHubReport.escapeProperty("a:b,c%d\re\nf") == "a%3Ab%2Cc%25d%0De%0Af")
  }

  @Test func messagesEscapeOnlyPercentAndLineBreaks() {
    #expect(GitHubReport.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
  }

  /// GitHub shows 10 of each severity per step: the cap is per severity, so a flood of warnings
  /// can never push the one error out, and the summary says how many were left out.
  @Test func capIsPerSeverityAndSaysHowManyWereLeftOut() {
    let output = GitHubReport.render(SampleReports.full, annotationLimit: 2)
    let lines = output.split(separator: "\n")
    let active = SampleReports.full.findings.filter { $0.suppression == nil }
    var expected = 0
    for (command, severity) in [("::error ", Severity.error), ("::warning ", .warning), ("::notice ", .note)] {
      let count = lines.filter { $0.hasPrefix(command) }.count
      let available = active.filter { $0.severity == severity }.count
      #expect(count == min(2, available), "\(command)")
      expected += min(2, available)
    }
    #expect(active.filter { $0.severity == .warning }.count > 2, "the sample must overflow one severity")
    #expect(lines.count == expected + 1)
    let summary =
      "migrate-scan: \(active.count) findings, \(expected) annotated, \(active.count - expected) not annotated "
      + "(GitHub shows 2 of each severity per step; the SARIF or Markdown report has them all)"
    #expect(lines.last.map(String.init) == summary)
  }

  @Test func annotationsStayInReportOrder() {
    let output = GitHubReport.render(SampleReports.full, annotationLimit: 10)
    let files = output.split(separator: "\n").dropLast().map { line in
      String(line.split(separator: ",")[0].split(separator: "=", maxSplits: 1)[1])
    }
    let order = SampleReports.full.findings.filter { $0.suppression == nil }.map {
      GitHubReport.escapeProperty($0.file)
    }
    #expect(files == order, "every finding fits under the cap, in report order")
  }

  @Test func defaultCapIsTenPerSeverity() {
    #expect(RenderOptions().githubAnnotationLimit == 10)
  }

  @Test func zeroLimitWritesOnlyTheSummary() {
    let output = ReportWriter.render(
      SampleReports.full, format: .github, options: RenderOptions(githubAnnotationLimit: 0))
    #expect(
      output
        == "migrate-scan: 12 findings, 0 annotated, 12 not annotated "
        + "(GitHub shows 0 of each severity per step; the SARIF or Markdown report has them all)\n")
  }

  @Test func suppressedFindingsAreNotAnnotated() {
    let output = GitHubReport.render(SampleReports.full, annotationLimit: 50)
    #expect(!output.contains("widgetSnapshot"))
    #expect(!output.contains("Store.swift,line=44"))
  }
}
