import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// The promises of the project model, end to end through the CLI: Xcode targets are the modules,
/// tests travel with what they test, deployment targets decide verdicts, uncompiled files are
/// skipped, and a folder guess is said at the top.
@Suite struct ProjectModelTests {
  func json(_ project: String, folder: String = "projects") throws -> [String: Any] {
    let run = CLIRun([FixturePaths.fixture("\(folder)/\(project)").path, "--format", "json", "--quiet"])
    #expect(run.status == .success)
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  func findings(_ report: [String: Any]) -> [[String: Any]] { report["findings"] as? [[String: Any]] ?? [] }
  func modules(_ report: [String: Any]) -> [[String: Any]] { report["modules"] as? [[String: Any]] ?? [] }

  @Test(arguments: [
    "SampleApp", "XcodeClassicApp", "XcodeLocalPackageApp", "XcodeSyncedApp", "XcodeWorkspaceApp", "XcodeGenApp",
  ])
  func noObservableMigrationBelowItsOS(project: String) throws {
    let report = try json(project)
    let targets = Dictionary(
      uniqueKeysWithValues: modules(report).map {
        ($0["name"] as! String, $0["deploymentTargets"] as! [String: String])
      })
    for finding in findings(report)
    where ["observable-object", "published-property"].contains(finding["category"] as? String) {
      guard finding["disposition"] as? String == "migrate" else { continue }
      let module = finding["module"] as? String ?? ""
      let iOS = targets[module]?["iOS"].flatMap { Int($0.split(separator: ".")[0]) } ?? 99
      let macOS = targets[module]?["macOS"].flatMap { Int($0.split(separator: ".")[0]) } ?? 99
      #expect(iOS >= 17 && macOS >= 14, "\(project): \(finding["file"] ?? "") migrates to @Observable below its OS")
    }
  }

  @Test func theSharedFileIsGatedByTheLowestTargetThatCompilesIt() throws {
    let report = try json("XcodeSyncedApp")
    let byFile = Dictionary(grouping: findings(report)) { $0["file"] as! String }
    // Notes (macOS 14) and its widget (macOS 13) both compile NoteStore.swift: 13 decides.
    #expect(
      byFile["Notes/NoteStore.swift"]?.allSatisfy { $0["disposition"] as? String == "blocked-by-deployment-target" }
        == true)
    // Editor.swift is the app's alone, at macOS 14: it migrates.
    #expect(byFile["Notes/Editor.swift"]?.allSatisfy { $0["disposition"] as? String == "migrate" } == true)
    let gates = byFile["Notes/NoteStore.swift"]?.first?["deploymentGates"] as? [[String: String]]
    #expect(gates == [["platform": "macOS", "current": "13.0", "needed": "14"]])
    #expect(byFile["Notes/Preview/PreviewData.swift"] == nil, "excluded by its membership exception")
  }

  @Test func testsTravelWithTheModuleTheyTest() throws {
    let report = try json("XcodeClassicApp")
    let byName = Dictionary(uniqueKeysWithValues: modules(report).map { ($0["name"] as! String, $0) })
    #expect(byName["AppTests"]?["testOf"] as? String == "App")
    #expect(byName["AppUITests"]?["testOf"] as? String == "App")
    #expect(byName["App"]?["tested"] as? Bool == true)
    #expect(byName["AppTests"]?["wave"] as? Int == byName["App"]?["wave"] as? Int)
  }

  @Test func uncompiledFilesAreSkippedWithTheReasonAndGiveNoFindings() throws {
    let report = try json("XcodeLocalPackageApp")
    let skipped = (report["summary"] as? [String: Any])?["skipped"] as? [[String: String]] ?? []
    #expect(
      skipped.map { $0["path"] ?? "" } == [
        "Packages/Catalog/Sources/Catalog/Legacy/OldStore.swift",
        "Packages/Catalog/Sources/Catalog/Samples/SampleCatalog.swift",
      ])
    #expect(skipped.allSatisfy { $0["reason"]?.contains("Package.swift") == true })
    #expect(!findings(report).contains { ($0["file"] as? String)?.contains("Samples/") == true })
  }

  @Test func folderModulesAreSaidToBeGuessed() throws {
    let guessed = try json("XcodeStyle", folder: "graph")["guesses"] as? [String] ?? []
    #expect(guessed.count == 1)
    #expect(guessed.first?.hasPrefix("All modules are guessed from folders") == true)
    #expect(guessed.first?.contains("`modules` in `.migrate-scan.json`") == true)
    #expect((try json("XcodeClassicApp")["guesses"] as? [String]) == [])
  }

  @Test func aWorkspaceIsOneGraphAcrossItsProjectsAndPackages() throws {
    let report = try json("XcodeWorkspaceApp")
    let byName = Dictionary(uniqueKeysWithValues: modules(report).map { ($0["name"] as! String, $0) })
    #expect(byName.keys.sorted() == ["App", "AppTests", "Catalog", "Core"])
    #expect(byName["App"]?["dependsOn"] as? [String] == ["Catalog", "Core"])
    #expect(byName["AppTests"]?["testOf"] as? String == "App")
    #expect(byName["Core"]?["wave"] as? Int == 0)
    #expect(byName["App"]?["wave"] as? Int == 1)
    // Core is at iOS 17 and migrates; the app, at iOS 16, waits.
    let byFile = Dictionary(grouping: findings(report)) { $0["file"] as! String }
    #expect(byFile["Core/Core/Session.swift"]?.allSatisfy { $0["disposition"] as? String == "migrate" } == true)
    #expect(
      byFile["App/App/ShopModel.swift"]?.allSatisfy { $0["disposition"] as? String == "blocked-by-deployment-target" }
        == true)
  }

  @Test func aWorkspaceLocationOutsideTheTreeIsWarnedAboutAndNeverRead() {
    let run = CLIRun([FixturePaths.fixture("projects/XcodeWorkspaceApp").path, "--format", "json"])
    #expect(run.status == .success)
    #expect(
      run.stderr.contains(
        "Shop.xcworkspace/contents.xcworkspacedata: line 18: location `absolute:/etc` is an absolute path, outside the scanned tree; not read"
      ))
    #expect(run.stderr.contains("`group:../../../outside/Other.xcodeproj` leaves the scanned root; not read"))
  }

  @Test func anXcodeGenSpecWithoutAProjectGivesTheTargets() throws {
    let report = try json("XcodeGenApp")
    #expect(report["guesses"] as? [String] == [])
    let byName = Dictionary(uniqueKeysWithValues: modules(report).map { ($0["name"] as! String, $0) })
    #expect(byName.keys.sorted() == ["App", "AppTests", "Kit", "Widget"])
    #expect(byName["App"]?["dependsOn"] as? [String] == ["Kit", "Widget"])
    #expect(byName["App"]?["deploymentTargets"] as? [String: String] == ["iOS": "16.0"])
    #expect(byName["Widget"]?["deploymentTargets"] as? [String: String] == ["iOS": "17.0"])
    #expect((byName["App"]?["language"] as? [String: Any])?["strictConcurrency"] as? String == "complete")
    #expect(byName["AppTests"]?["testOf"] as? String == "App")
    let skipped = (report["summary"] as? [String: Any])?["skipped"] as? [[String: String]] ?? []
    #expect(skipped == [["path": "Widget/Preview.swift", "reason": "no target of project.yml compiles it"]])
    let run = CLIRun([FixturePaths.fixture("projects/XcodeGenApp").path, "--format", "json"])
    #expect(
      run.stderr.contains("project.yml: include `../../../etc/hostile.yml` is outside the scanned tree; not read"))
  }

  @Test func aTuistManifestIsNeverRunAndTheGuessSaysSo() throws {
    let tree = try TemporaryRepository()
    defer { tree.remove() }
    try tree.write(
      "Project.swift",
      "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [.target(name: \"App\")])\n")
    try tree.write("App/Sources/Main.swift", "import SwiftUI\n")
    let run = CLIRun([tree.path, "--format", "json", "--quiet"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let guesses = report["guesses"] as? [String] ?? []
    #expect(guesses.count == 1)
    #expect(guesses.first?.contains("Tuist's `Project.swift` is Swift code, which migrate-scan never runs") == true)
  }
}
