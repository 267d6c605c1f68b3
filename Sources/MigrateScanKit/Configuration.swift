import RuleEngine
import ScanModel

/// The settings in `.migrate-scan.json` at the scanned root (or `--config FILE`).
///
/// ```json
/// {
///   "version": 1,
///   "include": ["Sources/**"],
///   "exclude": ["**/Generated/**", "**/*.generated.swift"],
///   "disabledRules": ["values-bridge"],
///   "enabledRules": [],
///   "severity": { "subject": "note" },
///   "rulesFiles": ["tools/team-rules.json"],
///   "modules": { "App/Core": "Core" },
///   "baseline": "migrate-scan-baseline.json",
///   "failOn": ["future-task-wrapper"],
///   "maxFileSize": 20000000,
///   "leaveAlone": { "lines": 400, "operators": 3, "unchangedMonths": 12 },
///   "requireSuppressionReason": true
/// }
/// ```
/// Unknown keys are errors (with a suggestion), so a typo never silently does nothing. Paths
/// inside the file are relative to the file's folder.
package struct Configuration: Sendable, Equatable {
  package static let fileName = ".migrate-scan.json"
  /// The largest configuration file read (see the README's "Writing rules" for the limits).
  package static let maximumBytes = 1_000_000

  package var include: [String] = []
  package var exclude: [String] = []
  package var disabledRules: [String] = []
  /// When not empty, only these rules run (like `--only`).
  package var enabledRules: [String] = []
  /// Severity overrides by rule id.
  package var severity: [String: Severity] = [:]
  /// Extra rules files, resolved against the configuration file's folder.
  package var rulesFiles: [String] = []
  /// Folder prefix (relative to the root) → module name, for projects without `Package.swift`.
  package var modules: [String: String] = [:]
  package var baseline: String?
  package var failOn: [String] = []
  package var maxFileSize: Int?
  /// `leaveAlone.lines`, `leaveAlone.operators`, `leaveAlone.unchangedMonths`: the thresholds of
  /// the leave-alone rule (`LeaveAloneRule`), nil where the file does not set them.
  package var leaveAloneLines: Int?
  package var leaveAloneOperators: Int?
  package var leaveAloneUnchangedMonths: Int?
  /// Said on stderr by a scan (a deprecated key), each naming the file, line and column.
  package var warnings: [String] = []
  /// When true, a suppression comment without a reason after `--` is an error (exit 1).
  package var requireSuppressionReason = false
  /// The file these settings came from, for messages (nil for the defaults).
  package var path: String?
  /// Where each rule id or `failOn` value was written, `key` → value → position, so a value
  /// found wrong later (against the catalogue) is reported at its line and column.
  package var positions: [String: [String: ParsedJSON.Position]] = [:]

  package init() {}

  /// `path:line:column` of `value` under `key`, or the file alone when it was not recorded.
  package func location(of value: String, in key: String) -> String {
    guard let path else { return "(defaults)" }
    guard let position = positions[key]?[value] else { return path }
    return "\(path):\(position.line):\(position.column)"
  }

  private static let keys = [
    "version", "include", "exclude", "disabledRules", "enabledRules", "severity", "rulesFiles", "modules",
    "baseline", "failOn", "maxFileSize", "leaveAlone", "leaveAloneLines", "requireSuppressionReason",
  ]
  private static let leaveAloneKeys = ["lines", "operators", "unchangedMonths"]

  /// Parses a configuration file's bytes. `folder` resolves relative paths inside it.
  ///
  /// - Throws: `CLIError.runtime` naming the file, the line and column, the key and what is wrong.
  package static func parse(_ bytes: [UInt8], path: String, folder: String) throws(CLIError) -> Configuration {
    func bad(_ value: ParsedJSON, _ detail: String) -> CLIError {
      .runtime(
        "configuration \(path):\(value.position.line):\(value.position.column): \(detail); "
          + "see the README's 'Configuration' section")
    }
    // The file may come from the repository being scanned: a real one is a few hundred bytes.
    guard bytes.count <= maximumBytes else {
      throw .runtime(
        "configuration \(path): \(bytes.count) bytes is more than a configuration file may have "
          + "(\(maximumBytes)); it holds settings only, so move rules into a rules file")
    }
    let root: ParsedJSON
    do {
      root = try JSONParser.parse(bytes, file: path)
    } catch {
      throw .runtime("configuration \(error)")
    }
    guard let members = root.objectValue else { throw bad(root, "the top level must be an object") }
    for member in members where !keys.contains(member.key) {
      let hint = Suggestion.closest(to: member.key, in: keys).map { "; did you mean '\($0)'?" } ?? ""
      throw .runtime(
        "configuration \(path):\(member.keyPosition.line):\(member.keyPosition.column): "
          + "unknown key '\(member.key)'\(hint)")
    }
    if let version = root["version"], version.integerValue != 1 {
      throw bad(version, "'version' must be 1 (this migrate-scan reads version 1)")
    }
    var positions: [String: [String: ParsedJSON.Position]] = [:]
    func strings(_ key: String) throws(CLIError) -> [String] {
      guard let value = root[key] else { return [] }
      guard let list = value.arrayValue else { throw bad(value, "'\(key)' must be a list of strings") }
      var result: [String] = []
      for element in list {
        guard let text = element.stringValue else { throw bad(element, "'\(key)' must be a list of strings") }
        result.append(text)
        if positions[key]?[text] == nil { positions[key, default: [:]][text] = element.position }
      }
      return result
    }
    func table(_ key: String) throws(CLIError) -> [(key: String, value: ParsedJSON)] {
      guard let value = root[key] else { return [] }
      guard let members = value.objectValue else { throw bad(value, "'\(key)' must be an object") }
      for member in members where positions[key]?[member.key] == nil {
        positions[key, default: [:]][member.key] = member.keyPosition
      }
      return members.map { ($0.key, $0.value) }
    }
    func resolve(_ relative: String) -> String {
      relative.hasPrefix("/") ? relative : (folder.isEmpty ? relative : folder + "/" + relative)
    }
    var configuration = Configuration()
    configuration.include = try strings("include")
    configuration.exclude = try strings("exclude")
    configuration.disabledRules = try strings("disabledRules")
    configuration.enabledRules = try strings("enabledRules")
    let rulesFiles = try strings("rulesFiles")
    configuration.rulesFiles = rulesFiles.map(resolve)
    // Rules files are looked up by the resolved path they are read from.
    for file in rulesFiles {
      let position = positions["rulesFiles"]?[file]
      positions["rulesFiles"]?[resolve(file)] = position
    }
    configuration.failOn = try strings("failOn")
    for (rule, value) in try table("severity") {
      guard let name = value.stringValue, let severity = Severity(rawValue: name) else {
        throw bad(value, "'severity.\(rule)' must be note, warning or error")
      }
      configuration.severity[rule] = severity
    }
    for (prefix, value) in try table("modules") {
      guard let name = value.stringValue else { throw bad(value, "'modules.\(prefix)' must be a module name") }
      configuration.modules[prefix] = name
    }
    if let value = root["baseline"] {
      guard let text = value.stringValue else { throw bad(value, "'baseline' must be a path") }
      configuration.baseline = resolve(text)
    }
    if let value = root["maxFileSize"] {
      guard let number = value.integerValue, number > 0 else {
        throw bad(value, "'maxFileSize' must be a whole number above 0")
      }
      configuration.maxFileSize = number
    }
    try parseLeaveAlone(root, into: &configuration, path: path, bad: bad)
    if let value = root["requireSuppressionReason"] {
      guard case .bool(let flag) = value.kind else {
        throw bad(value, "'requireSuppressionReason' must be true or false")
      }
      configuration.requireSuppressionReason = flag
    }
    configuration.path = path
    configuration.positions = positions
    return configuration
  }

  /// Reads `leaveAlone` (an object of whole numbers) and the deprecated `leaveAloneLines`.
  private static func parseLeaveAlone(
    _ root: ParsedJSON, into configuration: inout Configuration, path: String,
    bad: (ParsedJSON, String) -> CLIError
  ) throws(CLIError) {
    if let value = root["leaveAlone"] {
      guard let members = value.objectValue else {
        throw bad(value, "'leaveAlone' must be an object: {\"lines\": 400, \"operators\": 3, \"unchangedMonths\": 12}")
      }
      for member in members {
        guard leaveAloneKeys.contains(member.key) else {
          let hint = Suggestion.closest(to: member.key, in: leaveAloneKeys).map { "; did you mean '\($0)'?" } ?? ""
          throw .runtime(
            "configuration \(path):\(member.keyPosition.line):\(member.keyPosition.column): "
              + "unknown key 'leaveAlone.\(member.key)'\(hint) (it takes lines, operators and unchangedMonths)")
        }
        // Lines must be above 0 (a unit always has some); 0 operators or 0 months drops that test.
        let minimum = member.key == "lines" ? 1 : 0
        guard let number = member.value.integerValue, number >= minimum else {
          throw bad(
            member.value,
            "'leaveAlone.\(member.key)' must be a whole number of \(minimum == 1 ? "1 or more" : "0 or more")")
        }
        switch member.key {
        case "lines": configuration.leaveAloneLines = number
        case "operators": configuration.leaveAloneOperators = number
        default: configuration.leaveAloneUnchangedMonths = number
        }
      }
    }
    if let value = root["leaveAloneLines"] {
      guard let number = value.integerValue, number > 0 else {
        throw bad(value, "'leaveAloneLines' must be a whole number above 0")
      }
      guard root["leaveAlone"]?["lines"] == nil else {
        throw bad(
          value, "'leaveAloneLines' and 'leaveAlone.lines' both set the same threshold; keep 'leaveAlone.lines'")
      }
      configuration.leaveAloneLines = number
      configuration.warnings.append(
        "configuration \(path):\(value.position.line):\(value.position.column): warning: 'leaveAloneLines' is "
          + "deprecated: it now counts the lines of one unit (a type and its extensions), not of a module; "
          + "write \"leaveAlone\": {\"lines\": \(number)} instead")
    }
  }
}
