import Foundation
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

  /// Tricky paths, messages and justifications survive the streamed writer: a JSON parser reads
  /// back what went in, with the URI percent-encoded. (The layout is pinned by the goldens.)
  @Test(arguments: [SampleReports.full, SampleReports.empty])
  func trickyTextRoundTripsThroughTheStreamedLog(report: ScanReport) throws {
    var variant = report
    variant.root = "/abs/Ünï root"
    for index in variant.findings.indices {
      variant.findings[index].message += " \"q\" \\ \u{01}\u{2028}\n"
      variant.findings[index].file = "Sources/A B/é#.swift"
      variant.findings[index].suppression = index.isMultiple(of: 2) ? "why \"not\"" : nil
    }
    let log = try JSONSerialization.jsonObject(with: Data(SARIFReport.render(variant).utf8)) as? [String: Any]
    let run = try #require((log?["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == variant.findings.count)
    for (result, finding) in zip(results, variant.findings) {
      #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      let artifact = location?["artifactLocation"] as? [String: Any]
      #expect(artifact?["uri"] as? String == "Sources/A%20B/%C3%A9%23.swift")
      let suppressions = result["suppressions"] as? [[String: Any]]
      #expect(suppressions?.first?["justification"] as? String == finding.suppression)
    }
    let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
    #expect(base?["uri"] as? String == "file:///abs/%C3%9Cn%C3%AF%20root/")
  }

}
