import Foundation
import MigrateScanKit
import ScanModel
import Testing

@Suite struct ConfigurationTests {
  static func parse(_ text: String) throws(CLIError) -> Configuration {
    try Configuration.parse(Array(text.utf8), path: "cfg/.migrate-scan.json", folder: "cfg")
  }

  @Test func readsEveryKeyAndResolvesPathsAgainstItsFolder() throws {
    let configuration = try Self.parse(
      """
      {"version": 1, "include": ["Sources/**"], "exclude": ["**/Gen/**"], "disabledRules": ["subject"],
       "severity": {"subject": "error"}, "rulesFiles": ["team.json"], "modules": {"App/Core": "Core"},
       "baseline": "base.json", "failOn": ["error"], "maxFileSize": 10, "leaveAloneLines": 20}
      """)
    #expect(configuration.include == ["Sources/**"])
    #expect(configuration.rulesFiles == ["cfg/team.json"])
    #expect(configuration.baseline == "cfg/base.json")
    #expect(configuration.severity == ["subject": .error])
    #expect(configuration.modules == ["App/Core": "Core"])
    #expect(configuration.maxFileSize == 10)
  }

  @Test func unknownKeyIsAnErrorWithASuggestion() {
    #expect(throws: CLIError.self) { try Self.parse(#"{"exlude": []}"#) }
    do {
      _ = try Self.parse(#"{"exlude": []}"#)
    } catch {
      #expect(error.description.contains("unknown key 'exlude'; did you mean 'exclude'?"))
    }
  }

  @Test func wrongTypesAndVersionsAreErrors() {
    #expect(throws: CLIError.self) { try Self.parse(#"{"version": 2}"#) }
    #expect(throws: CLIError.self) { try Self.parse(#"{"include": "Sources"}"#) }
    #expect(throws: CLIError.self) { try Self.parse(#"{"severity": {"subject": "fatal"}}"#) }
    #expect(throws: CLIError.self) { try Self.parse("{ not json") }
  }

  @Test func aConfigurationAtTheRootIsReadAndABadOneIsExitTwo() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-cfg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("Gen"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let model = "import Combine\nfinal class M: ObservableObject {}\n"
    try Data(model.utf8).write(to: root.appendingPathComponent("Model.swift"))
    try Data(model.utf8).write(to: root.appendingPathComponent("Gen/Generated.swift"))
    try Data(model.utf8).write(to: root.appendingPathComponent("Model.generated.swift"))
    try Data(#"{"exclude": ["Gen/**"]}"#.utf8).write(to: root.appendingPathComponent(".migrate-scan.json"))
    let run = CLIRun([root.path, "--format", "xcode", "--quiet"])
    #expect(run.status == .success)
    #expect(run.stdout.contains("Model.swift:2"))
    #expect(!run.stdout.contains("Generated.swift"), "excluded by the configuration")
    #expect(!run.stdout.contains("Model.generated.swift"), "generated sources are excluded by default")
    try Data(#"{"exlude": []}"#.utf8).write(to: root.appendingPathComponent(".migrate-scan.json"))
    #expect(CLIRun([root.path, "--quiet"]).status == .runtimeError)
  }

  @Test func unusedAndMalformedSuppressionsAreReported() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-sup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let source = """
      import Combine
      // migrate-scan:disable-next-line observable-object -- kept for the SDK
      final class M: ObservableObject {}
      // migrate-scan:disable-next-line subject
      let x = 1
      // migrate-scan:disable-nextline subject
      """
    try Data(source.utf8).write(to: root.appendingPathComponent("M.swift"))
    let run = CLIRun([root.path, "--format", "json"])
    #expect(run.status == .success)
    #expect(run.stderr.contains("M.swift:4:1: warning: unused suppression of subject"))
    #expect(run.stderr.contains("M.swift:6: warning: unknown suppression 'disable-nextline'"))
    #expect(run.stdout.contains("\"suppression\": \"kept for the SDK\""))
  }
}
