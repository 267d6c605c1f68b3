import Reports
import RuleEngine

/// The hand-written command-line parser: a pure function from arguments to an `Invocation`.
package enum Arguments {
  /// An option the parser knows: its spelling and whether it takes a value.
  private struct OptionSpec: Sendable {
    let name: String
    let takesValue: Bool
    let apply: @Sendable (inout Invocation, String) throws(CLIError) -> Void
  }

  private static let options: [OptionSpec] = [
    OptionSpec(name: "--rules", takesValue: true) { invocation, value in invocation.rulesFile = value },
    OptionSpec(name: "--add-rules", takesValue: true) { invocation, value in invocation.extraRulesFiles.append(value) },
    OptionSpec(name: "--only", takesValue: true) { invocation, value in invocation.onlyRules.append(value) },
    OptionSpec(name: "--format", takesValue: true) { invocation, value throws(CLIError) in
      guard let format = ReportFormat(name: value) else {
        throw .invalidValue(
          option: "--format", value: value,
          expected: ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
      }
      invocation.format = format
    },
    OptionSpec(name: "--output", takesValue: true) { invocation, value in invocation.outputPaths.append(value) },
    OptionSpec(name: "--fail-on", takesValue: true) { invocation, value in
      invocation.failOn.append(contentsOf: value.split(separator: ",").map(String.init))
    },
    OptionSpec(name: "--jobs", takesValue: true) { invocation, value throws(CLIError) in
      guard let jobs = Int(value), jobs >= 1, jobs <= 512 else {
        throw .invalidValue(option: "--jobs", value: value, expected: "a whole number from 1 to 512")
      }
      invocation.jobs = jobs
    },
    OptionSpec(name: "--config", takesValue: true) { invocation, value in invocation.configFile = value },
    OptionSpec(name: "--baseline", takesValue: true) { invocation, value in invocation.baseline = value },
    OptionSpec(name: "--write-baseline", takesValue: true) { invocation, value in invocation.writeBaseline = value },
    OptionSpec(name: "--ratchet", takesValue: false) { invocation, _ in invocation.ratchet = true },
    OptionSpec(name: "--staged", takesValue: false) { invocation, _ in invocation.staged = true },
    OptionSpec(name: "--since", takesValue: true) { invocation, value throws(CLIError) in
      // A revision never starts with `-`: `--since --cached` or `--since -R` is a mistake (or an
      // attempt to change what git compares), never a revision.
      guard !value.hasPrefix("-"), !value.isEmpty else {
        throw .invalidValue(option: "--since", value: value, expected: "a revision (a branch, tag or commit id)")
      }
      invocation.since = value
    },
    OptionSpec(name: "--whole-tree", takesValue: false) { invocation, _ in invocation.wholeTree = true },
    OptionSpec(name: "--max-file-size", takesValue: true) { invocation, value throws(CLIError) in
      guard let size = Int(value), size > 0 else {
        throw .invalidValue(option: "--max-file-size", value: value, expected: "a number of bytes above 0")
      }
      invocation.maxFileSize = size
    },
    OptionSpec(name: "--follow-symlinks", takesValue: false) { invocation, _ in invocation.followSymlinks = true },
    OptionSpec(name: "--quiet", takesValue: false) { invocation, _ in invocation.quiet = true },
    OptionSpec(name: "-q", takesValue: false) { invocation, _ in invocation.quiet = true },
    OptionSpec(name: "--help", takesValue: false) { invocation, _ in invocation.command = .help },
    OptionSpec(name: "-h", takesValue: false) { invocation, _ in invocation.command = .help },
    OptionSpec(name: "--version", takesValue: false) { invocation, _ in invocation.command = .version },
  ]

  /// Every option spelling, for "did you mean" hints and the help test.
  package static var optionNames: [String] { options.map(\.name) }

  /// Parses `arguments` (without the program name).
  ///
  /// The first argument selects a subcommand when it names one (`tokens`, `rules`, `explain`,
  /// `check`, `scan`, `help`); anything else starts a scan. `--name=value` and `--name value`
  /// are both accepted; `--` ends the options.
  package static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
    var invocation = Invocation()
    var remaining = arguments[...]
    if let first = remaining.first, let command = Invocation.Command(rawValue: first),
      command != .version
    {
      invocation.command = command
      remaining = remaining.dropFirst()
    }
    var explicitCommand = invocation.command
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        invocation.arguments.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.name == name }) else {
        throw .unknownOption(name, suggestion: Suggestion.closest(to: name, in: optionNames))
      }
      if spec.takesValue {
        guard let value = inlineValue ?? remaining.popFirst() else { throw .missingValue(option: name) }
        try spec.apply(&invocation, value)
      } else {
        if let inlineValue { throw .invalidValue(option: name, value: inlineValue, expected: "no value") }
        try spec.apply(&invocation, "")
      }
      // `--help`/`--version` win over the subcommand they follow.
      if invocation.command == .help || invocation.command == .version { explicitCommand = invocation.command }
    }
    invocation.command = explicitCommand
    try validate(invocation)
    return invocation
  }

  /// Checks that belong to the command line itself: arity and options that exclude each other.
  private static func validate(_ invocation: Invocation) throws(CLIError) {
    switch invocation.command {
    case .tokens:
      if invocation.arguments.isEmpty { throw .missingArgument(command: "tokens", what: "one or more Swift files") }
    case .explain:
      if invocation.arguments.isEmpty { throw .missingArgument(command: "explain", what: "a rule id") }
      if invocation.arguments.count > 1 { throw .unexpectedArgument(invocation.arguments[1]) }
    case .rules:
      if let extra = invocation.arguments.first { throw .unexpectedArgument(extra) }
    case .scan, .check:
      if invocation.staged && invocation.since != nil { throw .conflictingOptions("--staged", "--since") }
      // Options that only one of the two commands reads are refused on the other, rather than
      // silently ignored: a pre-commit hook spelled `migrate-scan --staged` must not pass by
      // scanning the whole tree.
      if invocation.command == .scan && invocation.staged { throw .conflictingOptions("--staged", "scan") }
      if invocation.command == .scan && invocation.since != nil { throw .conflictingOptions("--since", "scan") }
      if invocation.command == .check && invocation.writeBaseline != nil {
        throw .conflictingOptions("--write-baseline", "check")
      }
      _ = try invocation.outputs()
    case .help, .version:
      break
    }
  }
}
