import Reports
import Testing

@Suite struct GitHubReportTests {
  @Test func propertiesEscapeSeparatorsAndLineBreaks() {
    #expect(GitHubReport.escapeProperty("a:b,c%d\re\nf") == "a%3Ab%2Cc%25d%0De%0Af")
  }

  @Test func messagesEscapeOnlyPercentAndLineBreaks() {
    #expect(GitHubReport.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
  }

  @Test func capKeepsTheMostSevereAndSaysHowManyWereLeftOut() {
    let output = GitHubReport.render(SampleReports.full, annotationLimit: 3)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 4)
    // The one error comes first by severity; then the earliest warnings, in report order.
    #expect(lines.filter { $0.hasPrefix("::error ") }.count == 1)
    #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 2)
    #expect(lines[0].contains("file=Legacy Views/Ünïcode Screen.swift,"))
    #expect(
      lines[3] == "migrate-scan: 12 findings, 3 annotated, 9 not annotated (limit 3 per run; see the full report)")
  }

  @Test func defaultCapIsFifty() {
    #expect(RenderOptions().githubAnnotationLimit == 50)
  }

  @Test func zeroLimitWritesOnlyTheSummary() {
    let output = ReportWriter.render(
      SampleReports.full, format: .github, options: RenderOptions(githubAnnotationLimit: 0))
    #expect(
      output == "migrate-scan: 12 findings, 0 annotated, 12 not annotated (limit 0 per run; see the full report)\n")
  }

  @Test func suppressedFindingsAreNotAnnotated() {
    let output = GitHubReport.render(SampleReports.full, annotationLimit: 50)
    #expect(!output.contains("widgetSnapshot"))
    #expect(!output.contains("Store.swift,line=44"))
  }
}
