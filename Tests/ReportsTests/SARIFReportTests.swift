import Reports
import ScanModel
import Testing

@Suite struct SARIFReportTests {
  @Test func absoluteRootBecomesAFileURIBase() {
    var report = SampleReports.empty
    report.root = "/home/me/My App"
    let sarif = SARIFReport.render(report)
    #expect(sarif.contains("\"uri\": \"file:///home/me/My%20App/\""))
  }

  @Test func relativeRootHasNoBaseURI() {
    let sarif = SARIFReport.render(SampleReports.full)
    #expect(!sarif.contains("\"uri\": \".") && !sarif.contains("file://"))
  }

  @Test func columnsAreUnicodeScalarColumns() {
    let sarif = SARIFReport.render(SampleReports.full)
    #expect(sarif.contains("\"columnKind\": \"unicodeCodePoints\""))
    // The Ünïcode finding starts at byte column 36, scalar column 33.
    #expect(sarif.contains("\"startColumn\": 33"))
    #expect(!sarif.contains("\"startColumn\": 36"))
  }

  @Test func suppressedFindingCarriesItsJustification() {
    let sarif = SARIFReport.render(SampleReports.full)
    #expect(sarif.contains("\"kind\": \"inSource\""))
    #expect(sarif.contains("\"justification\": \"legacy API kept for the widget extension\""))
  }
}
