import Foundation
import MigrateScanTestSupport
import ScanModel
import Testing

@testable import MigrateScanKit

/// `check` finishes its second side with the first side's graph (`Scanner.finish(reusedGraph:)`),
/// which carries the modules' facts in `ModuleInfo` rather than the resolver's: the verdicts that
/// depend on them (a published library's API and its tests) must come out the same.
@Suite struct ReusedGraphTests {
  @Test func aReusedGraphGivesTheSameLibraryVerdicts() throws {
    let root = FixturePaths.fixture("projects/LibraryCombineAPI")
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    let scanner = Scanner(catalog: catalog)
    let prefix = root.path + "/"
    var analyses: [FileAnalysis] = []
    for url in FixturePaths.files(under: root, suffix: ".swift") {
      let path = String(url.path.dropFirst(prefix.count))
      analyses.append(scanner.analyze(path: path, bytes: try [UInt8](Data(contentsOf: url))))
    }
    let fresh = scanner.finish(analyses, moduleMap: .init(), planBuilder: PlanBuilder())
    let reused = scanner.finish(
      analyses, moduleMap: .init(), planBuilder: PlanBuilder(), planning: false, reusedGraph: fresh.graph)
    func verdicts(_ findings: [Finding]) -> [String] {
      findings.map { "\($0.fingerprint) \($0.disposition.rawValue) \($0.reasons.first ?? "")" }
    }
    // The library's public API is there, so the comparison says something.
    #expect(fresh.findings.contains { $0.category == .combineAPI && $0.disposition == .migrate })
    #expect(fresh.findings.contains { $0.reasons.first?.hasPrefix("tests `changes`") == true })
    #expect(verdicts(reused.findings) == verdicts(fresh.findings))
  }
}
