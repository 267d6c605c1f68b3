import Reports
import ScanModel

/// What the command line asked for, parsed but not yet run.
package struct Invocation: Equatable, Sendable {
  /// The subcommands. `scan` is the default when the first argument is not a command name.
  package enum Command: String, Equatable, Sendable, CaseIterable {
    case scan
    case check
    case tokens
    case rules
    case explain
    /// `diff OLD.json NEW.json`: progress between two JSON reports.
    case diff
    case help
    case version
  }

  /// One requested report: a format and where it goes (`nil` is stdout).
  package struct Output: Equatable, Sendable {
    package var format: ReportFormat
    package var path: String?

    package init(format: ReportFormat, path: String?) {
      self.format = format
      self.path = path
    }
  }

  package var command: Command = .scan
  /// The command whose help to print (`help check`, `check --help`); nil for the global help.
  package var helpTopic: Command?
  /// True when the command line starts with the word `help` (so its argument is a topic).
  package var helpWord = false
  /// Positional arguments: directories or files to scan, files to tokenize, the rule to explain.
  package var arguments: [String] = []
  /// `--rules FILE`: replaces the built-in catalogue.
  package var rulesFile: String?
  /// `--add-rules FILE` (repeatable): added beside the built-in (or `--rules`) catalogue.
  package var extraRulesFiles: [String] = []
  /// `--only RULE-ID` (repeatable).
  package var onlyRules: [String] = []
  /// `--format NAME`, when given.
  package var format: ReportFormat?
  /// `--output FILE` (repeatable), in the order given.
  package var outputPaths: [String] = []
  /// `--fail-on` values: severities, categories or rule ids.
  package var failOn: [String] = []
  /// `--jobs N`: files scanned at once (default: the number of CPUs).
  package var jobs: Int?
  /// `--config FILE`.
  package var configFile: String?
  /// `--baseline FILE`.
  package var baseline: String?
  /// `--write-baseline FILE`.
  package var writeBaseline: String?
  /// `--ratchet`: also fail when baselined findings have gone.
  package var ratchet = false
  /// `--summary`: the Markdown report is only its summary (under 60,000 characters).
  package var summary = false
  /// `--full-report-url URL`: where the summary says the full report is.
  package var fullReportURL: String?
  /// `--staged`.
  package var staged = false
  /// `--since REV`.
  package var since: String?
  /// `--whole-tree`: with `--staged`/`--since`, analyse every file of the tree in full rather
  /// than only the files the change can affect (same answer, slower; for doubt and debugging).
  package var wholeTree = false
  /// `--max-file-size BYTES`.
  package var maxFileSize: Int?
  /// `--follow-symlinks`.
  package var followSymlinks = false
  /// `--no-history`: the leave-alone rule does not read git history.
  package var noHistory = false
  /// `--quiet`: no progress and no warnings summary on stderr.
  package var quiet = false
  /// `diff --fail-on-new`: exit 1 when a new fix-now finding appeared.
  package var failOnNew = false

  package init() {}

  /// The reports to write: one per `--output`, in order (format from `--format` or the file's
  /// extension), or one to stdout in `--format` (default Markdown) when there is no `--output`.
  /// `--output -` is stdout. A `--format` that the file's extension contradicts
  /// (`--output plan.md --format json`) is a usage error: one of the two is a mistake.
  package func outputs() throws(CLIError) -> [Output] {
    if outputPaths.isEmpty { return [Output(format: format ?? .markdown, path: nil)] }
    var result: [Output] = []
    for path in outputPaths {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let fileExtension = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
      let inferred = ReportFormat(fileExtension: fileExtension)
      if let format {
        // SARIF is JSON, and `.sarif.json` is a common name for it.
        if let inferred, inferred != format, !(format == .sarif && inferred == .json) {
          throw .invalidValue(
            option: "--output", value: path,
            expected: "a file whose extension agrees with --format \(format.rawValue) (.\(fileExtension) is "
              + "\(inferred.rawValue)); drop --format to infer it, or rename the file")
        }
        result.append(Output(format: format, path: path == "-" ? nil : path))
        continue
      }
      if path == "-" {
        result.append(Output(format: .markdown, path: nil))
        continue
      }
      guard let inferred else {
        throw .invalidValue(
          option: "--output", value: path,
          expected: "a file ending in .md, .json or .sarif, or a --format to say which format it is")
      }
      result.append(Output(format: inferred, path: path))
    }
    return result
  }
}
