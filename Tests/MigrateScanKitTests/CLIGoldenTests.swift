import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// The command line's words: help, version and error transcripts pinned in `Fixtures/cli/`.
@Suite struct CLIGoldenTests {
  static let badRules = FixturePaths.fixture("cli/bad-rules.json").path
  static let unknownKeyRules = FixturePaths.fixture("cli/unknown-key-rules.json").path

  static let cases: [(name: String, arguments: [String])] = [
    ("help", ["--help"]),
    ("version", ["--version"]),
    ("error-unknown-option", ["--fromat", "json"]),
    ("error-missing-value", ["--output"]),
    ("error-bad-format", ["--format", "yaml"]),
    ("error-missing-path", ["Fixtures/does-not-exist"]),
    ("error-bad-rules-json", ["--rules", badRules, "."]),
    ("error-unknown-key-rules", ["--rules", unknownKeyRules, "."]),
    ("error-missing-rules", ["--rules", "no-such-rules.json", "."]),
    ("error-unknown-rule", ["explain", "future-task-wraper"]),
    ("error-tokens-without-file", ["tokens"]),
  ]

  @Test(arguments: cases.map(\.name))
  func transcriptMatchesGolden(_ name: String) {
    let arguments = Self.cases.first { $0.name == name }!.arguments
    let run = CLIRun(arguments)
    let outcome = Golden.compare(run.transcript, with: FixturePaths.fixture("cli/\(name).txt"))
    if let failure = outcome.failureMessage { Issue.record("\(name): \(failure)") }
  }

  @Test func exitCodesCarryMeaning() {
    #expect(CLIRun(["--help"]).status == .success)
    #expect(CLIRun(["--fromat"]).status == .usage)
    #expect(CLIRun(["/no/such/dir"]).status == .runtimeError)
    #expect(CLIRun(["--rules", Self.badRules, "."]).status == .runtimeError)
  }

  @Test func helpHasAnExitStatusSectionAndListsEveryOption() {
    let help = CLIRun(["--help"]).stdout
    #expect(help.contains("EXIT STATUS:"))
    for option in Arguments.optionNames { #expect(help.contains(option), "help does not mention \(option)") }
  }

  @Test func explainPrintsMessageHelpAndExample() {
    let run = CLIRun(["explain", "future-task-wrapper"])
    #expect(run.status == .success)
    #expect(run.stdout.contains("`Future` whose closure starts a `Task`"))
    #expect(run.stdout.contains("Before:"))
  }
}
