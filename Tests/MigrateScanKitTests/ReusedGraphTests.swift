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

  /// The deployment targets of a file two targets compile come from the graph's files when it
  /// is reused: the shared file alone is gated by the other target, on both sides of a check.
  @Test func aReusedGraphGatesTheSameFiles() throws {
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    let scanner = Scanner(catalog: catalog)
    let files = [
      "Demo.xcodeproj/project.pbxproj": SharedFileDeploymentTests.project,
      "App/Main.swift": "struct Main {}\n",
      "Watch/Complication.swift": SharedFileDeploymentTests.model("Complication"),
      "Shared/Cart.swift": SharedFileDeploymentTests.model("Cart"),
    ]
    let analyses = files.keys.sorted().map { path in
      path.hasSuffix(".pbxproj")
        ? Scanner.projectFile(path: path, bytes: Array(files[path]!.utf8))
        : scanner.analyze(path: path, bytes: Array(files[path]!.utf8))
    }
    let fresh = scanner.finish(analyses, moduleMap: .init(), planBuilder: PlanBuilder())
    let reused = scanner.finish(
      analyses, moduleMap: .init(), planBuilder: PlanBuilder(), planning: false, reusedGraph: fresh.graph)
    func verdicts(_ findings: [Finding]) -> [String] {
      findings.map { "\($0.file) \($0.disposition.rawValue) \($0.reasons.first ?? "")" }
    }
    #expect(fresh.graph.files.first { $0.path == "Shared/Cart.swift" }?.alsoCompiledBy == ["App"])
    #expect(fresh.findings.contains { $0.file == "Shared/Cart.swift" && $0.disposition == .blockedByDeploymentTarget })
    #expect(fresh.findings.contains { $0.file == "Watch/Complication.swift" && $0.disposition == .migrate })
    #expect(verdicts(reused.findings) == verdicts(fresh.findings))
  }
}
