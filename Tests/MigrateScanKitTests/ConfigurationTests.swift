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

/// Hole 4: a configuration in the tree names files in the tree only (after resolving links and
/// `..`); a path given on the command line is trusted.
@Suite struct ConfigurationPathTests {
  /// A repository (with `.git`) holding `configuration` as `.migrate-scan.json`, next to a
  /// folder outside it with a rules file and a baseline.
  static func makeTree(_ configuration: String) throws -> (repository: TemporaryRepository, outside: String) {
    let repository = try TemporaryRepository()
    let outside = repository.path + "-outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"rules\": []}".utf8).write(to: URL(fileURLWithPath: outside + "/rules.json"))
    try repository.write("Sources/A.swift", "let a = 1\n")
    try repository.write("inside.json", "{\"version\": 1, \"rules\": []}")
    try repository.write(".migrate-scan.json", configuration)
    return (repository, outside)
  }

  @Test(arguments: [
    (#"{"rulesFiles": ["../OUTSIDE/rules.json"]}"#, "'rulesFiles' names '"),
    (#"{"baseline": "../OUTSIDE/baseline.json"}"#, "'baseline' names '"),
    (#"{"rulesFiles": ["link/rules.json"]}"#, "'rulesFiles' names '"),
    (#"{"rulesFiles": ["/etc/hostname"]}"#, "'rulesFiles' names '/etc/hostname', which resolves to '/etc/hostname'"),
  ])
  func aPathOutOfTheRepositoryIsExitTwoNamingTheKey(configuration: String, message: String) throws {
    let (repository, outside) = try Self.makeTree("")
    defer {
      repository.remove()
      try? FileManager.default.removeItem(atPath: outside)
    }
    let outsideName = URL(fileURLWithPath: outside).lastPathComponent
    try repository.write(".migrate-scan.json", configuration.replacingOccurrences(of: "OUTSIDE", with: outsideName))
    try FileManager.default.createSymbolicLink(atPath: repository.path + "/link", withDestinationPath: outside)
    // Also when the configuration in the repository is named with --config, for a scan of a
    // folder in it.
    let named = ["--config", repository.path + "/.migrate-scan.json", repository.path + "/Sources"]
    for arguments in [[repository.path], ["check", repository.path], named] {
      let run = CLIRun(arguments + ["--quiet"])
      #expect(run.status == .runtimeError, "\(arguments)")
      #expect(run.stderr.contains(message), "\(run.stderr)")
      #expect(run.stderr.contains("outside the repository"), "\(run.stderr)")
    }
  }

  @Test func aPathInsideTheRepositoryIsRead() throws {
    let (repository, outside) = try Self.makeTree(#"{"rulesFiles": ["Sources/../inside.json"]}"#)
    defer {
      repository.remove()
      try? FileManager.default.removeItem(atPath: outside)
    }
    #expect(CLIRun([repository.path, "--quiet", "--format", "json"]).status == .success)
  }

  @Test func theConfigurationFileItselfMayNotLinkOut() throws {
    let (repository, outside) = try Self.makeTree("")
    defer {
      repository.remove()
      try? FileManager.default.removeItem(atPath: outside)
    }
    try Data("{\"exclude\": [\"**\"]}".utf8).write(to: URL(fileURLWithPath: outside + "/config.json"))
    try FileManager.default.removeItem(atPath: repository.path + "/.migrate-scan.json")
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/.migrate-scan.json", withDestinationPath: outside + "/config.json")
    let run = CLIRun([repository.path, "--quiet", "--format", "json"])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.contains("configuration '\(repository.path)/.migrate-scan.json' resolves to"))
  }

  /// The command line is trusted: `--config`, `--add-rules` and `--baseline` may name any file,
  /// and so may a configuration given with `--config` from outside the repository.
  @Test func pathsFromTheCommandLineAreTrusted() throws {
    let (repository, outside) = try Self.makeTree("{}")
    defer {
      repository.remove()
      try? FileManager.default.removeItem(atPath: outside)
    }
    #expect(
      CLIRun([repository.path, "--quiet", "--format", "json", "--add-rules", outside + "/rules.json"]).status
        == .success)
    try Data("{\"rulesFiles\": [\"rules.json\"]}".utf8).write(to: URL(fileURLWithPath: outside + "/config.json"))
    #expect(
      CLIRun([repository.path, "--quiet", "--format", "json", "--config", outside + "/config.json"]).status == .success)
  }
}
