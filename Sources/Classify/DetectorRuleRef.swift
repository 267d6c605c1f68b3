import ScanModel

/// An enabled rule of `rules.json` that names a detector instead of a pattern.
///
/// Each hit a detector reports under `detector` becomes one candidate finding of this rule, so two
/// rules may share a detector name (a strict and a lenient variant) and each gets its own findings.
package struct DetectorRuleRef: Sendable, Hashable {
  /// The rule id (`continuation-resumed-twice`).
  package var ruleID: String
  /// The detector name, a key of `Detectors.all`.
  package var detector: String
  /// The rule's category.
  package var category: CategoryID
  /// The rule's severity.
  package var severity: Severity
  /// The rule's one-line message.
  package var message: String
  /// The rule's remedy.
  package var help: String
  /// The rule's own disposition, over the detector's and the category default.
  package var dispositionOverride: Disposition?
  /// The rule's own phase.
  package var phaseOverride: Phase?

  /// Creates a reference to an enabled detector rule.
  package init(
    ruleID: String, detector: String, category: CategoryID, severity: Severity, message: String, help: String,
    dispositionOverride: Disposition? = nil, phaseOverride: Phase? = nil
  ) {
    self.ruleID = ruleID
    self.detector = detector
    self.category = category
    self.severity = severity
    self.message = message
    self.help = help
    self.dispositionOverride = dispositionOverride
    self.phaseOverride = phaseOverride
  }
}
