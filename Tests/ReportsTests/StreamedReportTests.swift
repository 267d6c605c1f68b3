import Reports
import ScanModel
import Synchronization
import Testing

/// JSON and SARIF reports are written a chunk at a time so their memory does not grow with the
/// report; the chunks must join into exactly the bytes of the rendered report.
@Suite struct StreamedReportTests {
  /// Collects the chunks a stream hands over.
  final class Chunks: Sendable {
    let list = Mutex<[[UInt8]]>([])
    func append(_ chunk: [UInt8]) { list.withLock { $0.append(chunk) } }
    var joined: [UInt8] { list.withLock { $0.flatMap { $0 } } }
    var count: Int { list.withLock { $0.count } }
  }

  @Test(arguments: [1, 64, 4096, 1 << 20])
  func jsonChunksJoinIntoTheRenderedReport(_ chunkSize: Int) {
    let chunks = Chunks()
    JSONReport.stream(SampleReports.full, chunkSize: chunkSize) { chunks.append($0) }
    #expect(chunks.joined == Array(JSONReport.render(SampleReports.full).utf8))
    if chunkSize <= 64 { #expect(chunks.count > 10, "a small chunk size must flush many times") }
  }

  @Test(arguments: [1, 64, 4096, 1 << 20])
  func sarifChunksJoinIntoTheRenderedReport(_ chunkSize: Int) {
    let chunks = Chunks()
    SARIFReport.stream(SampleReports.full, chunkSize: chunkSize) { chunks.append($0) }
    #expect(chunks.joined == Array(SARIFReport.render(SampleReports.full).utf8))
    if chunkSize <= 64 { #expect(chunks.count > 10) }
  }

  @Test(arguments: ReportFormat.allCases)
  func everyFormatStreamsWhatItRenders(_ format: ReportFormat) {
    let chunks = Chunks()
    ReportWriter.stream(SampleReports.full, format: format) { chunks.append($0) }
    #expect(chunks.joined == Array(ReportWriter.render(SampleReports.full, format: format).utf8))
    let empty = Chunks()
    ReportWriter.stream(SampleReports.empty, format: format) { empty.append($0) }
    #expect(empty.joined == Array(ReportWriter.render(SampleReports.empty, format: format).utf8))
  }

  /// The findings of a report rendered on several threads, in batches, give the bytes of one
  /// thread: for any thread count, in chunks or whole, with the first finding's comma rule kept
  /// at every batch edge.
  @Test(arguments: [2, 3, 8])
  func jsonFindingsOnSeveralThreadsGiveTheSameBytes(_ jobs: Int) {
    var report = SampleReports.full
    let template = report.findings
    // 1,500 findings: several batches of 512 and a short last one.
    report.findings = (0..<1_500).map { index in
      var finding = template[index % template.count]
      finding.fingerprint += "-\(index)"
      return finding
    }
    let serial = JSONReport.render(report)
    #expect(JSONReport.render(report, jobs: jobs) == serial)
    let chunks = Chunks()
    JSONReport.stream(report, chunkSize: 4096, jobs: jobs) { chunks.append($0) }
    #expect(chunks.joined == Array(serial.utf8))
    // The findings rendered on threads are still handed over a chunk at a time: no chunk holds
    // more than a chunk and one batch of findings (a lost flush once kept them all in memory).
    let largest = chunks.list.withLock { $0.map(\.count).max() ?? 0 }
    #expect(largest < serial.utf8.count / 2, "largest chunk \(largest) of \(serial.utf8.count) bytes")
    var one = report
    one.findings = Array(report.findings.prefix(1))
    #expect(JSONReport.render(one, jobs: jobs) == JSONReport.render(one))
  }
}
