/// The ids of the plan's sections: the four phases, then the three sections beside them.
package enum PlanSectionID: String, Sendable, Codable, CaseIterable, Comparable {
  case fixNow = "fix-now"
  case prepare
  case oneShot = "one-shot"
  case viewModels = "view-models"
  case cleanup
  /// Findings blocked by a module's deployment target: one step per module, the gate to raise.
  case deploymentGate = "deployment-gate"
  case keep
  case leaveAlone = "leave-alone"

  private var order: Int { PlanSectionID.allCases.firstIndex(of: self) ?? 0 }

  package static func < (lhs: PlanSectionID, rhs: PlanSectionID) -> Bool { lhs.order < rhs.order }
}

/// The size of a step: how much work it is.
package struct StepSize: Sendable, Codable, Hashable {
  package var findings: Int
  package var lines: Int

  package init(findings: Int, lines: Int) {
    self.findings = findings
    self.lines = lines
  }
}

/// One step of a phase: a module (or a file group of a large module) and its findings.
package struct PlanStep: Sendable, Codable, Hashable {
  package var wave: Int
  package var module: String
  /// Files relative to the scanned root, sorted.
  package var files: [String]
  /// Fingerprints of the findings this step deals with, in report order.
  package var findings: [String]
  package var size: StepSize
  /// What must be done before this step, as human-readable references (`path:line — why`).
  package var blockedBy: [String]

  package init(wave: Int, module: String, files: [String], findings: [String], size: StepSize, blockedBy: [String]) {
    self.wave = wave
    self.module = module
    self.files = files
    self.findings = findings
    self.size = size
    self.blockedBy = blockedBy
  }
}

/// One section of the plan.
package struct PlanPhase: Sendable, Codable, Hashable {
  package var id: PlanSectionID
  package var title: String
  package var steps: [PlanStep]

  package init(id: PlanSectionID, title: String, steps: [PlanStep]) {
    self.id = id
    self.title = title
    self.steps = steps
  }
}

/// The order of work: phases, each a list of steps by wave, leaves first.
package struct MigrationPlan: Sendable, Codable, Hashable {
  package var phases: [PlanPhase]
  /// Notes that apply to the whole plan (deployment target limits, manifest warnings).
  package var notes: [String]

  package init(phases: [PlanPhase] = [], notes: [String] = []) {
    self.phases = phases
    self.notes = notes
  }
}
