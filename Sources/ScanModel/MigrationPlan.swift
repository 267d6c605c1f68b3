/// The ids of the plan's sections: the four phases, then the three sections beside them.
package enum PlanSectionID: String, CaseHashable, Sendable, Codable, CaseIterable, Comparable {
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
  /// Lines of source the step touches: the declarations it changes, not just the matched lines.
  package var lines: Int

  package init(findings: Int, lines: Int) {
    self.findings = findings
    self.lines = lines
  }
}

/// What one step of the plan is about: the unit of work a person takes on in one sitting.
package enum StepKind: String, CaseHashable, Sendable, Codable, CaseIterable {
  /// One type: a view model with its `@Published` properties, its pipelines, its view use
  /// sites and its blockers; a queue-guarded type; a type's one-shot APIs.
  case type
  /// One bridge helper (`firstValue`-style, `Future` + `Task` initialiser) and its callers.
  case bridge
  /// One subject with its consumers.
  case subject
  /// Top-level code of one file that belongs to no type.
  case file
  /// A module's findings taken together (small modules, and sections that are not work:
  /// keep, the deployment gate).
  case module
  /// The last step of a module: switch on complete strict concurrency (or Swift 6 mode) in it.
  case strictConcurrency = "strict-concurrency"
}

/// One step of a phase: a unit of work (a type, a bridge helper, a subject, a module's switch to
/// strict concurrency) and its findings.
package struct PlanStep: Sendable, Codable, Hashable {
  /// Stable across scans of the same tree, unique in the plan: built from the section, module,
  /// kind and unit, never from line numbers. `migrate-scan diff` pairs steps by it.
  /// `section/module/kind/unit` (`view-models/Feed/type/FeedViewModel`); `section/module` for a
  /// module step; `strict-concurrency/module` for a module's switch to complete checking.
  package var id: String = ""
  package var kind: StepKind = .module
  /// What a person would write on the ticket: "`ProfileViewModel` → `@Observable`: 4 properties,
  /// 2 pipelines to rewrite first, 3 views change". Plain text with backticks for code.
  package var title: String = ""
  /// The type, helper, subject or file the step is about; `nil` for a module step.
  package var unit: String?
  /// The folder the step's code lives in, relative to the root (`""` for the root): steps of a
  /// large module are grouped by it.
  package var folder: String = ""
  /// For a step under leave-alone: the rule that put it there and the facts it used, in words.
  package var leaveAloneReason: String?
  /// The module's wave (the order of modules, leaves first).
  package var wave: Int
  /// The order inside the module: 0 for a unit that uses no other unit of the module's plan, n
  /// when the units it uses sit at levels below n (a cycle shares one level). Steps of a module
  /// are grouped by folder (folders leaves first too), then by level.
  package var level: Int = 0
  package var module: String
  /// Files relative to the scanned root, sorted.
  package var files: [String]
  /// Fingerprints of the findings this step deals with, in report order.
  package var findings: [String]
  package var size: StepSize
  /// What must be done before this step, in words (`after `SearchPipeline` (Search.swift:40)
  /// stops reading `$query``), one entry per blocker.
  package var blockedBy: [String]
  /// Ids of the steps that must be done before this one (the same blockers, for machines).
  package var blockedBySteps: [String] = []

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
