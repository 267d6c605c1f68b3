import ScanModel

/// One match of a pattern rule in one file, as the orchestrator hands it to `FileClassifier`.
///
/// Neutral on purpose: Classify never sees the rule engine's own types, so either side can change
/// its internals. Positions index `TokenStream.significant` and are inclusive at both ends.
package struct PatternHit: Sendable, Hashable {
  /// The rule id.
  package var ruleID: String
  /// The rule's category.
  package var category: CategoryID
  /// The rule's severity.
  package var severity: Severity
  /// The rule's one-line message.
  package var message: String
  /// The rule's remedy.
  package var help: String
  /// The rule's own disposition, when the rule sets one; otherwise the category default applies.
  package var dispositionOverride: Disposition?
  /// The rule's own phase, when the rule sets one.
  package var phaseOverride: Phase?
  /// Whether the match needs a file that sees Combine even when it names no Combine word.
  package var requiresCombineImport = true
  /// First significant position of the match.
  package var start: Int
  /// Last significant position of the match (inclusive).
  package var end: Int

  /// Creates a hit.
  package init(
    ruleID: String, category: CategoryID, severity: Severity, message: String, help: String,
    dispositionOverride: Disposition? = nil, phaseOverride: Phase? = nil, start: Int, end: Int
  ) {
    self.ruleID = ruleID
    self.category = category
    self.severity = severity
    self.message = message
    self.help = help
    self.dispositionOverride = dispositionOverride
    self.phaseOverride = phaseOverride
    self.start = start
    self.end = end
  }
}
