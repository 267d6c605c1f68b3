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
    // A configuration fails closed: exit 2 naming the file, line and column, found or named,
    // in a scan as in a check (issue 20, item 2).
    ("error-config-fail-on-scan", ["\(trees)/bad-fail-on"]),
    ("error-config-fail-on-check", ["check", "\(trees)/bad-fail-on"]),
    (
      "error-config-named-fail-on",
      ["check", "\(trees)/one-subject", "--config", "Fixtures/cli/bad-fail-on-config.json"]
    ),
    ("error-config-disabled-rule", ["\(trees)/bad-disabled-rule"]),
    ("error-config-invalid-json", ["\(trees)/bad-json-config"]),
    ("warning-misspelt-suppression", ["\(trees)/misspelt-suppression", "--format", "xcode"]),
    // Every exit 1 says why on stderr, with --quiet too.
    ("fail-on-scan", ["\(trees)/one-subject", "--format", "xcode", "--fail-on", "note"]),
    ("fail-on-scan-quiet", ["\(trees)/one-subject", "--format", "xcode", "--fail-on", "note", "--quiet"]),
    ("ratchet-scan", ["\(trees)/one-subject", "--format", "xcode", "--baseline", goneBaseline, "--ratchet"]),
    ("ratchet-check", ["check", "\(trees)/one-subject", "--baseline", goneBaseline, "--ratchet"]),
    // The smaller things a newcomer meets (issue 20, item 6).
    ("error-output-format-disagrees", ["\(trees)/one-subject", "--output", "plan.md", "--format", "json"]),
    ("output-dash-is-stdout", ["\(trees)/one-subject", "--output", "-", "--format", "xcode"]),
    ("warning-no-swift-files", ["\(trees)/no-swift", "--format", "xcode"]),
    ("warning-include-matches-nothing", ["\(trees)/include-nothing", "--format", "xcode"]),
    ("error-suppression-without-reason-scan", ["\(trees)/reasonless-suppression", "--format", "xcode"]),
    ("error-suppression-without-reason-check", ["check", "\(trees)/reasonless-suppression"]),
  ]
  /// Small trees for the transcripts, given relative to the package root (the tests' directory).
  static let trees = "Fixtures/cli/trees"
  /// A baseline whose one entry is in no tree: `--ratchet` fails on it.
  static let goneBaseline = "Fixtures/cli/gone-baseline.json"

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
