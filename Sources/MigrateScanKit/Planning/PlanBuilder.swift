import ScanModel

/// Turns classified findings and the module graph into the plan: sections, and in each a step per
/// unit of work (a type, a bridge helper, the top-level code of a file), ordered leaves inward:
/// modules by wave, inside a module by folder and by the types each unit uses (`Planner`).
///
/// Leaves inward is the order for replacing Combine APIs with async ones: a caller can only move
/// once the async API it calls exists, so a module's steps are blocked by the modules it depends
/// on having done theirs, and each module ends with switching on complete strict concurrency.
package struct PlanBuilder: Sendable {
  /// Untested modules with more lines than this and kept pipelines are left alone.
  package var leaveAloneLines = 3_000

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

  /// Marks the findings of large untested modules with kept pipelines as `leave-alone`.
  ///
  /// Such code works, nothing would catch a regression, and its pipelines are the kind that stay
  /// on Combine anyway: migrate it when it must change for another reason.
  package func applyLeaveAlone(_ findings: inout [Finding], modules: [ModuleInfo]) {
    let modulesByName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var keptModules: Set<String> = []
    for finding in findings where finding.disposition == .keep {
      if let module = finding.module { keptModules.insert(module) }
    }
    // One reason per module, shared by its findings: a copy of it per finding was 4 MB on a
    // tree of a million generated lines.
    var reasons: [String: String] = [:]
    for index in findings.indices {
      guard let name = findings[index].module, let module = modulesByName[name], !module.tested,
        !module.isTest, module.lines > leaveAloneLines, keptModules.contains(name),
        findings[index].disposition == .migrate
      else { continue }
      findings[index].disposition = .leaveAlone
      findings[index].phase = nil
      if reasons[name] == nil {
        reasons[name] =
          "module \(name) has \(module.lines) lines, no test target references it, and it keeps pipelines on "
          + "Combine: migrate it when it must change anyway"
      }
      findings[index].reasons.append(reasons[name]!)
    }
  }

  /// Builds the plan. `findings` must be in report order and already final; suppressed ones
  /// are left out (they are reported, never planned).
  ///
  /// - Parameters:
  ///   - sources: per file with findings, its type extents and the types it names: the size of
  ///     a step and the order of a module's steps. Files missing here size steps by their
  ///     findings' lines and order them by name.
  ///   - treeTypes: the top-level type names the tree declares; a member of an extension of any
  ///     other type is a unit of its own (a bridge). nil: every type counts as the tree's.
  package func build(
    findings: [Finding], modules: [ModuleInfo], sources: [String: PlanSourceFile] = [:],
    treeTypes: Set<String>? = nil, notes: [String] = []
  ) -> MigrationPlan {
    var planner = Planner(
      builder: self, findings: findings, modules: modules, sources: sources, treeTypes: treeTypes)
    return MigrationPlan(phases: planner.phases(), notes: notes)
  }

  /// The phase whose verb a section's steps use.
  static func isWork(_ section: PlanSectionID) -> Bool {
    section != .keep && section != .deploymentGate
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
}
