import Foundation
import MigrateScanKit
import Testing

/// Hole 4: links out of the scanned root are not followed unless `--follow-symlinks`, and then
/// what they lead to is reported under its real path; links inside the root are aliases, walked
/// once.
@Suite struct SymlinkTests {
  static let wrapper = HostileTreeTests.wrapper

  /// A tree with a secret outside it, links out to a file and a folder, links inside (to a file,
  /// to a folder, back to the root) and returns (tree, outside folder).
  static func makeFarm() throws -> (tree: String, outside: String) {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-links-\(UUID().uuidString)")
    let tree = base.appendingPathComponent("tree").path
    let outside = base.appendingPathComponent("outside").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: tree + "/Sources/App", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data(wrapper.utf8).write(to: URL(fileURLWithPath: outside + "/Secret.swift"))
    try Data(wrapper.utf8).write(to: URL(fileURLWithPath: tree + "/Sources/App/Real.swift"))
    try manager.createSymbolicLink(atPath: tree + "/Sources/Out.swift", withDestinationPath: outside + "/Secret.swift")
    try manager.createSymbolicLink(atPath: tree + "/Sources/OutDir", withDestinationPath: "../../outside")
    try manager.createSymbolicLink(atPath: tree + "/Sources/Alias.swift", withDestinationPath: "App/Real.swift")
    try manager.createSymbolicLink(atPath: tree + "/Sources/AliasDir", withDestinationPath: "App")
    try manager.createSymbolicLink(atPath: tree + "/Sources/App/Root", withDestinationPath: "../..")
    return (tree, outside)
  }

  static func wrapperFiles(_ json: String) throws -> [String] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    return findings.filter { $0["ruleId"] as? String == "future-task-wrapper" }.compactMap { $0["file"] as? String }
  }

  static func skipped(_ json: String) throws -> [String: String] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let summary = try #require(report["summary"] as? [String: Any])
    let entries = try #require(summary["skipped"] as? [[String: Any]])
    var result: [String: String] = [:]
    for entry in entries { result[entry["path"] as? String ?? ""] = entry["reason"] as? String }
    return result
  }

  @Test func linksOutOfTheRootAreNotFollowedAndSayWhy() throws {
    let (tree, outside) = try Self.makeFarm()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
    let run = CLIRun([tree, "--format", "json", "--quiet"])
    #expect(run.status == .success)
    #expect(try Self.wrapperFiles(run.stdout) == ["Sources/App/Real.swift"], "read once, under its own name")
    let skipped = try Self.skipped(run.stdout)
    let realOutside = try #require(RealPath.resolve(outside))
    #expect(skipped["Sources/Out.swift"]?.contains("'\(realOutside)/Secret.swift', outside the scanned root") == true)
    #expect(skipped["Sources/OutDir"]?.contains("outside the scanned root") == true)
    #expect(skipped["Sources/OutDir"]?.contains("--follow-symlinks") == true)
    #expect(skipped["Sources/Alias.swift"] == nil, "a link inside the root is an alias, not a skipped file")
  }

  @Test func followedLinksAreReportedUnderTheirRealPathOnce() throws {
    let (tree, outside) = try Self.makeFarm()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
    let realOutside = try #require(RealPath.resolve(outside))
    for jobs in ["1", "4"] {
      let run = CLIRun([tree, "--format", "json", "--quiet", "--follow-symlinks", "--jobs", jobs])
      #expect(run.status == .success)
      // Out.swift and OutDir/Secret.swift are one file; Alias.swift, AliasDir/Real.swift and
      // App/Root/Sources/App/Real.swift are another.
      #expect(
        try Self.wrapperFiles(run.stdout) == ["Sources/App/Real.swift", realOutside + "/Secret.swift"].sorted())
      #expect(try Self.skipped(run.stdout).isEmpty)
    }
  }

  /// The check names a followed file by its real path too, not under the root.
  @Test func theCheckNamesAFollowedFileByItsRealPath() throws {
    let (tree, outside) = try Self.makeFarm()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
    let realOutside = try #require(RealPath.resolve(outside))
    let run = CLIRun(["check", "--quiet", "--follow-symlinks", tree])
    #expect(run.status == .policyFailure)
    #expect(
      run.stdout.contains("\n\(realOutside)/Secret.swift:") || run.stdout.hasPrefix("\(realOutside)/Secret.swift:"))
    #expect(run.stdout.contains("\(tree)/Sources/App/Real.swift:"))
    #expect(!CLIRun(["check", "--quiet", tree]).stdout.contains("Secret.swift"))
  }

  @Test func aFollowedLinkIntoANeverEnteredFolderIsNotWalked() throws {
    let (tree, _) = try Self.makeFarm()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
    try FileManager.default.createDirectory(atPath: tree + "/Pods/Lib", withIntermediateDirectories: true)
    try Data(Self.wrapper.utf8).write(to: URL(fileURLWithPath: tree + "/Pods/Lib/Vendored.swift"))
    try FileManager.default.createSymbolicLink(atPath: tree + "/Sources/Lib", withDestinationPath: "../Pods/Lib")
    let run = CLIRun([tree, "--format", "json", "--quiet", "--follow-symlinks"])
    #expect(try !Self.wrapperFiles(run.stdout).contains { $0.contains("Vendored") })
  }
}
