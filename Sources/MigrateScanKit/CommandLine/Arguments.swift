import FoundationEssentials
import Reports
import RuleEngine

/// The hand-written command-line parser: a pure function from arguments to an `Invocation`.
package enum Arguments {
  /// An option the parser knows: its spelling, whether it takes a value, and the subcommands
  /// that read it (given to any other, it is a usage error naming it, never silently ignored).
  private struct OptionSpec: Sendable {
    let name: String
    let takesValue: Bool
    let commands: Set<Invocation.Command>
    let apply: @Sendable (inout Invocation, String) throws(CLIError) -> Void

    init(
      name: String, takesValue: Bool, commands: Set<Invocation.Command>,
      apply: @escaping @Sendable (inout Invocation, String) throws(CLIError) -> Void
    ) {
      self.name = name
      self.takesValue = takesValue
      self.commands = commands
      self.apply = apply
    }
  }

  /// The commands that analyse a tree.
  private static let scanning: Set<Invocation.Command> = [.scan, .check]
  /// `--help` and `--version` go with anything: they replace the command.
  private static let everyCommand = Set(Invocation.Command.allCases)

  private static let options: [OptionSpec] = [
    OptionSpec(name: "--rules", takesValue: true, commands: [.scan, .check, .rules]) { invocation, value in
      invocation.rulesFile = value
    },
    OptionSpec(name: "--add-rules", takesValue: true, commands: [.scan, .check, .rules]) { invocation, value in
      invocation.extraRulesFiles.append(value)
    },
    OptionSpec(name: "--only", takesValue: true, commands: [.scan, .check, .rules]) { invocation, value in
      invocation.onlyRules.append(value)
    },
    OptionSpec(name: "--format", takesValue: true, commands: [.scan, .check, .rules, .diff]) {
      invocation, value throws(CLIError) in
      guard let format = ReportFormat(name: value) else {
        throw .invalidValue(
          option: "--format", value: value,
          expected: ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
      }
      invocation.format = format
    },
    OptionSpec(name: "--output", takesValue: true, commands: [.scan, .check, .diff]) { invocation, value in
      invocation.outputPaths.append(value)
    },
    OptionSpec(name: "--fail-on", takesValue: true, commands: scanning) { invocation, value in
      invocation.failOn.append(contentsOf: value.split(separator: ",").map(String.init))
    },
    OptionSpec(name: "--jobs", takesValue: true, commands: scanning) { invocation, value throws(CLIError) in
      guard let jobs = Int(value), jobs >= 1, jobs <= 512 else {
        throw .invalidValue(option: "--jobs", value: value, expected: "a whole number from 1 to 512")
      }
      invocation.jobs = jobs
    },
    OptionSpec(name: "--config", takesValue: true, commands: scanning) { invocation, value in
      invocation.configFile = value
    },
    OptionSpec(name: "--baseline", takesValue: true, commands: scanning) { invocation, value in
      invocation.baseline = value
    },
    OptionSpec(name: "--write-baseline", takesValue: true, commands: [.scan]) { invocation, value in
      invocation.writeBaseline = value
    },
    OptionSpec(name: "--summary", takesValue: false, commands: [.scan]) { invocation, _ in invocation.summary = true },
    OptionSpec(name: "--full-report-url", takesValue: true, commands: [.scan]) { invocation, value throws(CLIError) in
      // The summary links to it; a value that long is a mistake, and it would crowd the summary.
      guard !value.isEmpty, value.count <= 2_000, !value.contains(where: \.isNewline) else {
        throw .invalidValue(
          option: "--full-report-url", value: value, expected: "a URL or relative path of at most 2000 characters")
      }
      invocation.fullReportURL = value
    },
    OptionSpec(name: "--ratchet", takesValue: false, commands: scanning) { invocation, _ in invocation.ratchet = true },
    OptionSpec(name: "--staged", takesValue: false, commands: [.check]) { invocation, _ in invocation.staged = true },
    OptionSpec(name: "--since", takesValue: true, commands: [.check]) { invocation, value throws(CLIError) in
      // A revision never starts with `-`: `--since --cached` or `--since -R` is a mistake (or an
      // attempt to change what git compares), never a revision.
      guard !value.hasPrefix("-"), !value.isEmpty else {
        throw .invalidValue(option: "--since", value: value, expected: "a revision (a branch, tag or commit id)")
      }
      invocation.since = value
    },
    OptionSpec(name: "--whole-tree", takesValue: false, commands: [.check]) { invocation, _ in
      invocation.wholeTree = true
    },
    OptionSpec(name: "--max-file-size", takesValue: true, commands: scanning) { invocation, value throws(CLIError) in
      guard let size = Int(value), size > 0 else {
        throw .invalidValue(option: "--max-file-size", value: value, expected: "a number of bytes above 0")
      }
      invocation.maxFileSize = size
    },
    OptionSpec(name: "--follow-symlinks", takesValue: false, commands: scanning) { invocation, _ in
      invocation.followSymlinks = true
    },
    OptionSpec(name: "--no-history", takesValue: false, commands: [.scan]) { invocation, _ in
      invocation.noHistory = true
    },
    OptionSpec(name: "--quiet", takesValue: false, commands: [.scan, .check, .diff]) { invocation, _ in
      invocation.quiet = true
    },
    OptionSpec(name: "-q", takesValue: false, commands: [.scan, .check, .diff]) { invocation, _ in
      invocation.quiet = true
    },
    OptionSpec(name: "--fail-on-new", takesValue: false, commands: [.diff]) { invocation, _ in
      invocation.failOnNew = true
    },
    OptionSpec(name: "--help", takesValue: false, commands: everyCommand) { invocation, _ in invocation.command = .help
    },
    OptionSpec(name: "-h", takesValue: false, commands: everyCommand) { invocation, _ in invocation.command = .help },
    OptionSpec(name: "--version", takesValue: false, commands: everyCommand) { invocation, _ in
      invocation.command = .version
    },
  ]

  /// Every option spelling, for "did you mean" hints and the help test.
  package static var optionNames: [String] { options.map(\.name) }

  /// The subcommands each option spelling applies to: the table the parser enforces.
  package static var applicability: [String: Set<Invocation.Command>] {
    Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0.commands) })
  }

  /// Parses `arguments` (without the program name).
  ///
  /// The first argument selects a subcommand when it names one (`tokens`, `rules`, `explain`,
  /// `check`, `diff`, `scan`, `help`); anything else starts a scan. `--name=value` and `--name value`
  /// are both accepted; `--` ends the options.
  package static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
    var invocation = Invocation()
    var remaining = arguments[...]
    if let first = remaining.first, let command = Invocation.Command(rawValue: first),
      command != .version
    {
      invocation.command = command
      invocation.helpWord = command == .help
      remaining = remaining.dropFirst()
    } else if let first = remaining.first, !first.hasPrefix("-"), !first.contains("/"),
      !FileManager.default.fileExists(atPath: first),
      let suggestion = Suggestion.closest(to: first, in: commandNames)
    {
      // `chek --staged` must not become a scan of a folder named 'chek' ("no such file").
      throw .unknownCommand(first, suggestion: suggestion)
    }
    var explicitCommand = invocation.command
    var optionsEnded = false
    var given: [OptionSpec] = []
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
      given.append(spec)
      // `--help`/`--version` win over the subcommand they follow; `check --help` is check's help.
      if invocation.command == .help || invocation.command == .version {
        if invocation.command == .help, explicitCommand != .help, explicitCommand != .version,
          arguments.first.flatMap(Invocation.Command.init(rawValue:)) != nil
        {
          invocation.helpTopic = explicitCommand
        }
        explicitCommand = invocation.command
      }
    }
    invocation.command = explicitCommand
    if invocation.command != .help && invocation.command != .version {
      for spec in given where !spec.commands.contains(invocation.command) {
        throw inapplicable(spec, command: invocation.command)
      }
    }
    try validate(&invocation)
    return invocation
  }

  /// The usage error for an option the command does not read. The gate's own options keep the
  /// message that says which command to use instead.
  private static func inapplicable(_ spec: OptionSpec, command: Invocation.Command) -> CLIError {
    if spec.commands == [.check] && command == .scan { return .conflictingOptions(spec.name, "scan") }
    if spec.commands == [.scan] && command == .check { return .conflictingOptions(spec.name, "check") }
    let commands = Invocation.Command.allCases.filter(spec.commands.contains).map(\.rawValue)
    return .inapplicableOption(spec.name, command: command.rawValue, appliesTo: commands)
  }

  /// The subcommands' names, for "did you mean" on a misspelled one.
  private static let commandNames = Invocation.Command.allCases.filter { $0 != .version }.map(\.rawValue)

  /// Checks that belong to the command line itself: arity and options that exclude each other.
  private static func validate(_ invocation: inout Invocation) throws(CLIError) {
    switch invocation.command {
    case .help:
      // `help check`: that command's help; `help chek`: a suggestion, never the global help.
      // (`check --help` set its topic while parsing; `. --help` is the global help.)
      if invocation.helpTopic == nil, invocation.helpWord, let topic = invocation.arguments.first {
        guard let command = Invocation.Command(rawValue: topic), invocation.arguments.count == 1 else {
          if invocation.arguments.count > 1 { throw .unexpectedArgument(invocation.arguments[1]) }
          throw .invalidValue(
            option: "help", value: topic,
            expected: "a command (\(commandNames.joined(separator: ", ")))"
              + (Suggestion.closest(to: topic, in: commandNames).map { "; did you mean '\($0)'?" } ?? ""))
        }
        invocation.helpTopic = command
      }
    case .tokens:
      if invocation.arguments.isEmpty { throw .missingArgument(command: "tokens", what: "one or more Swift files") }
    case .explain:
      if invocation.arguments.isEmpty { throw .missingArgument(command: "explain", what: "a rule id") }
      if invocation.arguments.count > 1 { throw .unexpectedArgument(invocation.arguments[1]) }
    case .rules:
      if let extra = invocation.arguments.first { throw .unexpectedArgument(extra) }
      if let format = invocation.format, format != .json {
        throw .invalidValue(
          option: "--format", value: format.rawValue, expected: "json (rules lists as text without it)")
      }
    case .scan, .check:
      if invocation.staged && invocation.since != nil { throw .conflictingOptions("--staged", "--since") }
      // Options that only one of the two commands reads were refused above (a pre-commit hook
      // spelled `migrate-scan --staged` must not pass by scanning the whole tree); these are the
      // options that apply only beside another.
      let change = invocation.staged ? "--staged" : invocation.since != nil ? "--since" : nil
      if let change, invocation.baseline != nil { throw .conflictingOptions("--baseline", change) }
      if let change, invocation.ratchet { throw .conflictingOptions("--ratchet", change) }
      if invocation.wholeTree && change == nil { throw .needsOption("--whole-tree", needs: "--staged or --since") }
      // `check` may take its baseline from the configuration, so it decides this once that is read.
      if invocation.command == .scan && invocation.ratchet && invocation.baseline == nil {
        throw .needsOption("--ratchet", needs: "--baseline")
      }
      let outputs = try invocation.outputs()
      // `--summary` cuts the Markdown report; with none to cut it would be silently ignored.
      // (`--write-baseline` alone writes no report at all.)
      let baselineOnly = invocation.writeBaseline != nil && invocation.format == nil && invocation.outputPaths.isEmpty
      if invocation.summary && (baselineOnly || !outputs.contains(where: { $0.format == .markdown })) {
        throw .needsOption("--summary", needs: "a Markdown report (--format markdown, or --output FILE.md)")
      }
      if invocation.fullReportURL != nil && !invocation.summary {
        throw .needsOption("--full-report-url", needs: "--summary")
      }
      // A check's report holds only the findings that fail and no plan; the Markdown report is a
      // plan ("nothing to migrate" when the check passes), so it would mislead there.
      let writesReports = invocation.format != nil || !invocation.outputPaths.isEmpty
      if invocation.command == .check && writesReports, let plan = outputs.first(where: { $0.format == .markdown }) {
        let (option, value) =
          invocation.format == .markdown ? ("--format", "markdown") : ("--output", plan.path ?? "markdown")
        throw .invalidValue(
          option: option, value: value,
          expected: "json, sarif, xcode or github for 'check' (the Markdown report is a plan)")
      }
    case .diff:
      if invocation.arguments.count < 2 {
        throw .missingArgument(command: "diff", what: "two JSON reports: the older, then the newer (OLD.json NEW.json)")
      }
      if invocation.arguments.count > 2 { throw .unexpectedArgument(invocation.arguments[2]) }
      // The progress is a Markdown summary or JSON; SARIF and the line formats hold findings
      // of one scan, not a comparison.
      for output in try invocation.outputs() where output.format != .markdown && output.format != .json {
        let (option, value) =
          invocation.format == output.format ? ("--format", output.format.rawValue) : ("--output", output.path ?? "-")
        throw .invalidValue(option: option, value: value, expected: "markdown or json for 'diff'")
      }
    case .version:
      break
    }
  }
}
