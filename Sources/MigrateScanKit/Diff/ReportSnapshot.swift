/// What `migrate-scan diff` reads of one JSON report: who wrote it, its findings and its plan's
/// steps. Everything else in the report (modules, rules, summary) is passed over.
package struct ReportSnapshot: Sendable, Equatable {
  /// One finding, with what the diff prints and what the pairing reads.
  package struct Finding: Sendable, Equatable {
    package var fingerprint: String
    package var ruleID: String
    package var category: String
    package var severity: String
    package var disposition: String
    package var phase: String?
    package var module: String?
    package var file: String
    package var line: Int
    package var column: Int
    package var symbol: String?
    package var message: String
    /// True when a suppression comment hides it: not work, so never new and never gone.
    package var suppressed: Bool

    package init(
      fingerprint: String, ruleID: String, category: String, severity: String, disposition: String,
      phase: String?, module: String?, file: String, line: Int, column: Int, symbol: String?, message: String,
      suppressed: Bool
    ) {
      self.fingerprint = fingerprint
      self.ruleID = ruleID
      self.category = category
      self.severity = severity
      self.disposition = disposition
      self.phase = phase
      self.module = module
      self.file = file
      self.line = line
      self.column = column
      self.symbol = symbol
      self.message = message
      self.suppressed = suppressed
    }
  }

  /// One step of the plan, with the section it is in.
  package struct Step: Sendable, Equatable {
    package var id: String
    package var section: String
    package var kind: String
    package var title: String
    package var unit: String?
    package var folder: String
    package var wave: Int
    package var module: String
    /// Fingerprints of its findings.
    package var findings: [String]
    package var lines: Int

    package init(
      id: String, section: String, kind: String, title: String, unit: String?, folder: String, wave: Int,
      module: String, findings: [String], lines: Int
    ) {
      self.id = id
      self.section = section
      self.kind = kind
      self.title = title
      self.unit = unit
      self.folder = folder
      self.wave = wave
      self.module = module
      self.findings = findings
      self.lines = lines
    }
  }

  /// The file the report was read from, as the user named it.
  package var path: String
  package var schemaVersion: Int
  package var toolVersion: String
  /// The scanned root, as the scan was given it.
  package var root: String
  /// In report order (file, then position).
  package var findings: [Finding]
  /// In plan order: section by section, each by wave, then module.
  package var steps: [Step]
  /// Each section's id and title, in plan order.
  package var sections: [Section]

  /// A section of the plan: its id (`fix-now`, `one-shot`, …) and its heading.
  package struct Section: Sendable, Equatable {
    package var id: String
    package var title: String

    package init(id: String, title: String) {
      self.id = id
      self.title = title
    }
  }

  package init(
    path: String, schemaVersion: Int, toolVersion: String, root: String, findings: [Finding], steps: [Step],
    sections: [Section]
  ) {
    self.path = path
    self.schemaVersion = schemaVersion
    self.toolVersion = toolVersion
    self.root = root
    self.findings = findings
    self.steps = steps
    self.sections = sections
  }
}
