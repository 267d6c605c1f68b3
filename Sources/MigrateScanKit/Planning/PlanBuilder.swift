import ScanModel

/// Turns classified findings and the module graph into the plan: sections, and in each a step per
/// unit of work (a type, a bridge helper, the top-level code of a file), ordered leaves inward:
/// modules by wave, inside a module by folder and by the types each unit uses (`Planner`).
///
/// Leaves inward is the order for replacing Combine APIs with async ones: a caller can only move
/// once the async API it calls exists, so a module's steps are blocked by the modules it depends
/// on having done theirs, and each module ends with switching on complete strict concurrency.
package struct PlanBuilder: Sendable {
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
  /// - Parameter treeTypes: as `build` is given them: the rule's units are the plan's steps.
  ///
  /// - Returns: the findings' units, for `build` of the same findings, modules and tree types.
  @discardableResult
  package func applyLeaveAlone(
    _ findings: inout [Finding], modules: [ModuleInfo], files: [LeaveAloneRule.File], treeTypes: TreeTypes? = nil,
    placed: PlanUnits? = nil
  ) -> PlanUnits {
    leaveAlone.apply(
      to: &findings, modules: modules, files: files, treeTypes: treeTypes, history: history, placed: placed)
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
  ///   - jobs: threads for the sections' steps (1: the calling thread only); the plan is the
  ///     same for every value.
  ///   - units: what `applyLeaveAlone` returned for these findings, modules and tree types; nil
  ///     groups them here.
  package func build(
    findings: [Finding], modules: [ModuleInfo], sources: [String: PlanSourceFile] = [:],
    treeTypes: TreeTypes? = nil, notes: [String] = [], jobs: Int = 1, units: PlanUnits? = nil
  ) -> MigrationPlan {
    let planner = Planner(
      builder: self, findings: findings, modules: modules, sources: sources, treeTypes: treeTypes, jobs: jobs,
      units: units?.placement)
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
      // Most of a module's gates are the same two versions: equal text needs no parsing.
      if existing.needed != gate.needed,
        PlanBuilder.version(existing.needed).lexicographicallyPrecedes(PlanBuilder.version(gate.needed))
      {
        existing.needed = gate.needed
      }
      if existing.current != gate.current,
        PlanBuilder.version(gate.current).lexicographicallyPrecedes(PlanBuilder.version(existing.current))
      {
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
