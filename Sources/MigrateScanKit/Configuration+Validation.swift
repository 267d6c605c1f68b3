import RuleEngine
import ScanModel

extension Configuration {
  /// Checks every rule id and `failOn` value against the catalogue the run loads (the built-in
  /// rules plus every rules file), before any is applied: a misspelt value must stop the run at
  /// its line and column (exit 2), in a scan as in a check, never silently do nothing or read as
  /// a command-line mistake.
  ///
  /// - Throws: `CLIError.runtime` naming the configuration file, the line and column, the key,
  ///   the value and the closest known name.
  package func validate(against catalog: RuleCatalog) throws(CLIError) {
    let ruleNames = catalog.rules.flatMap { [$0.id] + $0.aliases }
    for key in ["disabledRules", "enabledRules"] {
      for id in key == "disabledRules" ? disabledRules : enabledRules where catalog.rule(id: id) == nil {
        throw unknown(id, in: key, kind: "no rule id", candidates: ruleNames)
      }
    }
    for id in severity.keys.sorted() where catalog.rule(id: id) == nil {
      throw unknown(id, in: "severity", kind: "no rule id", candidates: ruleNames)
    }
    for value in failOn {
      if Severity(rawValue: value) != nil || CategoryID(rawValue: value) != nil || catalog.rule(id: value) != nil {
        continue
      }
      let candidates = Severity.allCases.map(\.rawValue) + CategoryID.allCases.map(\.rawValue) + ruleNames
      throw unknown(
        value, in: "failOn", kind: "no severity (note, warning, error), category or rule id", candidates: candidates)
    }
  }

  private func unknown(_ value: String, in key: String, kind: String, candidates: [String]) -> CLIError {
    let hint = Suggestion.closest(to: value, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    return .runtime(
      "configuration \(location(of: value, in: key)): '\(key)' names '\(value)', which is \(kind)\(hint); "
        + "'migrate-scan rules' lists the rules")
  }
}
