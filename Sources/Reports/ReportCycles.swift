import ScanModel

/// The dependency cycles of a report's modules, each once, with an id modules refer to.
///
/// Every member of a cycle carries the whole member list (`ModuleInfo.cycle`), so a writer
/// that printed it per module wrote the square of the cycle's size: a 5,000-module cycle made
/// a 420 MB JSON report. Writers print each cycle once here and refer to it by id.
package struct ReportCycles: Sendable {
  /// One cycle: `cycle-1`, `cycle-2`, … in order of its first member in the module list.
  package struct Cycle: Sendable, Equatable {
    package var id: String
    /// The member names, sorted.
    package var members: [String]
  }

  /// The cycles, in order of first appearance.
  package let cycles: [Cycle]
  /// Module name → index in `cycles`.
  private let cycleByModule: [String: Int]

  /// Finds the cycles among `modules` in one pass: a cycle's members are recorded when the
  /// first of them is met, so later members cost one lookup, not a look at the whole list.
  package init(_ modules: [ModuleInfo]) {
    var cycles: [Cycle] = []
    var cycleByModule: [String: Int] = [:]  // lookup only
    for module in modules where module.cycle.count > 1 && cycleByModule[module.name] == nil {
      let number = cycles.count
      let members = module.cycle.sorted()
      cycles.append(Cycle(id: "cycle-\(number + 1)", members: members))
      for member in members where cycleByModule[member] == nil { cycleByModule[member] = number }
      cycleByModule[module.name] = number
    }
    self.cycles = cycles
    self.cycleByModule = cycleByModule
  }

  /// The cycle `module` belongs to, if any.
  package func cycle(of module: String) -> Cycle? {
    cycleByModule[module].map { cycles[$0] }
  }
}
