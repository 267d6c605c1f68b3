import ScanModel

/// An enabled rule of `rules.json` that names a detector instead of a pattern.
///
/// Each hit a detector reports under `detector` becomes one candidate finding of this rule, so two
/// rules may share a detector name (a strict and a lenient variant) and each gets its own findings.
package struct DetectorRuleRef: Sendable, Hashable {
  package var ruleID: String
  /// The detector name, a key of `Detectors.all`.
  package var detector: String
  package var category: CategoryID
  package var severity: Severity
  package var message: String
  package var help: String
  package var dispositionOverride: Disposition?
  package var phaseOverride: Phase?

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
