/// One classified finding: what matched, where, and what the plan does with it.
///
/// A value with its fields in one shared, copy-on-write box: the tree pass, the plan and the
/// reports pass findings through many arrays and loops, and each copy of eighteen separate
/// strings and arrays retained them one by one (a tenth of a million-line scan went to copying
/// and releasing findings). A copy now retains the box once; the first write to a shared box
/// copies it.
package struct Finding: Sendable, Codable, Hashable {
  /// The fields, shared between copies until one of them writes.
  private final class Storage: @unchecked Sendable {
    // Unchecked: a box is written only through `unique`, when no other finding holds it, so no
    // two accesses can overlap; the dynamic check cost a runtime call on every read of a field
    // (3% of a scan's instructions).
    @exclusivity(unchecked) var fingerprint: String
    @exclusivity(unchecked) var ruleID: String
    @exclusivity(unchecked) var category: CategoryID
    @exclusivity(unchecked) var severity: Severity
    @exclusivity(unchecked) var disposition: Disposition
    @exclusivity(unchecked) var phase: Phase?
    @exclusivity(unchecked) var module: String?
    @exclusivity(unchecked) var file: String
    @exclusivity(unchecked) var range: SourceRange
    @exclusivity(unchecked) var symbol: String?
    @exclusivity(unchecked) var unit: String?
    @exclusivity(unchecked) var message: String
    @exclusivity(unchecked) var help: String
    @exclusivity(unchecked) var reasons: [String]
    @exclusivity(unchecked) var blockedBy: [String]
    @exclusivity(unchecked) var suppression: String?
    @exclusivity(unchecked) var matchText: String
    @exclusivity(unchecked) var deploymentGates: [DeploymentGate]

    init(
      fingerprint: String, ruleID: String, category: CategoryID, severity: Severity, disposition: Disposition,
      phase: Phase?, module: String?, file: String, range: SourceRange, symbol: String?, unit: String?, message: String,
      help: String, reasons: [String], blockedBy: [String], suppression: String?, matchText: String,
      deploymentGates: [DeploymentGate]
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
      self.unit = unit
      self.message = message
      self.help = help
      self.reasons = reasons
      self.blockedBy = blockedBy
      self.suppression = suppression
      self.matchText = matchText
      self.deploymentGates = deploymentGates
    }

    /// A copy for a writer that does not hold the box alone.
    func copy() -> Storage {
      Storage(
        fingerprint: fingerprint, ruleID: ruleID, category: category, severity: severity, disposition: disposition,
        phase: phase, module: module, file: file, range: range, symbol: symbol, unit: unit, message: message,
        help: help, reasons: reasons, blockedBy: blockedBy, suppression: suppression, matchText: matchText,
        deploymentGates: deploymentGates)
    }
  }

  private var storage: Storage

  /// The box, copied first when another finding shares it: what every setter writes through.
  private var unique: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      return storage
    }
  }

  /// Stable identity across edits: rule id, file, enclosing declaration and normalised matched
  /// tokens, with an occurrence index for identical twins; never line numbers or message text.
  package var fingerprint: String {
    get { storage.fingerprint }
    set { unique.fingerprint = newValue }
    _modify {
      let box = unique
      yield &box.fingerprint
    }
  }
  package var ruleID: String {
    get { storage.ruleID }
    set { unique.ruleID = newValue }
    _modify {
      let box = unique
      yield &box.ruleID
    }
  }
  package var category: CategoryID {
    get { storage.category }
    set { unique.category = newValue }
    _modify {
      let box = unique
      yield &box.category
    }
  }
  package var severity: Severity {
    get { storage.severity }
    set { unique.severity = newValue }
    _modify {
      let box = unique
      yield &box.severity
    }
  }
  package var disposition: Disposition {
    get { storage.disposition }
    set { unique.disposition = newValue }
    _modify {
      let box = unique
      yield &box.disposition
    }
  }
  /// The plan phase, or `nil` for `keep` and `leave-alone`.
  package var phase: Phase? {
    get { storage.phase }
    set { unique.phase = newValue }
    _modify {
      let box = unique
      yield &box.phase
    }
  }
  /// The module (SwiftPM target or folder) the file belongs to, when known.
  package var module: String? {
    get { storage.module }
    set { unique.module = newValue }
    _modify {
      let box = unique
      yield &box.module
    }
  }
  /// Path relative to the scanned root, `/`-separated.
  package var file: String {
    get { storage.file }
    set { unique.file = newValue }
    _modify {
      let box = unique
      yield &box.file
    }
  }
  package var range: SourceRange {
    get { storage.range }
    set { unique.range = newValue }
    _modify {
      let box = unique
      yield &box.range
    }
  }
  /// The enclosing declaration, `Type.member`, when there is one.
  package var symbol: String? {
    get { storage.symbol }
    set { unique.symbol = newValue }
    _modify {
      let box = unique
      yield &box.symbol
    }
  }
  /// The project type whose migration step this finding belongs to, when that is not the type of
  /// `symbol`: a `@StateObject var model: ProfileViewModel` in a view belongs to
  /// `ProfileViewModel`'s step; a `.sink` on `Events.shared.changed` belongs to `Events`.
  package var unit: String? {
    get { storage.unit }
    set { unique.unit = newValue }
    _modify {
      let box = unique
      yield &box.unit
    }
  }
  package var message: String {
    get { storage.message }
    set { unique.message = newValue }
    _modify {
      let box = unique
      yield &box.message
    }
  }
  package var help: String {
    get { storage.help }
    set { unique.help = newValue }
    _modify {
      let box = unique
      yield &box.help
    }
  }
  /// Why this disposition: the operators that kept a pipeline, what blocks a property.
  package var reasons: [String] {
    get { storage.reasons }
    set { unique.reasons = newValue }
    _modify {
      let box = unique
      yield &box.reasons
    }
  }
  /// What must be done first, as `path:line` references or fingerprints.
  package var blockedBy: [String] {
    get { storage.blockedBy }
    set { unique.blockedBy = newValue }
    _modify {
      let box = unique
      yield &box.blockedBy
    }
  }
  /// The reason given in a suppression comment, when the finding is suppressed.
  package var suppression: String? {
    get { storage.suppression }
    set { unique.suppression = newValue }
    _modify {
      let box = unique
      yield &box.suppression
    }
  }
  /// The match's significant tokens joined by one space, as the fingerprint saw them. Reports do
  /// not show it; the gate reads it to pair an edited finding with its old self (`TokenShape`).
  package var matchText: String {
    get { storage.matchText }
    set { unique.matchText = newValue }
    _modify {
      let box = unique
      yield &box.matchText
    }
  }
  /// For `blocked-by-deployment-target`: each platform whose deployment target is below what the
  /// replacement needs, in platform order. Empty otherwise.
  package var deploymentGates: [DeploymentGate] {
    get { storage.deploymentGates }
    set { unique.deploymentGates = newValue }
    _modify {
      let box = unique
      yield &box.deploymentGates
    }
  }

  package init(
    fingerprint: String, ruleID: String, category: CategoryID, severity: Severity, disposition: Disposition,
    phase: Phase?, module: String? = nil, file: String, range: SourceRange, symbol: String? = nil,
    message: String, help: String, reasons: [String] = [], blockedBy: [String] = [], suppression: String? = nil,
    matchText: String = ""
  ) {
    storage = Storage(
      fingerprint: fingerprint, ruleID: ruleID, category: category, severity: severity, disposition: disposition,
      phase: phase, module: module, file: file, range: range, symbol: symbol, unit: nil, message: message,
      help: help, reasons: reasons, blockedBy: blockedBy, suppression: suppression, matchText: matchText,
      deploymentGates: [])
  }

  /// The order of every report: file, line, column, rule id, then fingerprint as a tiebreak.
  package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return UTF8Order.precedes(lhs.file, rhs.file) }
    if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
    if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
    return lhs.fingerprint < rhs.fingerprint
  }

  /// Equal when every field is, as the synthesised conformance compared them.
  package static func == (lhs: Finding, rhs: Finding) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let a = lhs.storage
    let b = rhs.storage
    return a.fingerprint == b.fingerprint
      && a.ruleID == b.ruleID
      && a.category == b.category
      && a.severity == b.severity
      && a.disposition == b.disposition
      && a.phase == b.phase
      && a.module == b.module
      && a.file == b.file
      && a.range == b.range
      && a.symbol == b.symbol
      && a.unit == b.unit
      && a.message == b.message
      && a.help == b.help
      && a.reasons == b.reasons
      && a.blockedBy == b.blockedBy
      && a.suppression == b.suppression
      && a.matchText == b.matchText
      && a.deploymentGates == b.deploymentGates
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fingerprint)
    hasher.combine(storage.ruleID)
    hasher.combine(storage.category)
    hasher.combine(storage.severity)
    hasher.combine(storage.disposition)
    hasher.combine(storage.phase)
    hasher.combine(storage.module)
    hasher.combine(storage.file)
    hasher.combine(storage.range)
    hasher.combine(storage.symbol)
    hasher.combine(storage.unit)
    hasher.combine(storage.message)
    hasher.combine(storage.help)
    hasher.combine(storage.reasons)
    hasher.combine(storage.blockedBy)
    hasher.combine(storage.suppression)
    hasher.combine(storage.matchText)
    hasher.combine(storage.deploymentGates)
  }

  private enum CodingKeys: String, CodingKey {
    case fingerprint, ruleID, category, severity, disposition, phase, module, file, range, symbol, unit, message, help,
      reasons, blockedBy, suppression, matchText, deploymentGates
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let fingerprint = try container.decode(String.self, forKey: .fingerprint)
    let ruleID = try container.decode(String.self, forKey: .ruleID)
    let category = try container.decode(CategoryID.self, forKey: .category)
    let severity = try container.decode(Severity.self, forKey: .severity)
    let disposition = try container.decode(Disposition.self, forKey: .disposition)
    let phase = try container.decodeIfPresent(Phase.self, forKey: .phase)
    let module = try container.decodeIfPresent(String.self, forKey: .module)
    let file = try container.decode(String.self, forKey: .file)
    let range = try container.decode(SourceRange.self, forKey: .range)
    let symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
    let unit = try container.decodeIfPresent(String.self, forKey: .unit)
    let message = try container.decode(String.self, forKey: .message)
    let help = try container.decode(String.self, forKey: .help)
    let reasons = try container.decode([String].self, forKey: .reasons)
    let blockedBy = try container.decode([String].self, forKey: .blockedBy)
    let suppression = try container.decodeIfPresent(String.self, forKey: .suppression)
    let matchText = try container.decode(String.self, forKey: .matchText)
    let deploymentGates = try container.decodeIfPresent([DeploymentGate].self, forKey: .deploymentGates) ?? []
    storage = Storage(
      fingerprint: fingerprint, ruleID: ruleID, category: category, severity: severity, disposition: disposition,
      phase: phase, module: module, file: file, range: range, symbol: symbol, unit: unit, message: message, help: help,
      reasons: reasons, blockedBy: blockedBy, suppression: suppression, matchText: matchText,
      deploymentGates: deploymentGates)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(storage.fingerprint, forKey: .fingerprint)
    try container.encode(storage.ruleID, forKey: .ruleID)
    try container.encode(storage.category, forKey: .category)
    try container.encode(storage.severity, forKey: .severity)
    try container.encode(storage.disposition, forKey: .disposition)
    try container.encodeIfPresent(storage.phase, forKey: .phase)
    try container.encodeIfPresent(storage.module, forKey: .module)
    try container.encode(storage.file, forKey: .file)
    try container.encode(storage.range, forKey: .range)
    try container.encodeIfPresent(storage.symbol, forKey: .symbol)
    try container.encodeIfPresent(storage.unit, forKey: .unit)
    try container.encode(storage.message, forKey: .message)
    try container.encode(storage.help, forKey: .help)
    try container.encode(storage.reasons, forKey: .reasons)
    try container.encode(storage.blockedBy, forKey: .blockedBy)
    try container.encodeIfPresent(storage.suppression, forKey: .suppression)
    try container.encode(storage.matchText, forKey: .matchText)
    try container.encode(storage.deploymentGates, forKey: .deploymentGates)
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
