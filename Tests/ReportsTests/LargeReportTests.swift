import Reports
import ScanModel
import Testing

/// A big report renders whole in every format. No timing here (tests check behaviour; the
/// benchmark reports numbers): a quadratic writer would show up as a hung test, not a flaky one.
@Suite struct LargeReportTests {
  @Test(arguments: ReportFormat.allCases)
  func twentyThousandFindingsRenderWhole(format: ReportFormat) {
    var report = SampleReports.full
    let template = SampleReports.findings[5]
    report.findings = (0..<20_000).map { index in
      var finding = template
      finding.fingerprint = "fp-\(index)"
      finding.file = "Sources/Networking/File\(index / 100).swift"
      finding.range.start.line = index % 100 + 1
      finding.range.end.line = index % 100 + 1
      return finding
    }
    report.plan.phases[2].steps[0].findings = report.findings.map(\.fingerprint)
    let output = ReportWriter.render(report, format: format, options: RenderOptions())
    switch format {
    case .json:
      // Once in `findings`, once in the plan step that lists it.
      #expect(output.components(separatedBy: "\"fp-19999\"").count == 3)
    case .sarif:
      #expect(output.components(separatedBy: "\"fp-19999\"").count == 2)
    case .xcode:
      #expect(output.split(separator: "\n").count == 20_000)
    case .github:
      #expect(output.contains("20000 findings"))
    case .markdown:
      #expect(output.contains("File199.swift"))
    }
  }
}
