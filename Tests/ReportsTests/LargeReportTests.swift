import Reports
import ScanModel
import Testing

/// A big report renders in every format without quadratic blow-ups (a generous budget, so a
/// busy CI machine does not flake).
@Suite struct LargeReportTests {
  @Test(arguments: ReportFormat.allCases)
  func twentyThousandFindingsRenderQuickly(format: ReportFormat) {
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
    let clock = ContinuousClock()
    var output = ""
    let elapsed = clock.measure {
      output = ReportWriter.render(report, format: format, options: RenderOptions())
    }
    #expect(!output.isEmpty)
    #expect(elapsed < .seconds(20), "\(format) took \(elapsed)")
  }
}
