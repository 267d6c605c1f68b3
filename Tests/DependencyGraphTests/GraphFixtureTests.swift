import DependencyGraph
import Foundation
import MigrateScanTestSupport
import ScanModel
import SwiftLexer
import Testing

/// Builds the graph of a fixture project the way the orchestrator will: read every file, lex
/// the sources into facts, pass manifests as bytes.
func fixtureGraph(_ project: String, moduleMap: ModuleMap = ModuleMap()) throws -> ProjectGraph {
  let root = FixturePaths.fixture("graph/\(project)")
  var manifests: [ProjectGraphBuilder.ManifestFile] = []
  var sources: [ProjectGraphBuilder.SourceFile] = []
  for url in FixturePaths.files(under: root, suffix: ".swift") {
    let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    let bytes = [UInt8](try Data(contentsOf: url))
    if url.lastPathComponent == "Package.swift" {
      manifests.append(.init(path: path, bytes: bytes))
    } else {
      let facts = ReferenceCollector.collect(Lexer.tokenize(bytes))
      sources.append(.init(path: path, facts: facts, lines: bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }))
    }
  }
  return ProjectGraphBuilder.build(manifests: manifests, files: sources, moduleMap: moduleMap)
}

/// The names in each wave, in order.
func waves(_ graph: ProjectGraph) -> [[String]] {
  var result: [[String]] = []
  for module in graph.modules {
    if module.wave == result.count { result.append([]) }
    result[module.wave].append(module.name)
  }
  return result
}

@Suite struct GraphFixtureTests {
  @Test(arguments: ["MixedApp", "MultiPackage", "XcodeStyle"])
  func matchesGolden(_ project: String) throws {
    let graph = try fixtureGraph(project)
    let outcome = Golden.compare(graph.textDump(), with: FixturePaths.fixture("graph/\(project).graph"))
    #expect(outcome == .matched, "\(outcome.failureMessage ?? "")")
  }

  @Test func multiPackageWavesGoLeavesInward() throws {
    let graph = try fixtureGraph("MultiPackage")
    #expect(
      waves(graph) == [
        // Test targets sit in the wave of the module they test, never in one of their own.
        ["DesignSystem", "DesignSystemTests", "Networking", "Storage"],
        ["Repository", "RepositoryTests"],
        ["FeatureA", "FeatureB", "Scripts"],
        ["App"],
      ])
    #expect(graph.module(named: "RepositoryTests")?.testOf == "Repository")
    #expect(graph.module(named: "FeatureA")?.dependsOn == ["DesignSystem", "Repository"])
    #expect(graph.module(named: "Repository")?.dependsOn == ["Networking", "Storage"])
    #expect(graph.module(named: "Repository")?.tested == true)
    #expect(graph.module(named: "Storage")?.path == "Sources/Persistence")
    #expect(graph.module(named: "App")?.tested == false)
    #expect(
      graph.platforms(ofModule: "Networking") == [
        .init(name: "iOS", version: "15"), .init(name: "macOS", version: "12.0"),
      ])
    #expect(graph.platforms(ofModule: "DesignSystem") == [.init(name: "iOS", version: "15.0")])
    // The two repositories name each other: one unit, after the plain model they share.
    let repository = graph.moduleFiles.first { $0.module == "Repository" }
    #expect(
      repository?.units.map(\.files) == [
        ["Sources/Repository/Product.swift"],
        ["Sources/Repository/CartRepository.swift", "Sources/Repository/ProductRepository.swift"],
      ])
    #expect(graph.warnings.isEmpty)
  }

  @Test func xcodeStyleUsesTopLevelFolders() throws {
    let graph = try fixtureGraph("XcodeStyle")
    #expect(waves(graph) == [["Core"], ["Features"], ["Analytics", "App", "AppTests"]])
    #expect(graph.module(named: "App")?.cycle == ["Analytics", "App"])
    // Names inside a comment and a string in Core do not make it depend on App or Features.
    #expect(graph.module(named: "Core")?.dependsOn == [])
    #expect(graph.module(named: "Features")?.tested == true)
    #expect(graph.module(named: "AppTests")?.isTest == true)
    #expect(graph.file(at: "Core/Services/UserService.swift")?.wave == 1)
  }

  @Test func appFoldersDependOnLocalPackageTargets() throws {
    let graph = try fixtureGraph("MixedApp")
    #expect(waves(graph) == [["Core"], ["CoreUI"], ["Shop", "ShopTests"]])
    #expect(graph.module(named: "Shop")?.tested == true)
    #expect(graph.module(named: "Shop")?.dependsOn == ["Core", "CoreUI"])
    #expect(graph.module(named: "Core")?.tested == true)
    #expect(graph.module(named: "CoreUI")?.tested == false)
    // The app folder has no manifest, so no deployment target is known for it.
    #expect(graph.platforms(ofModule: "Shop").isEmpty)
    #expect(
      graph.platforms(ofModule: "CoreUI") == [.init(name: "iOS", version: "17"), .init(name: "macOS", version: "14")])
  }

  @Test func xcodeStyleHonoursAModuleMap() throws {
    let map = ModuleMap([
      .init(prefix: "Core/Networking", module: "Networking"), .init(prefix: "Features/Profile", module: "Profile"),
    ])
    let graph = try fixtureGraph("XcodeStyle", moduleMap: map)
    #expect(graph.module(named: "Networking")?.files == 1)
    #expect(graph.module(named: "Core")?.dependsOn == ["Networking"])
    #expect(graph.module(named: "Profile")?.dependsOn == ["Core"])
    #expect(graph.module(named: "Networking")?.wave == 0)
  }
}
