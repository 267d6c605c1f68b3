/// The enabled detector rules, arranged for the per-file pass: which detectors run, with which
/// names, and which rules each hit name feeds.
///
/// Built once per set of rules rather than per file: for every file, the classifier used to
/// rebuild a dictionary of rules by name and a set of enabled names per detector, which cost
/// more than 1% of a scan in hashing alone.
package struct DetectorSelection: Sendable {
  /// Hit name → the rules it becomes findings of, in rule order.
  let rulesByName: [String: [DetectorRuleRef]]
  /// The detectors with at least one enabled name, in `Detectors.types` order, with those names.
  let enabled: [(detector: any Detector, names: Set<String>)]

  /// Arranges `rules` (the enabled detector rules that apply to a file).
  package init(_ rules: [DetectorRuleRef]) {
    var rulesByName: [String: [DetectorRuleRef]] = [:]
    for rule in rules { rulesByName[rule.detector, default: []].append(rule) }
    self.rulesByName = rulesByName
    self.enabled = Detectors.types.compactMap { detector in
      let names = Set(detector.names.filter { rulesByName[$0] != nil })
      return names.isEmpty ? nil : (detector, names)
    }
  }
}
