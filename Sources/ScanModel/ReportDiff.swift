/// Progress between two scans of a tree, what `migrate-scan diff OLD.json NEW.json` reports: per
/// plan section and module, the steps done (in the old plan, not the new), added (in the new,
/// not the old) and remaining (in both), and the findings that appeared or went.
package struct ReportDiff: Sendable, Equatable {
  /// One of the two reports compared.
  package struct Side: Sendable, Equatable {
    /// The file, as the user named it.
    package var path: String
    package var toolVersion: String
    /// The scanned root the report names.
    package var root: String
    /// Findings not suppressed.
    package var findings: Int
    package var steps: Int

    package init(path: String, toolVersion: String, root: String, findings: Int, steps: Int) {
      self.path = path
      self.toolVersion = toolVersion
      self.root = root
      self.findings = findings
      self.steps = steps
    }
  }

  /// A step as the diff lists it.
  package struct Step: Sendable, Equatable {
    package var id: String
    package var kind: String
    package var title: String
    package var unit: String?
    package var folder: String
    package var findings: Int
    package var lines: Int

    package init(id: String, kind: String, title: String, unit: String?, folder: String, findings: Int, lines: Int) {
      self.id = id
      self.kind = kind
      self.title = title
      self.unit = unit
      self.folder = folder
      self.findings = findings
      self.lines = lines
    }
  }

  /// A finding that appeared.
  package struct Finding: Sendable, Equatable {
    package var fingerprint: String
    package var ruleID: String
    package var severity: String
    package var disposition: String
    package var file: String
    package var line: Int
    package var column: Int
    package var symbol: String?
    package var message: String
    /// The new plan's step that holds it, when one does.
    package var step: String?

    package init(
      fingerprint: String, ruleID: String, severity: String, disposition: String, file: String, line: Int,
      column: Int, symbol: String?, message: String, step: String?
    ) {
      self.fingerprint = fingerprint
      self.ruleID = ruleID
      self.severity = severity
      self.disposition = disposition
      self.file = file
      self.line = line
      self.column = column
      self.symbol = symbol
      self.message = message
      self.step = step
    }
  }

  /// A step that changed section between the two plans.
  package struct Moved: Sendable, Equatable {
    package var step: Step
    /// The id of the section the old plan had it in.
    package var from: String
    /// That section's title.
    package var fromTitle: String

    package init(step: Step, from: String, fromTitle: String) {
      self.step = step
      self.from = from
      self.fromTitle = fromTitle
    }
  }

  /// What changed in one module within one section.
  package struct Module: Sendable, Equatable {
    package var name: String
    /// From the old plan, in its order.
    package var done: [Step] = []
    /// From the new plan, in its order.
    package var added: [Step] = []
    /// From the new plan, in its order.
    package var remaining: [Step] = []
    /// Steps the new plan has in this section and the old plan had in another (a type now left
    /// alone, or taken up again): the same unit of work, neither done nor added. From the new
    /// plan, in its order.
    package var moved: [Moved] = []
    /// In the new report's order (file, then position).
    package var newFindings: [Finding] = []
    /// Findings of the old report that nothing in the new one pairs with (fixed or deleted).
    package var goneFindings = 0

    package init(name: String) { self.name = name }

    /// Lines of the remaining, added and moved-in steps: the work still open. A module's switch to
    /// strict concurrency is left out: it is sized by the whole module, not by what changes (as
    /// the plan's summary counts).
    package var openLines: Int {
      (remaining + added + moved.map(\.step)).filter { $0.kind != StepKind.strictConcurrency.rawValue }.reduce(0) {
        $0 + $1.lines
      }
    }
  }

  /// One section of the plan (`fix-now`, `one-shot`, …) and its modules that changed or have
  /// work left.
  package struct Section: Sendable, Equatable {
    package var id: String
    package var title: String
    /// In the new plan's order (waves, leaves first), then modules only the old plan had.
    package var modules: [Module]

    package init(id: String, title: String, modules: [Module]) {
      self.id = id
      self.title = title
      self.modules = modules
    }

    package var done: Int { modules.reduce(0) { $0 + $1.done.count } }
    package var added: Int { modules.reduce(0) { $0 + $1.added.count } }
    package var remaining: Int { modules.reduce(0) { $0 + $1.remaining.count } }
    /// Steps moved into this section.
    package var moved: Int { modules.reduce(0) { $0 + $1.moved.count } }
    package var newFindings: Int { modules.reduce(0) { $0 + $1.newFindings.count } }
    package var goneFindings: Int { modules.reduce(0) { $0 + $1.goneFindings } }
    package var openLines: Int { modules.reduce(0) { $0 + $1.openLines } }
  }

  package var old: Side
  package var new: Side
  /// What a reader must know about the comparison (different roots, different tool versions).
  package var warnings: [String]
  /// In plan order.
  package var sections: [Section]

  package init(old: Side, new: Side, warnings: [String], sections: [Section]) {
    self.old = old
    self.new = new
    self.warnings = warnings
    self.sections = sections
  }

  /// Sections whose steps are no work to do: kept on Combine on purpose, or left alone until the
  /// code changes anyway. Their steps are listed, never counted in the totals of work.
  package static let notWork: Set<String> = ["keep", "leave-alone"]

  /// The sections whose steps are work: everything but `notWork`.
  package var workSections: [Section] { sections.filter { !ReportDiff.notWork.contains($0.id) } }

  /// Steps of work done (in the old plan, not the new).
  package var done: Int { workSections.reduce(0) { $0 + $1.done } }
  /// Steps of work added.
  package var added: Int { workSections.reduce(0) { $0 + $1.added } }
  /// Steps of work in both plans.
  package var remaining: Int { workSections.reduce(0) { $0 + $1.remaining } }
  /// Steps moved between sections, wherever they went.
  package var moved: Int { sections.reduce(0) { $0 + $1.moved } }
  /// Lines of the added, remaining and moved-in steps of work.
  package var openLines: Int { workSections.reduce(0) { $0 + $1.openLines } }
  /// New findings in every section: a new kept pipeline is news too.
  package var newFindings: Int { sections.reduce(0) { $0 + $1.newFindings } }
  /// Gone findings in every section.
  package var goneFindings: Int { sections.reduce(0) { $0 + $1.goneFindings } }
  /// New findings whose disposition is `fix-now`: bugs the period added.
  package var newFixNow: Int {
    sections.reduce(0) { $0 + $1.modules.reduce(0) { $0 + $1.newFindings.count { $0.disposition == "fix-now" } } }
  }
}
