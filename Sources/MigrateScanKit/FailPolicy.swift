import RuleEngine
import ScanModel

/// What fails a check: severities (a finding at or above), categories, or rule ids.
///
/// The default for `check` is the pre-commit promise: a new Future/Task wrapper fails.
package struct FailPolicy: Sendable, Equatable {
  package var minimumSeverity: Severity?
  package var categories: Set<CategoryID> = []
  package var ruleIDs: Set<String> = []

  /// The pre-commit promise: fail on a new `future-task-wrapper`, in any spelling.
  package static let preCommit = FailPolicy(minimumSeverity: nil, categories: [.futureTaskWrapper])

  package init(minimumSeverity: Severity? = nil, categories: Set<CategoryID> = [], ruleIDs: Set<String> = []) {
    self.minimumSeverity = minimumSeverity
    self.categories = categories
    self.ruleIDs = ruleIDs
  }

  /// Reads `--fail-on` values (or a configuration's `failOn`).
  ///
  /// - Throws: `CLIError.invalidValue` with a suggestion for a name that is none of these.
  package init(values: [String], catalog: RuleCatalog) throws(CLIError) {
    for value in values {
      if let severity = Severity(rawValue: value) {
        minimumSeverity = min(minimumSeverity ?? severity, severity)
      } else if let category = CategoryID(rawValue: value) {
        categories.insert(category)
      } else if let rule = catalog.rule(id: value) {
        ruleIDs.insert(rule.id)
      } else {
        let known =
          Severity.allCases.map(\.rawValue) + CategoryID.allCases.map(\.rawValue) + catalog.rules.map(\.id)
        let hint = Suggestion.closest(to: value, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .invalidValue(
          option: "--fail-on", value: value,
          expected: "a severity (note, warning, error), a category or a rule id\(hint)")
      }
    }
  }

  /// True when nothing fails (a scan given no `--fail-on`).
  package var isEmpty: Bool { minimumSeverity == nil && categories.isEmpty && ruleIDs.isEmpty }

  /// Whether `finding` fails the check. Suppressed findings never do.
  package func fails(_ finding: Finding) -> Bool {
    if finding.suppression != nil { return false }
    if let minimumSeverity, finding.severity >= minimumSeverity { return true }
    return categories.contains(finding.category) || ruleIDs.contains(finding.ruleID)
  }
}
