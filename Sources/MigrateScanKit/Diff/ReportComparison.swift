import ScanModel

/// Compares two reports of a tree into the progress `migrate-scan diff` prints.
///
/// - Steps pair by `id`, which the planner builds from the section, module, kind and unit,
///   never from lines: a step in the old plan and not the new is done, one in the new and not
///   the old is added, one in both remains. A step whose section changed (a type now left
///   alone) has another id; a done and an added step of the same module, kind and unit (a unit
///   is named: module steps of two sections are different work) are that one step, moved.
/// - Findings pair as the gate pairs them (`FindingPairing`): equal fingerprints, then, among
///   what is left of one rule, findings in the same declaration of the same file (an edit inside
///   the declaration changes its fingerprint, not what it is). A report stores no token shape, so
///   findings in another declaration or file do not pair here: a renamed method's wrapper is one
///   gone and one new. Suppressed findings are not work: they are left out on both sides.
/// - A finding is placed in the section and module of the step that lists it (the new plan's for
///   a new finding, the old plan's for a gone one), else by its disposition, phase and module.
///
/// The cost is linear in the steps and findings of both reports, plus the pairing's bounded
/// scoring of leftovers (`FindingPairing.pairCap`).
package enum ReportComparison {
  /// The name used for findings without a module.
  package static let noModule = "(no module)"

  package static func compare(old: ReportSnapshot, new: ReportSnapshot) -> ReportDiff {
    var builder = Builder(old: old, new: new)
    builder.pairSteps()
    builder.pairFindings()
    let oldFindings = old.findings.count { !$0.suppressed }
    let newFindings = new.findings.count { !$0.suppressed }
    return ReportDiff(
      old: ReportDiff.Side(
        path: old.path, toolVersion: old.toolVersion, root: old.root, findings: oldFindings, steps: old.steps.count),
      new: ReportDiff.Side(
        path: new.path, toolVersion: new.toolVersion, root: new.root, findings: newFindings, steps: new.steps.count),
      warnings: warnings(old: old, new: new), sections: builder.sections())
  }

  /// What a reader must know before trusting the numbers.
  static func warnings(old: ReportSnapshot, new: ReportSnapshot) -> [String] {
    var warnings: [String] = []
    if old.root != new.root {
      warnings.append(
        "the reports scanned different roots ('\(old.root)' in \(old.path), '\(new.root)' in \(new.path)); "
          + "steps and findings pair by ids and paths relative to each root, so this compares them as one tree")
    }
    if old.toolVersion != new.toolVersion {
      warnings.append(
        "the reports were written by different versions of migrate-scan (\(old.toolVersion) and "
          + "\(new.toolVersion)); a changed rule or planner adds or drops steps and findings by itself")
    }
    return warnings
  }

  /// A section and module, the key of one `ReportDiff.Module`.
  private struct Place: Hashable {
    var section: String
    var module: String
  }

  private struct Builder {
    let old: ReportSnapshot
    let new: ReportSnapshot
    var modules: [Place: ReportDiff.Module] = [:]
    /// Places in the order they were first met: new plan, old plan, then findings.
    var order: [Place] = []
    var sectionTitles: [String: String] = [:]

    init(old: ReportSnapshot, new: ReportSnapshot) {
      self.old = old
      self.new = new
      // The new plan's titles win; a section only the old plan has keeps its own.
      for section in old.sections { sectionTitles[section.id] = section.title }
      for section in new.sections { sectionTitles[section.id] = section.title }
      for step in new.steps { _ = place(step.section, step.module) }
      for step in old.steps { _ = place(step.section, step.module) }
    }

    mutating func place(_ section: String, _ module: String) -> Place {
      let place = Place(section: section, module: module)
      if modules[place] == nil {
        modules[place] = ReportDiff.Module(name: module)
        order.append(place)
      }
      return place
    }

    mutating func pairSteps() {
      // Ids are unique in a plan; should one repeat, its copies pair one for one.
      var oldCounts: [String: Int] = [:]
      for step in old.steps { oldCounts[step.id, default: 0] += 1 }
      var newCounts: [String: Int] = [:]
      for step in new.steps { newCounts[step.id, default: 0] += 1 }
      var seenNew: [String: Int] = [:]
      var addedSteps: [ReportSnapshot.Step] = []
      for step in new.steps {
        let seen = seenNew[step.id, default: 0]
        seenNew[step.id] = seen + 1
        if seen < oldCounts[step.id, default: 0] {
          modules[Place(section: step.section, module: step.module)]!.remaining.append(Self.entry(step))
        } else {
          addedSteps.append(step)
        }
      }
      var seenOld: [String: Int] = [:]
      var doneSteps: [ReportSnapshot.Step] = []
      for step in old.steps {
        let seen = seenOld[step.id, default: 0]
        seenOld[step.id] = seen + 1
        if seen >= newCounts[step.id, default: 0] { doneSteps.append(step) }
      }
      // A done and an added step of one unit are that step moved: first with first, in plan order.
      var doneOfUnit: [Unit: [Int]] = [:]
      for (index, step) in doneSteps.enumerated() {
        if let unit = Unit(step) { doneOfUnit[unit, default: []].append(index) }
      }
      var nextOfUnit: [Unit: Int] = [:]
      var movedAway = [Bool](repeating: false, count: doneSteps.count)
      for step in addedSteps {
        let key = Place(section: step.section, module: step.module)
        if let unit = Unit(step), let candidates = doneOfUnit[unit], nextOfUnit[unit, default: 0] < candidates.count {
          let from = candidates[nextOfUnit[unit, default: 0]]
          nextOfUnit[unit, default: 0] += 1
          movedAway[from] = true
          let section = doneSteps[from].section
          modules[key]!.moved.append(
            ReportDiff.Moved(step: Self.entry(step), from: section, fromTitle: sectionTitles[section] ?? section))
        } else {
          modules[key]!.added.append(Self.entry(step))
        }
      }
      for (index, step) in doneSteps.enumerated() where !movedAway[index] {
        modules[Place(section: step.section, module: step.module)]!.done.append(Self.entry(step))
      }
    }

    /// What makes two steps of different sections one unit of work.
    struct Unit: Hashable {
      var module: String
      var kind: String
      var unit: String

      init?(_ step: ReportSnapshot.Step) {
        guard let unit = step.unit else { return nil }
        self.module = step.module
        self.kind = step.kind
        self.unit = unit
      }
    }

    mutating func pairFindings() {
      let before = old.findings.filter { !$0.suppressed }
      let after = new.findings.filter { !$0.suppressed }
      let outcome = FindingPairing.pair(before: before.map(Self.item), after: after.map(Self.item))
      let newSteps = Self.stepOfFinding(new.steps)
      for index in outcome.unpairedAfter {
        let finding = after[index]
        let step = newSteps[finding.fingerprint]
        let key = place(
          step?.section ?? Self.section(of: finding), step?.module ?? finding.module ?? ReportComparison.noModule)
        modules[key]!.newFindings.append(
          ReportDiff.Finding(
            fingerprint: finding.fingerprint, ruleID: finding.ruleID, severity: finding.severity,
            disposition: finding.disposition, file: finding.file, line: finding.line, column: finding.column,
            symbol: finding.symbol, message: finding.message, step: step?.id))
      }
      let oldSteps = Self.stepOfFinding(old.steps)
      for index in outcome.unpairedBefore {
        let finding = before[index]
        let step = oldSteps[finding.fingerprint]
        let key = place(
          step?.section ?? Self.section(of: finding), step?.module ?? finding.module ?? ReportComparison.noModule)
        modules[key]!.goneFindings += 1
      }
    }

    /// The sections in plan order, each with its modules that have anything to say.
    func sections() -> [ReportDiff.Section] {
      var bySection: [String: [ReportDiff.Module]] = [:]
      for place in order {
        let module = modules[place]!
        let empty =
          module.done.isEmpty && module.added.isEmpty && module.remaining.isEmpty && module.newFindings.isEmpty
          && module.goneFindings == 0 && module.moved.isEmpty
        if !empty { bySection[place.section, default: []].append(module) }
      }
      return bySection.keys.sorted(by: Self.sectionPrecedes).map { id in
        ReportDiff.Section(
          id: id, title: sectionTitles[id] ?? PlanSectionID(rawValue: id).map(PlanBuilder.title(of:)) ?? id,
          modules: bySection[id]!)
      }
    }

    /// Known sections in the plan's order, then any other by name.
    static func sectionPrecedes(_ lhs: String, _ rhs: String) -> Bool {
      switch (PlanSectionID(rawValue: lhs), PlanSectionID(rawValue: rhs)) {
      case (let left?, let right?): return left < right
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return UTF8Order.precedes(lhs, rhs)
      }
    }

    /// The section a finding no step lists belongs to, from its disposition and phase.
    static func section(of finding: ReportSnapshot.Finding) -> String {
      switch finding.disposition {
      case "fix-now": return PlanSectionID.fixNow.rawValue
      case "keep": return PlanSectionID.keep.rawValue
      case "leave-alone": return PlanSectionID.leaveAlone.rawValue
      case "blocked-by-deployment-target": return PlanSectionID.deploymentGate.rawValue
      default: return finding.phase ?? PlanSectionID.keep.rawValue
      }
    }

    /// The first step listing each fingerprint.
    static func stepOfFinding(_ steps: [ReportSnapshot.Step]) -> [String: ReportSnapshot.Step] {
      var result: [String: ReportSnapshot.Step] = [:]
      for step in steps {
        for fingerprint in step.findings where result[fingerprint] == nil { result[fingerprint] = step }
      }
      return result
    }

    static func item(_ finding: ReportSnapshot.Finding) -> FindingPairing.Item {
      // No shape: a report stores none, so only same-declaration leftovers pair (see above).
      FindingPairing.Item(
        ruleID: finding.ruleID, file: finding.file, symbol: finding.symbol, fingerprint: finding.fingerprint,
        shape: .stored(nil))
    }

    static func entry(_ step: ReportSnapshot.Step) -> ReportDiff.Step {
      ReportDiff.Step(
        id: step.id, kind: step.kind, title: step.title, unit: step.unit, folder: step.folder,
        findings: step.findings.count, lines: step.lines)
    }
  }
}
