/// One classified finding: what matched, where, and what the plan does with it.
package struct Finding: Sendable, Codable, Hashable {
  /// Stable identity across edits: rule id, file, enclosing declaration and normalised matched
  /// tokens, with an occurrence index for identical twins; never line numbers or message text.
  package var fingerprint: String
  package var ruleID: String
  package var category: CategoryID
  package var severity: Severity
  package var disposition: Disposition
  /// The plan phase, or `nil` for `keep` and `leave-alone`.
  package var phase: Phase?
  /// The module (SwiftPM target or folder) the file belongs to, when known.
  package var module: String?
  /// Path relative to the scanned root, `/`-separated.
  package var file: String
  package var range: SourceRange
  /// The enclosing declaration, `Type.member`, when there is one.
  package var symbol: String?
  /// The project type whose migration step this finding belongs to, when that is not the type of
  /// `symbol`: a `@StateObject var model: ProfileViewModel` in a view belongs to
  /// `ProfileViewModel`'s step; a `.sink` on `Events.shared.changed` belongs to `Events`.
  package var unit: String?
  package var message: String
  package var help: String
  /// Why this disposition: the operators that kept a pipeline, what blocks a property.
  package var reasons: [String]
  /// What must be done first, as `path:line` references or fingerprints.
  package var blockedBy: [String]
  /// The reason given in a suppression comment, when the finding is suppressed.
  package var suppression: String?
  /// The match's significant tokens joined by one space, as the fingerprint saw them. Reports do
  /// not show it; the gate reads it to pair an edited finding with its old self (`TokenShape`).
  package var matchText: String
  /// For `blocked-by-deployment-target`: each platform whose deployment target is below what the
  /// replacement needs, in platform order. Empty otherwise.
  package var deploymentGates: [DeploymentGate] = []

  package init(
    fingerprint: String, ruleID: String, category: CategoryID, severity: Severity, disposition: Disposition,
    phase: Phase?, module: String? = nil, file: String, range: SourceRange, symbol: String? = nil,
    message: String, help: String, reasons: [String] = [], blockedBy: [String] = [], suppression: String? = nil,
    matchText: String = ""
  ) {
    self.fingerprint = fingerprint
    self.ruleID = ruleID
    self.category = category
    self.severity = severity
    self.disposition = disposition
    self.phase = phase
    self.module = module
    self.file = file
    self.range = range
    self.symbol = symbol
    self.message = message
    self.help = help
    self.reasons = reasons
    self.blockedBy = blockedBy
    self.suppression = suppression
    self.matchText = matchText
  }

  /// The order of every report: file, line, column, rule id, then fingerprint as a tiebreak.
  package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return UTF8Order.precedes(lhs.file, rhs.file) }
    if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
    if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
    return lhs.fingerprint < rhs.fingerprint
  }
}

/// A deployment target that must rise before a finding can migrate: "iOS 15.0 → 17".
package struct DeploymentGate: Sendable, Codable, Hashable {
  /// `iOS`, `macOS`, ….
  package var platform: String
  /// The module's deployment target (the lowest of the targets compiling the file).
  package var current: String
  /// What the replacement needs.
  package var needed: String

  package init(platform: String, current: String, needed: String) {
    self.platform = platform
    self.current = current
    self.needed = needed
  }
}
