import ScanModel

/// The rules a scan runs: loaded from `rules.json` bytes, validated, compiled, sorted by id.
///
/// Loading is two steps, as in ast-grep: `RuleSpec` mirrors the JSON and rejects anything
/// unknown, then `CompiledRule` compiles patterns and globs and checks detector names. The
/// catalogue is immutable after load and passed down explicitly (no global rule registry).
package struct RuleCatalog: Sendable {
  /// The newest `version` this build understands; a newer file is refused rather than half read.
  package static let supportedVersion = 1
  /// The keys of the top-level object.
  package static let topLevelKeys = ["version", "rules"]

  /// Every rule, sorted by id.
  package let rules: [CompiledRule]

  /// A catalogue with no rules, to merge others into.
  package static let empty = RuleCatalog(rules: [])

  private init(rules: [CompiledRule]) {
    self.rules = rules.sorted { $0.id < $1.id }
  }

  /// Loads a catalogue.
  ///
  /// - Parameters:
  ///   - bytes: the contents of a rules file (`{"version": 1, "rules": [...]}`).
  ///   - source: the file name used in error messages (`rules.json`, `team-rules.json`).
  ///   - knownDetectors: the names a `detector` field may use (`Detectors.all`'s keys).
  /// - Throws: the first problem, naming the file, the rule and the field.
  package static func load(_ bytes: [UInt8], source: String, knownDetectors: Set<String>) throws(RuleCatalogError)
    -> RuleCatalog
  {
    guard bytes.count <= RuleLimits.fileBytes else {
      throw .limitExceeded(
        file: source, rule: nil, field: nil, limit: .fileBytes(found: bytes.count, limit: RuleLimits.fileBytes))
    }
    let json = try JSONParser.parse(bytes, file: source)
    let reader = SpecReader(file: source, rule: nil)
    let members = try reader.object(json, field: "top level")
    try reader.rejectUnknownKeys(members, allowed: topLevelKeys)

    guard let versionValue = json["version"] else {
      throw .missingField(file: source, rule: nil, field: "version")
    }
    guard case .number(let versionText) = versionValue.kind else {
      throw reader.wrongType(versionValue, field: "version", expected: .number)
    }
    guard let version = versionValue.integerValue, version >= 1 else {
      throw .invalidValue(
        file: source, rule: nil, field: "version", value: versionText, allowed: ["1"], suggestion: nil)
    }
    guard version <= supportedVersion else {
      throw .unsupportedVersion(file: source, found: version, supported: supportedVersion)
    }

    guard let rulesValue = json["rules"] else { throw .missingField(file: source, rule: nil, field: "rules") }
    let elements = try reader.array(rulesValue, field: "rules")
    guard elements.count <= RuleLimits.rulesPerFile else {
      throw .limitExceeded(
        file: source, rule: nil, field: "rules",
        limit: .rules(found: elements.count, limit: RuleLimits.rulesPerFile))
    }
    var rules: [CompiledRule] = []
    rules.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let spec = try RuleSpec(json: element, index: index, file: source)
      rules.append(try CompiledRule(spec: spec, file: source, knownDetectors: knownDetectors))
    }
    try checkUniqueIDs(rules)
    return RuleCatalog(rules: rules)
  }

  /// This catalogue plus `other`'s rules: a team's rules file beside the built-in one.
  ///
  /// - Throws: `duplicateID` when a rule of `other` reuses an id or alias already taken.
  package func merging(_ other: RuleCatalog) throws(RuleCatalogError) -> RuleCatalog {
    try Self.checkUniqueIDs(rules + other.rules)
    return RuleCatalog(rules: rules + other.rules)
  }

  /// Only the rules named by `ids` (ids or aliases), for `--only`.
  ///
  /// - Throws: `unknownRule` with the closest known id for a name no rule has.
  package func only(_ ids: [String]) throws(RuleCatalogError) -> RuleCatalog {
    var selected: [CompiledRule] = []
    for id in ids {
      guard let rule = rule(id: id) else {
        let known = rules.flatMap { [$0.id] + $0.aliases }
        throw .unknownRule(id: id, suggestion: Suggestion.closest(to: id, in: known))
      }
      if !selected.contains(where: { $0.id == rule.id }) { selected.append(rule) }
    }
    return RuleCatalog(rules: selected)
  }

  /// The catalogue without the rules named by `ids` (ids or aliases), for a configuration's
  /// `disabledRules`.
  ///
  /// - Throws: `unknownRule` for a name no rule has: a misspelt id must not silently disable nothing.
  package func excluding(_ ids: [String]) throws(RuleCatalogError) -> RuleCatalog {
    var removed: Set<String> = []
    for id in ids {
      guard let rule = rule(id: id) else {
        let known = rules.flatMap { [$0.id] + $0.aliases }
        throw .unknownRule(id: id, suggestion: Suggestion.closest(to: id, in: known))
      }
      removed.insert(rule.id)
    }
    return RuleCatalog(rules: rules.filter { !removed.contains($0.id) })
  }

  /// The catalogue with the severities of some rules replaced (a team's `severity` settings).
  ///
  /// - Throws: `unknownRule` for a name no rule has.
  package func overridingSeverities(_ severities: [String: Severity]) throws(RuleCatalogError) -> RuleCatalog {
    var byID: [String: Severity] = [:]
    for (id, severity) in severities.sorted(by: { $0.key < $1.key }) {
      guard let rule = rule(id: id) else {
        let known = rules.flatMap { [$0.id] + $0.aliases }
        throw .unknownRule(id: id, suggestion: Suggestion.closest(to: id, in: known))
      }
      byID[rule.id] = severity
    }
    return RuleCatalog(
      rules: rules.map { rule in
        var changed = rule
        if let severity = byID[rule.id] { changed.severity = severity }
        return changed
      })
  }

  /// The rule whose id or alias is `id`.
  package func rule(id: String) -> CompiledRule? {
    rules.first { $0.id == id } ?? rules.first { $0.aliases.contains(id) }
  }

  /// What reports need about every rule, sorted by id.
  package var ruleInfos: [RuleInfo] { rules.map(\.info) }

  /// Ids and aliases share one namespace: an alias that equals another rule's id would make
  /// `--only` ambiguous. The rules are checked in file order, so the error names the later one.
  private static func checkUniqueIDs(_ rules: [CompiledRule]) throws(RuleCatalogError) {
    var seen: [String: CompiledRule] = [:]
    for rule in rules {
      for id in [rule.id] + rule.aliases {
        if let first = seen[id] {
          throw .duplicateID(
            file: rule.file, rule: rule.reference, id: id, firstFile: first.file, firstLine: first.reference.line)
        }
        seen[id] = rule
      }
    }
  }
}
