/// The usage lines and help texts, in one place so the help goldens pin them.
///
/// The global help (`--help`) and each subcommand's (`help check`, `check --help`) are built from
/// the same pieces: one description per option, and the parser's own table of which options a
/// subcommand reads (`Arguments.applicability`), so a subcommand's help lists exactly the options
/// it accepts.
package enum Help {
  package static let usage = "USAGE: migrate-scan [scan] [<options>] [<dir>]"

  /// One option's line in the help: how it is written and what it does (one line a row).
  private struct OptionHelp {
    var label: String
    var spelling: String
    var lines: [String]
  }

  private static let optionHelp: [OptionHelp] = [
    OptionHelp(
      label: "--format <format>", spelling: "--format",
      lines: [
        "markdown | json | sarif | xcode | github (default: markdown, or",
        "taken from the --output file's extension)",
      ]),
    OptionHelp(
      label: "--output <file>", spelling: "--output",
      lines: [
        "write a report to <file> instead of stdout; repeatable, so one",
        "run writes several formats (.md, .json, .sarif)",
      ]),
    OptionHelp(
      label: "--summary", spelling: "--summary",
      lines: [
        "the Markdown report is only its summary, under 60,000 characters",
        "(for a pull-request comment or $GITHUB_STEP_SUMMARY)",
      ]),
    OptionHelp(
      label: "--full-report-url <url>", spelling: "--full-report-url",
      lines: ["with --summary: where the full report is (the summary links it)"]),
    OptionHelp(
      label: "--rules <file>", spelling: "--rules", lines: ["use this rules catalogue instead of the built-in one"]),
    OptionHelp(
      label: "--add-rules <file>", spelling: "--add-rules",
      lines: ["add a team's own rules beside the catalogue; repeatable"]),
    OptionHelp(label: "--only <rule-id>", spelling: "--only", lines: ["run only this rule; repeatable"]),
    OptionHelp(
      label: "--fail-on <what>", spelling: "--fail-on",
      lines: [
        "severities (note|warning|error), categories or rule ids whose",
        "findings fail the run (exit 1); comma-separated or repeatable",
      ]),
    OptionHelp(
      label: "--config <file>", spelling: "--config",
      lines: ["configuration file (default: .migrate-scan.json at the root)"]),
    OptionHelp(
      label: "--baseline <file>", spelling: "--baseline", lines: ["report only findings not recorded in <file>"]),
    OptionHelp(
      label: "--write-baseline <file>", spelling: "--write-baseline", lines: ["record the current findings in <file>"]),
    OptionHelp(
      label: "--ratchet", spelling: "--ratchet", lines: ["with --baseline: also fail when baselined findings have gone"]
    ),
    OptionHelp(label: "--staged", spelling: "--staged", lines: ["check what is staged in git against HEAD"]),
    OptionHelp(
      label: "--since <rev>", spelling: "--since",
      lines: [
        "check the work tree against where HEAD left <rev>",
        "(git merge-base <rev> HEAD; in CI fetch with fetch-depth: 0)",
      ]),
    OptionHelp(
      label: "--whole-tree", spelling: "--whole-tree",
      lines: [
        "with --staged or --since: analyse every file in full, not only",
        "those the change can affect (same answer, slower)",
      ]),
    OptionHelp(
      label: "--jobs <n>", spelling: "--jobs", lines: ["files scanned in parallel (default: the number of CPUs)"]),
    OptionHelp(
      label: "--max-file-size <bytes>", spelling: "--max-file-size",
      lines: ["skip larger files, with a warning (default: 20000000)"]),
    OptionHelp(
      label: "--follow-symlinks", spelling: "--follow-symlinks",
      lines: ["follow links out of the scanned root too (reported under their real path)"]),
    OptionHelp(
      label: "--fail-on-new", spelling: "--fail-on-new",
      lines: ["diff: exit 1 when a new fix-now finding appeared"]),
    OptionHelp(
      label: "--no-history", spelling: "--no-history",
      lines: ["do not read git history for the leave-alone rule (see .migrate-scan.json)"]),
    OptionHelp(label: "-q, --quiet", spelling: "--quiet", lines: ["no progress line and no warnings on stderr"]),
    OptionHelp(label: "--version", spelling: "--version", lines: ["print the version"]),
    OptionHelp(label: "-h, --help", spelling: "--help", lines: ["print this help"]),
  ]

  /// What one subcommand's help says besides its options.
  private struct CommandHelp {
    var synopsis: String
    var summary: [String]
    var description: [String]
    var examples: [String]
  }

  private static func commandHelp(_ command: Invocation.Command) -> CommandHelp {
    switch command {
    case .scan:
      return CommandHelp(
        synopsis: "migrate-scan [scan] [<options>] [<dir>]",
        summary: ["scan and report (the default)"],
        description: [
          "Scans every .swift file under <dir> (default: the current directory), classifies each",
          "Combine construct, orders the work leaves inward, and writes the plan.",
        ],
        examples: [
          "migrate-scan .                                 # the Markdown plan on stdout",
          "migrate-scan . --output plan.md --output plan.sarif",
          "migrate-scan . --format xcode                  # path:line:col: warning: … lines",
          "migrate-scan . --summary >> \"$GITHUB_STEP_SUMMARY\"  # the plan's summary, for CI",
          "migrate-scan . --write-baseline migrate-scan-baseline.json",
        ])
    case .check:
      return CommandHelp(
        synopsis: "migrate-scan check [--staged | --since <rev> | --baseline <file>] [<options>] [<dir>]",
        summary: [
          "fail (exit 1) when a change adds a Future/Task wrapper or what",
          "--fail-on names; never on what was already there (an edited,",
          "renamed or moved finding is not new); --format and --output",
          "report the findings that fail",
        ],
        description: [
          "--staged compares the index with HEAD; --since <rev> compares the work tree with",
          "git merge-base <rev> HEAD, as a pull request's diff does; --baseline reports the",
          "findings no baseline entry pairs with.",
        ],
        examples: [
          "migrate-scan check --staged                    # pre-commit",
          "migrate-scan check --since origin/main --format github",
          "migrate-scan check --since origin/main --output new.sarif",
          "migrate-scan check --baseline migrate-scan-baseline.json --ratchet",
        ])
    case .tokens:
      return CommandHelp(
        synopsis: "migrate-scan tokens <file.swift> ...",
        summary: ["print the lexer's tokens, in the official lexer's dump format"],
        description: ["Prints each file's tokens, to hold the lexer against swift-syntax's on any code."],
        examples: ["migrate-scan tokens Sources/App/Model.swift"])
    case .rules:
      return CommandHelp(
        synopsis: "migrate-scan rules [--rules <file>] [--add-rules <file>] [--format json]",
        summary: ["list the rules: id, category, severity"],
        description: ["Lists the rules that would run, with a header line; --format json for machines."],
        examples: ["migrate-scan rules", "migrate-scan rules --add-rules team-rules.json --format json"])
    case .explain:
      return CommandHelp(
        synopsis: "migrate-scan explain <rule-id | category-id>",
        summary: ["print a rule's message, help and example"],
        description: ["A rule id prints the rule; a category id lists the category's rules."],
        examples: ["migrate-scan explain future-task-wrapper", "migrate-scan explain continuation-misuse"])
    case .diff:
      return CommandHelp(
        synopsis: "migrate-scan diff <old.json> <new.json> [--format markdown|json] [--output <file>]",
        summary: ["progress between two JSON reports: steps done, added and", "remaining, new findings"],
        description: [
          "Compares two reports written by 'migrate-scan --format json', per plan section and module:",
          "steps done (in the old plan, not the new), added (in the new, not the old) and remaining,",
          "and the findings that appeared (an edited finding is not new) or went. --fail-on-new",
          "exits 1 when a new fix-now finding appeared. A file that is not such a report is exit 2.",
        ],
        examples: [
          "migrate-scan diff last-week.json this-week.json            # Markdown on stdout",
          "migrate-scan diff last-week.json this-week.json --output progress.md",
          "migrate-scan diff last-week.json this-week.json --format json --fail-on-new",
        ])
    case .help:
      return CommandHelp(
        synopsis: "migrate-scan help [<command>]",
        summary: ["print this help, or a command's"],
        description: ["With a command, prints that command's usage, options and examples."],
        examples: ["migrate-scan help check"])
    case .version:
      return CommandHelp(
        synopsis: "migrate-scan --version", summary: ["print the version"], description: [],
        examples: ["migrate-scan --version"])
    }
  }

  /// The commands the global help lists, in its order.
  private static let listed: [Invocation.Command] = [.scan, .check, .diff, .tokens, .rules, .explain]

  private static let exitStatus = """
    EXIT STATUS:
      0   done (findings do not fail a scan unless --fail-on is given)
      1   a check failed: the policy found something it fails on
      2   could not run: unreadable path, bad rules or configuration, unwritable output
      64  usage error: unknown option, missing or invalid value
      130 interrupted (Ctrl-C); 128 + N for another signal N (no half-written report is left)

    """

  package static let text: String = {
    var text = """
      migrate-scan: plan the move of a Swift codebase from Combine to Swift concurrency.

      \(usage)
             migrate-scan check [--staged | --since <rev> | --baseline <file>] [<options>] [<dir>]
             migrate-scan diff <old.json> <new.json> [--format markdown|json] [--output <file>]
             migrate-scan tokens <file.swift> ...
             migrate-scan rules [--rules <file>] [--add-rules <file>] [--format json]
             migrate-scan explain <rule-id | category-id>
             migrate-scan help <command>

      Scans every .swift file under <dir> (default: the current directory), classifies each
      Combine construct, orders the work leaves inward, and writes the plan. Reads
      Package.swift files as text to build the module graph; never runs anything from <dir>.

      COMMANDS:

      """
    for command in listed {
      text += row(command.rawValue, commandHelp(command).summary)
    }
    text += "\nOPTIONS:\n"
    for option in optionHelp { text += row(option.label, option.lines) }
    return text + "\n" + exitStatus
  }()

  /// `migrate-scan help COMMAND` and `COMMAND --help`: that command's usage, what it does, the
  /// options it reads (and no other) and examples.
  package static func text(for command: Invocation.Command) -> String {
    if command == .help || command == .version { return text }
    let help = commandHelp(command)
    let applicability = Arguments.applicability
    var text = wrap("migrate-scan \(command.rawValue): " + help.summary.joined(separator: " ")) + "\n"
    text += "USAGE: \(help.synopsis)\n\n"
    if !help.description.isEmpty { text += help.description.joined(separator: "\n") + "\n\n" }
    text += "OPTIONS:\n"
    for option in optionHelp where applicability[option.spelling]?.contains(command) == true {
      var lines = option.spelling == "--help" ? ["print this help"] : option.lines
      if command == .diff && option.spelling == "--format" {
        lines = ["markdown | json (default: markdown, or taken from the", "--output file's extension)"]
      }
      if command == .diff && option.spelling == "--output" {
        lines = ["write the progress to <file> instead of stdout"]
      }
      if command == .diff && option.spelling == "--fail-on-new" {
        lines = ["exit 1 when a new fix-now finding appeared"]
      }
      text += row(option.label, lines)
    }
    text += "\nEXAMPLES:\n"
    for example in help.examples { text += "  \(example)\n" }
    text += "\n" + exitStatus + "\n"
    text += "See 'migrate-scan --help' for every command.\n"
    return text
  }

  /// `text` broken into lines of at most 92 columns, at spaces.
  private static func wrap(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > 92 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// A two-column row: the label padded to 24 columns, then the text, continued 26 columns in.
  private static func row(_ label: String, _ lines: [String]) -> String {
    let indent = String(repeating: " ", count: 26)
    let head = label.count < 24 ? label + String(repeating: " ", count: 24 - label.count) : label + " "
    var row = "  " + head + (lines.first ?? "") + "\n"
    for line in lines.dropFirst() { row += indent + line + "\n" }
    return row
  }

  /// The lines that follow a usage error.
  package static let seeHelp = "\(usage)\nSee 'migrate-scan --help' for more information.\n"
}
