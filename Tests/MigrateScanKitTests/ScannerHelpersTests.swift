import Classify
import RuleEngine
import SwiftLexer
import Testing

@testable import MigrateScanKit

@Suite struct ScannerHelpersTests {
  /// A library product is published (its public API has clients outside the tree) unless an app,
  /// extension or executable of the tree depends on it, directly or through another module.
  @Test func publishedLibrariesAreThoseNoAppOfTheTreeUses() {
    // 0 App → 1 Core → 2 Util; 3 Kit (library, unused); 4 KitTests → 3; 5 Tool → 6 Parser.
    let names = ["App", "Core", "Util", "Kit", "KitTests", "Tool", "Parser"]
    let kinds = ["application", "framework", "target", "target", "testTarget", "executableTarget", "target"]
    let libraries = [false, true, true, true, false, false, true]
    let dependencies = [[1], [2], [], [], [3], [6], []]
    let paths = ["App", "Core", "Util", "Kit", "KitTests", "Tool", "Parser"]
    #expect(
      Scanner.publishedLibraries(
        names: names, kinds: kinds, paths: paths, libraries: libraries, dependencies: dependencies) == ["Kit"])
    // An example app shows clients the library; it does not make the library its own.
    #expect(
      Scanner.publishedLibraries(
        names: ["Alamofire iOS", "iOS Example"], kinds: ["framework", "application"], paths: ["Source", "Example"],
        libraries: [true, false], dependencies: [[], [0]]) == ["Alamofire iOS"])
    // So do apps in an examples folder (Moya's `Examples/Basic`) or under the tests folder
    // (GRDB's `Tests/SPM/ios`, which checks that clients can build with it).
    #expect(
      Scanner.publishedLibraries(
        names: ["CombineMoya", "Basic", "GRDB", "ios"], kinds: ["target", "application", "target", "application"],
        paths: ["Sources/CombineMoya", "Examples", "GRDB", "Tests/SPM/ios/ios"], libraries: [true, false, true, false],
        dependencies: [[], [0], [], [2]]) == ["CombineMoya", "GRDB"])
    // No app in the tree: every library product is published.
    #expect(
      Scanner.publishedLibraries(
        names: names, kinds: kinds.map { _ in "target" }, paths: paths, libraries: libraries,
        dependencies: dependencies)
        == ["Core", "Util", "Kit", "Parser"])
  }

  @Test func countLinesAgreesWithAByteLoop() {
    var state: UInt64 = 7
    // Up to 200 bytes at every length, and past 255 × 32 bytes, where the lane counters are summed.
    for length in Array(0..<200) + [8_159, 8_160, 8_161, 20_000, 70_000] {
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append([0x0A, 0x0B, 0x8A, 0x61, 0x0D, 0x0A][Int(state >> 33) % (length > 8_000 ? 6 : 5)])
      }
      let newlines = bytes.filter { $0 == 0x0A }.count
      let expected = newlines + (bytes.last.map { $0 != 0x0A ? 1 : 0 } ?? 0)
      #expect(Scanner.countLines(bytes) == expected)
    }
  }

  /// Every lane counts a newline on every step here: the counters must be summed before 256.
  @Test func countLinesOfNothingButNewlines() {
    for length in [255 * 32, 255 * 32 + 1, 70_000] {
      #expect(Scanner.countLines([UInt8](repeating: 0x0A, count: length)) == length)
    }
  }

  /// Detector rules are arranged once for the whole scan unless one has path globs: then a
  /// file still gets only the detector rules whose paths take it.
  @Test func pathScopedDetectorRulesApplyOnlyWhereTheirPathsSay() throws {
    let json = """
      {"version": 1, "rules": [
        {"id": "wrapper-in-sources", "category": "future-task-wrapper", "severity": "warning",
         "message": "m", "help": "h", "detector": "future-task-wrapper", "paths": {"include": ["Sources/**"]}},
        {"id": "wrapper-outside-tests", "category": "future-task-wrapper", "severity": "warning",
         "message": "m", "help": "h", "detector": "future-task-wrapper", "paths": {"exclude": ["Tests/**"]}}
      ]}
      """
    let catalog = try RuleCatalog.load(Array(json.utf8), source: "rules.json", knownDetectors: Set(Detectors.names))
    let scanner = Scanner(catalog: catalog)
    let source = Array(
      """
      import Combine
      func load() -> Future<Int, Never> {
        Future { promise in
          Task { promise(.success(await compute())) }
        }
      }

      """.utf8)
    func rules(_ path: String) -> [String] {
      scanner.analyze(path: path, bytes: source).classification.candidates.map(\.ruleID).sorted()
    }
    #expect(rules("Sources/A.swift") == ["wrapper-in-sources", "wrapper-outside-tests"])
    #expect(rules("Tests/A.swift") == [])
    #expect(rules("Other/A.swift") == ["wrapper-outside-tests"])
  }

  @Test func containsFindsTheNeedleAnywhere() {
    let needle = Array("migrate-scan:".utf8)
    #expect(!ByteSearch.contains([], needle))
    #expect(!ByteSearch.contains(Array("migrate-scan".utf8), needle))
    #expect(!ByteSearch.contains(Array("mmigrate-scan;migrate-scan".utf8), needle))
    for prefix in ["", "m", "mmigrate-scan", "// migrate-sca "] {
      for suffix in ["", " disable"] {
        #expect(ByteSearch.contains(Array((prefix + "migrate-scan:" + suffix).utf8), needle))
      }
    }
  }
}
