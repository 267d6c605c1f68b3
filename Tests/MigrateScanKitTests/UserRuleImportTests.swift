import Foundation
import MigrateScanKit
import Testing

/// A team's own pattern rule fires wherever its pattern matches (issue 20, item 6): the
/// Combine-import filter applies to it only when its match names an ambiguous Combine word or
/// the rule asks for the import (`requires-combine-import`).
@Suite struct UserRuleImportTests {
  static func tree(rule extra: String) throws -> (root: URL, rules: String) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-urule-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let source = """
      import UIKit
      func refresh() {
        DispatchQueue.main.async { print("refreshed") }
        let value = Just(1)
        _ = value
      }

      """
    try Data(source.utf8).write(to: root.appendingPathComponent("Screen.swift"))
    let rules = root.appendingPathExtension("rules.json").path
    let text = """
      {"version": 1, "rules": [
        {"id": "team-main-async", "category": "operator-pipeline", "severity": "warning", "message": "main-queue hop",
         "help": "Use @MainActor.", "pattern": "DispatchQueue.main.async { $$$ }"\(extra)},
        {"id": "team-just", "category": "one-shot-future", "severity": "warning", "message": "a Just",
         "help": "Return the value.", "pattern": "Just($X)"}
      ]}
      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: rules))
    return (root, rules)
  }

  static func ruleIDs(_ run: CLIRun) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let findings = object?["findings"] as? [[String: Any]] ?? []
    return findings.compactMap { $0["ruleId"] as? String }
  }

  @Test func aPatternNamingNoCombineWordFiresInAFileWithoutCombine() throws {
    let (root, rules) = try Self.tree(rule: "")
    defer {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(atPath: rules)
    }
    let run = CLIRun([
      root.path, "--add-rules", rules, "--only", "team-main-async", "--only", "team-just", "--format", "json",
      "--quiet",
    ])
    #expect(run.status == .success, "\(run.stderr)")
    let ids = try Self.ruleIDs(run)
    #expect(ids.contains("team-main-async"), "\(ids)")
    // `Just` is ambiguous: without Combine in sight it is someone else's, as for built-in rules.
    #expect(!ids.contains("team-just"), "\(ids)")
  }

  @Test func aRuleCanAskForTheCombineImport() throws {
    let (root, rules) = try Self.tree(rule: #", "requires-combine-import": true"#)
    defer {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(atPath: rules)
    }
    let run = CLIRun([root.path, "--add-rules", rules, "--only", "team-main-async", "--format", "json", "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try Self.ruleIDs(run).isEmpty)
  }

  @Test func theKeyMustBeABoolean() throws {
    let (root, rules) = try Self.tree(rule: #", "requires-combine-import": "yes""#)
    defer {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(atPath: rules)
    }
    let run = CLIRun([root.path, "--add-rules", rules, "--quiet"])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.contains("requires-combine-import"), "\(run.stderr)")
  }
}
