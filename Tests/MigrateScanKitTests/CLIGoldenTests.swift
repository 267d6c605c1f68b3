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
    ("help-check", ["help", "check"]),
    ("help-scan", ["scan", "--help"]),
    ("help-explain", ["explain", "-h"]),
    ("error-misspelled-command", ["chek", "--staged"]),
    ("error-help-misspelled-command", ["help", "expain"]),
    ("explain-category", ["explain", "continuation-misuse"]),
    ("error-tokens-folder", ["tokens", "Fixtures/projects"]),
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

  /// `check --help` and `help check` are the same text: check's usage, examples, and exactly
  /// the options the parser lets check take.
  @Test func subcommandHelpListsExactlyTheOptionsItTakes() {
    for command in ["scan", "check", "diff", "tokens", "rules", "explain"] {
      let viaHelp = CLIRun(["help", command])
      let viaOption = CLIRun([command, "--help"])
      #expect(viaHelp.status == .success && viaOption.status == .success)
      #expect(viaHelp.stdout == viaOption.stdout, "\(command)")
      #expect(viaHelp.stdout.hasPrefix("migrate-scan \(command): "), "\(command)")
      #expect(viaHelp.stdout.contains("EXAMPLES:"), "\(command)")
      for (option, commands) in Arguments.applicability where option != "-q" && option != "-h" {
        guard let parsed = Invocation.Command(rawValue: command) else { continue }
        let listed =
          viaHelp.stdout.contains("  \(option) ") || viaHelp.stdout.contains(", \(option) ")
          || viaHelp.stdout.contains("  \(option)\n")
        #expect(listed == commands.contains(parsed), "\(command) help and \(option)")
      }
    }
  }

  @Test func misspelledCommandIsAUsageErrorWithASuggestion() {
    let run = CLIRun(["expain", "future-task-wrapper"])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("did you mean 'explain'?"))
    // A folder that exists is scanned, whatever it is called.
    #expect(CLIRun([FixturePaths.fixture("projects/SampleApp").path, "--quiet"]).status == .success)
  }

  @Test func rulesHaveAHeaderAndAJSONForm() throws {
    let text = CLIRun(["rules"])
    #expect(text.stdout.split(separator: "\n").first?.hasPrefix("ID ") == true)
    #expect(text.stdout.contains("CATEGORY") && text.stdout.contains("MATCHED BY"))
    let json = CLIRun(["rules", "--format", "json"])
    #expect(json.status == .success)
    let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(rules.count == text.stdout.split(separator: "\n").count - 1, "one object per listed rule")
    #expect(rules.contains { $0["id"] == "future-task-wrapper" && $0["category"] == "future-task-wrapper" })
    #expect(CLIRun(["rules", "--format", "sarif"]).status == .usage)
  }

  @Test func explainPrintsMessageHelpAndExample() {
    let run = CLIRun(["explain", "future-task-wrapper"])
    #expect(run.status == .success)
    #expect(run.stdout.contains("`Future` whose closure starts a `Task`"))
    #expect(run.stdout.contains("Before:"))
  }
}
