/// The name and version of the tool that wrote a report.
package struct ToolInfo: Sendable, Codable, Hashable {
  package var name: String
  package var version: String

  package init(name: String = "migrate-scan", version: String) {
    self.name = name
    self.version = version
  }
}

/// A file the scan passed over, and why.
package struct SkippedFile: Sendable, Codable, Hashable {
  package var path: String
  package var reason: String

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// A count keyed by a name, for the summary (kept as a sorted array so output never depends on
/// dictionary order).
package struct NamedCount: Sendable, Codable, Hashable {
  package var name: String
  package var count: Int

  package init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// Totals for the summary table.
package struct ScanSummary: Sendable, Codable, Hashable {
  package var files: Int
  package var lines: Int
  package var bytes: Int
  package var findings: Int
  /// Findings by category id, sorted by name.
  package var byCategory: [NamedCount]
  /// Findings by disposition, sorted by name.
  package var byDisposition: [NamedCount]
  /// Files passed over, sorted by path.
  package var skipped: [SkippedFile]
  /// Findings hidden by suppression comments.
  package var suppressed: Int

  package init(
    files: Int, lines: Int, bytes: Int, findings: Int, byCategory: [NamedCount], byDisposition: [NamedCount],
    skipped: [SkippedFile] = [], suppressed: Int = 0
  ) {
    self.files = files
    self.lines = lines
    self.bytes = bytes
    self.findings = findings
    self.byCategory = byCategory
    self.byDisposition = byDisposition
    self.skipped = skipped
    self.suppressed = suppressed
  }
}

/// Everything a report writer renders. Reports know nothing about how it was produced.
package struct ScanReport: Sendable, Codable, Hashable {
  package var tool: ToolInfo
  /// The scanned root as the user named it (`.`-relative where possible).
  package var root: String
  package var summary: ScanSummary
  package var modules: [ModuleInfo]
  /// In report order (`Finding.reportOrder`).
  package var findings: [Finding]
  package var plan: MigrationPlan
  /// Metadata of the rules that ran, sorted by id.
  package var rules: [RuleInfo]
  /// What the scan had to guess, one line each, for the top of the report (modules made from
  /// folders because no project file describes them, with how to say otherwise).
  package var guesses: [String] = []

  package init(
    tool: ToolInfo, root: String, summary: ScanSummary, modules: [ModuleInfo], findings: [Finding],
    plan: MigrationPlan, rules: [RuleInfo]
  ) {
    self.tool = tool
    self.root = root
    self.summary = summary
    self.modules = modules
    self.findings = findings
    self.plan = plan
    self.rules = rules
  }
}
