import ScanModel

/// Turns classified findings and the module graph into the plan: sections, and in each phase one
/// step per module, ordered leaves inward (by wave, then by name).
///
/// Leaves inward is the order for replacing Combine APIs with async ones: a caller can only move
/// once the async API it calls exists, so a module's step is blocked by the steps of the modules
/// it depends on in the same or an earlier phase.
package struct PlanBuilder: Sendable {
  /// A module with more findings than this in one phase is split into one step per file.
  package var largeStepFindings = 30
  /// The thresholds of the leave-alone judgment (`.migrate-scan.json`'s `leaveAlone`).
  package var leaveAlone = LeaveAloneRule()
  /// The tree's git history, read once before planning (`GitHistory.read`); unavailable when it
  /// was not read (`--no-history`, a check, a test).
  package var history: GitHistory.Reading = .unavailable("not read")

  package init() {}

  /// The titles of the plan sections, in order.
  package static func title(of section: PlanSectionID) -> String {
    switch section {
    case .fixNow: return "Fix now"
    case .prepare: return "Prepare: gather the bridges in one place"
    case .oneShot: return "One-shot operations become async"
    case .viewModels: return "View models and subjects"
    case .cleanup: return "Clean up the bridges nothing uses"
    case .deploymentGate: return "Blocked by the deployment target"
    case .keep: return "Keep on Combine"
    case .leaveAlone: return "Leave alone"
    }
  }

  /// Marks the `migrate` findings of the units `leaveAlone` leaves alone (large, kept
  /// operators, no test names them, unchanged for long): `LeaveAloneRule` decides, per unit.
  ///
  /// - Parameter files: every analysed source file with its module, lines and facts.
  package func applyLeaveAlone(_ findings: inout [Finding], modules: [ModuleInfo], files: [LeaveAloneRule.File]) {
    leaveAlone.apply(to: &findings, modules: modules, files: files, history: history)
  }

  /// Builds the plan. `findings` must be in report order and already final; suppressed ones
  /// are left out (they are reported, never planned).
  ///
  /// - Parameter fileWaves: each file's wave inside its module (the file graph), so that the
  ///   file steps of a large module also go leaves first.
  package func build(
    findings: [Finding], modules: [ModuleInfo], fileWaves: [String: Int] = [:], notes: [String] = []
  ) -> MigrationPlan {
    let modulesByName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // Indices, not copies: a `Finding` is some 200 bytes, and grouping copies of every finding
    // by section, module and file made the plan the peak of a scan's memory.
    var bySection: [PlanSectionID: [Int]] = [:]
    for index in findings.indices where findings[index].suppression == nil {
      bySection[section(of: findings[index]), default: []].append(index)
    }
    var fingerprintIndex: [String: Int] = [:]
    for index in bySection[.deploymentGate] ?? [] { fingerprintIndex[findings[index].fingerprint] = index }
    var phases: [PlanPhase] = []
    for section in PlanSectionID.allCases {
      let sectionFindings = bySection[section] ?? []
      var steps = steps(
        for: sectionFindings, of: findings, modules: modulesByName, fileWaves: fileWaves,
        splitLarge: section != .deploymentGate)
      if section == .deploymentGate {
        // One gate per module: "raise iOS 15.0 → 17", what opens all of its blocked items.
        for index in steps.indices {
          steps[index].blockedBy = [
            PlanBuilder.gateText(steps[index].findings.compactMap { fingerprintIndex[$0] }.map { findings[$0] })
          ]
        }
      }
      if section == .prepare || section == .oneShot || section == .viewModels || section == .cleanup {
        let modulesWithSteps = Set(steps.map(\.module))
        for index in steps.indices {
          steps[index].blockedBy.append(
            contentsOf: dependencyBlockers(
              of: steps[index].module, in: section, modules: modulesByName, modulesWithSteps: modulesWithSteps))
        }
      }
      for index in steps.indices { PlanBuilder.name(&steps[index], in: section) }
      phases.append(PlanPhase(id: section, title: PlanBuilder.title(of: section), steps: steps))
    }
    return MigrationPlan(phases: phases, notes: notes)
  }

  /// Gives a module or file step its id, kind, unit, folder and title.
  private static func name(_ step: inout PlanStep, in section: PlanSectionID) {
    step.id = "\(section.rawValue)/\(step.module)" + (step.unit.map { "/" + $0 } ?? "")
    step.title = "`\(step.unit ?? step.module)`"
    let folders = Set(step.files.map { file in file.split(separator: "/").dropLast().joined(separator: "/") })
    if folders.count == 1 { step.folder = folders.first ?? "" }
  }

  private func section(of finding: Finding) -> PlanSectionID {
    switch finding.disposition {
    case .fixNow: return .fixNow
    case .blockedByDeploymentTarget: return .deploymentGate
    case .keep: return .keep
    case .leaveAlone: return .leaveAlone
    case .migrate:
      switch finding.phase {
      case .prepare: return .prepare
      case .oneShot: return .oneShot
      case .viewModels: return .viewModels
      case .cleanup: return .cleanup
      case nil: return .oneShot
      }
    }
  }

  /// One step per module (per file when the module's share is large), leaves first.
  ///
  /// - Parameter selected: indices into `findings`, in report order.
  private func steps(
    for selected: [Int], of findings: [Finding], modules: [String: ModuleInfo], fileWaves: [String: Int],
    splitLarge: Bool = true
  ) -> [PlanStep] {
    var byModule: [String: [Int]] = [:]
    for index in selected { byModule[findings[index].module ?? "(root)", default: []].append(index) }
    var steps: [PlanStep] = []
    for (module, moduleFindings) in byModule {
      let wave = modules[module]?.wave ?? 0
      if splitLarge && moduleFindings.count > largeStepFindings {
        var byFile: [String: [Int]] = [:]
        for index in moduleFindings { byFile[findings[index].file, default: []].append(index) }
        for (file, fileFindings) in byFile {
          var fileStep = step(module: module, wave: wave, selected: fileFindings, of: findings)
          fileStep.kind = .file
          fileStep.unit = file
          steps.append(fileStep)
        }
      } else {
        steps.append(step(module: module, wave: wave, selected: moduleFindings, of: findings))
      }
    }
    // Dictionary order must never reach output: sort by wave, module, file wave, first file.
    // The keys are computed once per step (module names as their rank among the names), not per
    // comparison: a tree split into thousands of file steps spent most of planning hashing
    // paths and comparing module names inside the sort.
    //
    // A test module's steps sort under the module it tests (`testOf`), right after that module's
    // own: tests travel with the code they cover and never make a wave of their own.
    var moduleRank: [String: Int] = [:]
    let hosts = Set(steps.map { modules[$0.module]?.testOf ?? $0.module })
    for (rank, module) in hosts.union(steps.map(\.module)).sorted().enumerated() { moduleRank[module] = rank }
    let keys = steps.map { step in
      let file = step.files.first ?? ""
      let host = modules[step.module]?.testOf
      return (
        wave: step.wave, module: moduleRank[host ?? step.module] ?? 0, test: host == nil ? 0 : 1,
        testModule: moduleRank[step.module] ?? 0, fileWave: fileWaves[file] ?? 0, file: file
      )
    }
    let order = keys.indices.sorted { lhs, rhs in
      let (lhs, rhs) = (keys[lhs], keys[rhs])
      if lhs.wave != rhs.wave { return lhs.wave < rhs.wave }
      if lhs.module != rhs.module { return lhs.module < rhs.module }
      if lhs.test != rhs.test { return lhs.test < rhs.test }
      if lhs.testModule != rhs.testModule { return lhs.testModule < rhs.testModule }
      if lhs.fileWave != rhs.fileWave { return lhs.fileWave < rhs.fileWave }
      return UTF8Order.precedes(lhs.file, rhs.file)
    }
    return order.map { steps[$0] }
  }

  private func step(module: String, wave: Int, selected: [Int], of findings: [Finding]) -> PlanStep {
    let ordered = selected.sorted { Finding.reportOrder(findings[$0], findings[$1]) }
    var files: [String] = []
    var lines = 0
    var blockers: [String] = []
    for index in ordered {
      let finding = findings[index]
      if files.last != finding.file && !files.contains(finding.file) { files.append(finding.file) }
      lines += max(1, finding.range.end.line - finding.range.start.line + 1)
      for blocker in finding.blockedBy where !blockers.contains(blocker) { blockers.append(blocker) }
    }
    files.sort(by: UTF8Order.precedes)
    return PlanStep(
      wave: wave, module: module, files: files, findings: ordered.map { findings[$0].fingerprint },
      size: StepSize(findings: ordered.count, lines: lines), blockedBy: blockers)
  }

  /// The one gate of a module's blocked findings, per platform the lowest current target and the
  /// highest need: `raise iOS 15.0 → 17, macOS 12 → 14`.
  static func gateText(_ findings: [Finding]) -> String {
    var order: [String] = []
    var gates: [String: DeploymentGate] = [:]
    for gate in findings.flatMap(\.deploymentGates) {
      guard var existing = gates[gate.platform] else {
        order.append(gate.platform)
        gates[gate.platform] = gate
        continue
      }
      if PlanBuilder.version(existing.needed).lexicographicallyPrecedes(PlanBuilder.version(gate.needed)) {
        existing.needed = gate.needed
      }
      if PlanBuilder.version(gate.current).lexicographicallyPrecedes(PlanBuilder.version(existing.current)) {
        existing.current = gate.current
      }
      gates[gate.platform] = existing
    }
    let parts = order.compactMap { gates[$0] }.map { "\($0.platform) \($0.current) → \($0.needed)" }
    return "raise " + parts.joined(separator: ", ")
  }

  /// `"15.4"` → [15, 4], for comparing versions.
  private static func version(_ text: String) -> [Int] {
    text.split(separator: ".").map { Int($0) ?? 0 }
  }

  /// The dependencies of `module` that have work in the same phase: their step comes first.
  /// (Work in an earlier phase is done before this phase starts, so it blocks nothing here.)
  private func dependencyBlockers(
    of module: String, in section: PlanSectionID, modules: [String: ModuleInfo], modulesWithSteps: Set<String>
  ) -> [String] {
    guard let info = modules[module] else { return [] }
    var blockers: [String] = []
    for dependency in info.dependsOn where !info.cycle.contains(dependency) {
      if modulesWithSteps.contains(dependency) {
        blockers.append("\(dependency): its \(section.rawValue) step comes first (\(module) depends on it)")
      }
    }
    return blockers
  }
}
