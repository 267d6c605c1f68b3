import Foundation
import MigrateScanKit
import Testing

/// Every option applies to the subcommands the table names and is a usage error (exit 64)
/// naming it anywhere else, never silently ignored.
@Suite struct OptionApplicabilityTests {
  typealias Command = Invocation.Command

  /// The table, spelled out: what a user reads in the help, checked against what the parser does.
  static let expected: [String: Set<Command>] = [
    "--rules": [.scan, .check, .rules], "--add-rules": [.scan, .check, .rules], "--only": [.scan, .check, .rules],
    "--format": [.scan, .check, .rules, .diff], "--output": [.scan, .check, .diff], "--fail-on": [.scan, .check],
    "--jobs": [.scan, .check], "--config": [.scan, .check], "--baseline": [.scan, .check],
    "--write-baseline": [.scan], "--summary": [.scan], "--full-report-url": [.scan], "--no-history": [.scan],
    "--ratchet": [.scan, .check], "--staged": [.check], "--since": [.check],
    "--whole-tree": [.check], "--max-file-size": [.scan, .check], "--follow-symlinks": [.scan, .check],
    "--quiet": [.scan, .check, .diff], "-q": [.scan, .check, .diff], "--fail-on-new": [.diff],
    "--help": Set(Command.allCases), "-h": Set(Command.allCases), "--version": Set(Command.allCases),
  ]

  /// A value each option accepts.
  static let values: [String: String] = [
    "--rules": "r.json", "--add-rules": "r.json", "--only": "subject", "--format": "json", "--output": "o.json",
    "--fail-on": "error", "--jobs": "2", "--config": "c.json", "--baseline": "b.json", "--write-baseline": "b.json",
    "--since": "main", "--max-file-size": "10", "--full-report-url": "plan.md",
  ]

  /// The smallest valid command line for `command`, before the option under test.
  static func arguments(_ command: Command, option: String) -> [String] {
    var arguments: [String] = [command.rawValue]
    arguments.append(option)
    if let value = values[option] { arguments.append(value) }
    switch command {
    case .tokens: arguments.append("a.swift")
    case .explain: arguments.append("future-task-wrapper")
    case .diff: arguments += ["old.json", "new.json"]
    default: break
    }
    // Options that mean something only beside another get it.
    if command == .check && option == "--whole-tree" { arguments.append("--staged") }
    if option == "--ratchet" { arguments += ["--baseline", "b.json"] }
    if option == "--full-report-url" { arguments.append("--summary") }
    return arguments
  }

  @Test func theTableCoversEveryOptionAsDocumented() {
    #expect(Arguments.applicability == Self.expected)
    #expect(Set(Arguments.optionNames) == Set(Self.expected.keys))
  }

  @Test func everyOptionParsesWhereItAppliesAndIsAUsageErrorElsewhere() {
    for (option, commands) in Self.expected {
      for command in Command.allCases where command != .help && command != .version {
        let arguments = Self.arguments(command, option: option)
        if commands.contains(command) {
          #expect(throws: Never.self, "\(arguments)") { try Arguments.parse(arguments) }
        } else {
          do {
            _ = try Arguments.parse(arguments)
            Issue.record("\(arguments) was accepted")
          } catch {
            #expect(error.exitCode == .usage, "\(arguments)")
            #expect(error.description.contains("'\(option)'"), "\(arguments): \(error)")
          }
        }
      }
    }
  }

  @Test func optionsThatNeedAnotherAreUsageErrors() {
    #expect(throws: CLIError.needsOption("--ratchet", needs: "--baseline")) { try Arguments.parse(["--ratchet"]) }
    #expect(throws: CLIError.needsOption("--whole-tree", needs: "--staged or --since")) {
      try Arguments.parse(["check", "--whole-tree"])
    }
    #expect(throws: CLIError.conflictingOptions("--baseline", "--staged")) {
      try Arguments.parse(["check", "--staged", "--baseline", "b.json"])
    }
    #expect(throws: CLIError.conflictingOptions("--ratchet", "--since")) {
      try Arguments.parse(["check", "--since", "main", "--ratchet"])
    }
  }

  @Test func theCommandLineExits64NamingTheOption() throws {
    let cases: [([String], String)] = [
      (["explain", "--add-rules", "mine.json", "future-task-wrapper"], "'--add-rules' does not apply to 'explain'"),
      (["--whole-tree", "."], "'--whole-tree' goes with 'check'"),
      (["check", "--whole-tree", "."], "'--whole-tree' applies only with --staged or --since"),
      (["--ratchet", "."], "'--ratchet' applies only with --baseline"),
      (["tokens", "--jobs", "2", "a.swift"], "'--jobs' does not apply to 'tokens'"),
      (["rules", "--output", "rules.json"], "'--output' does not apply to 'rules'"),
    ]
    for (arguments, message) in cases {
      let run = CLIRun(arguments)
      #expect(run.status == .usage, "\(arguments)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
  }

  @Test func checkRatchetWithoutAnyBaselineIsAUsageError() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/A.swift", "let a = 1\n")
    let run = CLIRun(["check", "--ratchet", "--quiet", repository.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("'--ratchet' applies only with --baseline"))
  }
}
