import Foundation
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
///   "leaveAloneLines": 3000
/// }
/// ```
/// Unknown keys are errors (with a suggestion), so a typo never silently does nothing. Paths
/// inside the file are relative to the file's folder.
package struct Configuration: Sendable, Equatable {
  package static let fileName = ".migrate-scan.json"

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
  package var leaveAloneLines: Int?

  package init() {}

  private static let keys = [
    "version", "include", "exclude", "disabledRules", "enabledRules", "severity", "rulesFiles", "modules",
    "baseline", "failOn", "maxFileSize", "leaveAloneLines",
  ]

  /// Parses a configuration file's bytes. `folder` resolves relative paths inside it.
  ///
  /// - Throws: `CLIError.runtime` naming the file, the key and what is wrong.
  package static func parse(_ bytes: [UInt8], path: String, folder: String) throws(CLIError) -> Configuration {
    func bad(_ detail: String) -> CLIError {
      .runtime("configuration '\(path)': \(detail); see the README's 'Configuration' section")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      throw bad("invalid JSON (\(Configuration.describe(error)))")
    }
    guard let root = object as? [String: Any] else { throw bad("the top level must be an object") }
    for key in root.keys.sorted() where !keys.contains(key) {
      let hint = Suggestion.closest(to: key, in: keys).map { "; did you mean '\($0)'?" } ?? ""
      throw bad("unknown key '\(key)'\(hint)")
    }
    if let version = root["version"] {
      guard let number = version as? Int, number == 1 else {
        throw bad("'version' must be 1 (this migrate-scan reads version 1)")
      }
    }
    func strings(_ key: String) throws(CLIError) -> [String] {
      guard let value = root[key] else { return [] }
      guard let list = value as? [String] else { throw bad("'\(key)' must be a list of strings") }
      return list
    }
    func resolve(_ relative: String) -> String {
      relative.hasPrefix("/") ? relative : (folder.isEmpty ? relative : folder + "/" + relative)
    }
    var configuration = Configuration()
    configuration.include = try strings("include")
    configuration.exclude = try strings("exclude")
    configuration.disabledRules = try strings("disabledRules")
    configuration.enabledRules = try strings("enabledRules")
    configuration.rulesFiles = try strings("rulesFiles").map(resolve)
    configuration.failOn = try strings("failOn")
    if let value = root["severity"] {
      guard let table = value as? [String: String] else { throw bad("'severity' must map rule ids to severities") }
      for (rule, name) in table {
        guard let severity = Severity(rawValue: name) else {
          throw bad("'severity.\(rule)' must be note, warning or error, not '\(name)'")
        }
        configuration.severity[rule] = severity
      }
    }
    if let value = root["modules"] {
      guard let table = value as? [String: String] else { throw bad("'modules' must map folders to module names") }
      configuration.modules = table
    }
    if let value = root["baseline"] {
      guard let text = value as? String else { throw bad("'baseline' must be a path") }
      configuration.baseline = resolve(text)
    }
    for key in ["maxFileSize", "leaveAloneLines"] {
      guard let value = root[key] else { continue }
      guard let number = value as? Int, number > 0 else { throw bad("'\(key)' must be a whole number above 0") }
      if key == "maxFileSize" { configuration.maxFileSize = number } else { configuration.leaveAloneLines = number }
    }
    return configuration
  }

  private static func describe(_ error: Error) -> String {
    let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    return text ?? "not JSON"
  }
}
