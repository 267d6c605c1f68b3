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

  /// `render` streams the results; `document(_:)` is the tree it must spell byte for byte.
  @Test(arguments: [SampleReports.full, SampleReports.empty])
  func streamedLogEqualsTheDocumentTree(report: ScanReport) {
    var variant = report
    variant.root = "/abs/Ünï root"
    for index in variant.findings.indices {
      variant.findings[index].message += " \"q\" \\ \u{01}\u{2028}\n"
      variant.findings[index].file = "Sources/A B/é#.swift"
      variant.findings[index].suppression = index.isMultiple(of: 2) ? "why \"not\"" : nil
      variant.findings[index].blockedBy = index.isMultiple(of: 3) ? [] : ["Sources/X.swift:3 — first"]
    }
    for candidate in [report, variant] {
      #expect(SARIFReport.render(candidate) == JSONWriter.write(SARIFReport.document(candidate)))
    }
  }
}
