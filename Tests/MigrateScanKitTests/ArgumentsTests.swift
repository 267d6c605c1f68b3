import MigrateScanKit
import Reports
import Testing

@Suite struct ArgumentsTests {
  @Test func defaultCommandIsScanOfPositionalPaths() throws {
    let invocation = try Arguments.parse(["Sources", "--format", "json"])
    #expect(invocation.command == .scan)
    #expect(invocation.arguments == ["Sources"])
    #expect(invocation.format == .json)
  }

  @Test func unknownOptionSuggestsTheClosest() {
    #expect(throws: CLIError.unknownOption("--fromat", suggestion: "--format")) {
      try Arguments.parse(["--fromat", "json"])
    }
  }

  @Test func optionValueMayFollowAnEqualsSign() throws {
    let invocation = try Arguments.parse(["--jobs=3", "--output=r.sarif"])
    #expect(invocation.jobs == 3)
    #expect(try invocation.outputs() == [Invocation.Output(format: .sarif, path: "r.sarif")])
  }

  @Test func missingValueIsAUsageError() {
    #expect(throws: CLIError.missingValue(option: "--rules")) { try Arguments.parse(["--rules"]) }
    #expect(CLIError.missingValue(option: "--rules").exitCode == .usage)
  }

  @Test func outputFormatComesFromExtensionOrFormat() throws {
    let invocation = try Arguments.parse(["--output", "a.md", "--output", "b.json", "--output", "c.sarif"])
    #expect(try invocation.outputs().map(\.format) == [.markdown, .json, .sarif])
    #expect(throws: CLIError.self) { try Arguments.parse(["--output", "report.txt"]) }
  }

  @Test func stagedAndSinceExcludeEachOther() {
    #expect(throws: CLIError.conflictingOptions("--staged", "--since")) {
      try Arguments.parse(["check", "--staged", "--since", "main"])
    }
  }

  @Test func gateOptionsBelongToTheirCommand() throws {
    #expect(throws: CLIError.conflictingOptions("--staged", "scan")) { try Arguments.parse(["--staged"]) }
    #expect(throws: CLIError.conflictingOptions("--since", "scan")) { try Arguments.parse(["--since", "main"]) }
    #expect(throws: CLIError.conflictingOptions("--write-baseline", "check")) {
      try Arguments.parse(["check", "--write-baseline", "b.json"])
    }
    #expect(try Arguments.parse(["check", "--staged"]).staged)
  }

  @Test func subcommandsTakeTheirArguments() throws {
    #expect(try Arguments.parse(["tokens", "a.swift", "b.swift"]).arguments == ["a.swift", "b.swift"])
    #expect(try Arguments.parse(["explain", "future-task-wrapper"]).command == .explain)
    #expect(throws: CLIError.missingArgument(command: "tokens", what: "one or more Swift files")) {
      try Arguments.parse(["tokens"])
    }
  }

  @Test func helpWinsOverTheSubcommand() throws {
    #expect(try Arguments.parse(["tokens", "--help"]).command == .help)
    #expect(try Arguments.parse(["--version"]).command == .version)
  }
}
