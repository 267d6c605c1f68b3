import ScanModel

/// The `json` format: the whole `ScanReport` for machines, described by `report.schema.json`.
///
/// Keys are written in a fixed order (the order of the schema's `properties`), never sorted
/// and never hashed. Every documented key is always present; a missing optional value is
/// `null` and an empty list is `[]`, so consumers never need to test for a key.
/// Bump `schemaVersion` on any change that is not adding a key.
package enum JSONReport {
  /// The version of the JSON layout, the top-level `schemaVersion`.
  package static let schemaVersion = 1

  /// The report as a JSON document, ending with a newline.
  package static func render(_ report: ScanReport) -> String {
    JSONWriter.write(document(report))
  }

  /// The report as an ordered JSON value (exposed so tests and other writers can reuse parts).
  package static func document(_ report: ScanReport) -> JSONValue {
    .object([
      JSONMember("schemaVersion", .int(schemaVersion)),
      JSONMember(
        "tool",
        .object([JSONMember("name", .string(report.tool.name)), JSONMember("version", .string(report.tool.version))])
      ),
      JSONMember("root", .string(report.root)),
      JSONMember("summary", summary(report.summary)),
      JSONMember("modules", .array(report.modules.map(module))),
      JSONMember("findings", .array(report.findings.map(finding))),
      JSONMember("plan", plan(report.plan)),
      JSONMember("rules", .array(report.rules.map(rule))),
    ])
  }

  private static func summary(_ summary: ScanSummary) -> JSONValue {
    .object([
      JSONMember("files", .int(summary.files)),
      JSONMember("lines", .int(summary.lines)),
      JSONMember("bytes", .int(summary.bytes)),
      JSONMember("findings", .int(summary.findings)),
      JSONMember("suppressed", .int(summary.suppressed)),
      // Objects keyed by id read best in `jq` (`.summary.byCategory.subject`); the keys come
      // from the model's sorted arrays, so their order is fixed.
      JSONMember("byCategory", counts(summary.byCategory)),
      JSONMember("byDisposition", counts(summary.byDisposition)),
      JSONMember(
        "skipped",
        .array(
          summary.skipped.map {
            .object([JSONMember("path", .string($0.path)), JSONMember("reason", .string($0.reason))])
          })
      ),
    ])
  }

  private static func counts(_ counts: [NamedCount]) -> JSONValue {
    .object(counts.map { JSONMember($0.name, .int($0.count)) })
  }

  private static func module(_ module: ModuleInfo) -> JSONValue {
    .object([
      JSONMember("name", .string(module.name)),
      JSONMember("path", .string(module.path)),
      JSONMember("wave", .int(module.wave)),
      JSONMember("dependsOn", .strings(module.dependsOn)),
      JSONMember("tested", .bool(module.tested)),
      JSONMember("isTest", .bool(module.isTest)),
      JSONMember("cycle", .strings(module.cycle)),
      JSONMember("files", .int(module.files)),
      JSONMember("lines", .int(module.lines)),
    ])
  }

  private static func finding(_ finding: Finding) -> JSONValue {
    .object([
      JSONMember("fingerprint", .string(finding.fingerprint)),
      JSONMember("ruleId", .string(finding.ruleID)),
      JSONMember("category", .string(finding.category.rawValue)),
      JSONMember("severity", .string(finding.severity.rawValue)),
      JSONMember("disposition", .string(finding.disposition.rawValue)),
      JSONMember("phase", .string(finding.phase?.rawValue)),
      JSONMember("module", .string(finding.module)),
      JSONMember("file", .string(finding.file)),
      // Columns are 1-based UTF-8 byte columns, as in `path:line:col` diagnostics; SARIF
      // carries the Unicode scalar columns.
      JSONMember("line", .int(finding.range.start.line)),
      JSONMember("column", .int(finding.range.start.column)),
      JSONMember("endLine", .int(finding.range.end.line)),
      JSONMember("endColumn", .int(finding.range.end.column)),
      JSONMember("symbol", .string(finding.symbol)),
      JSONMember("message", .string(finding.message)),
      JSONMember("help", .string(finding.help)),
      JSONMember("reasons", .strings(finding.reasons)),
      JSONMember("blockedBy", .strings(finding.blockedBy)),
      JSONMember("suppression", .string(finding.suppression)),
    ])
  }

  private static func plan(_ plan: MigrationPlan) -> JSONValue {
    .object([
      JSONMember(
        "phases",
        .array(
          plan.phases.map { phase in
            .object([
              JSONMember("id", .string(phase.id.rawValue)),
              JSONMember("title", .string(phase.title)),
              JSONMember("steps", .array(phase.steps.map(step))),
            ])
          })
      ),
      JSONMember("notes", .strings(plan.notes)),
    ])
  }

  private static func step(_ step: PlanStep) -> JSONValue {
    .object([
      JSONMember("wave", .int(step.wave)),
      JSONMember("module", .string(step.module)),
      JSONMember("files", .strings(step.files)),
      JSONMember("findings", .strings(step.findings)),
      JSONMember(
        "size", .object([JSONMember("findings", .int(step.size.findings)), JSONMember("lines", .int(step.size.lines))])
      ),
      JSONMember("blockedBy", .strings(step.blockedBy)),
    ])
  }

  private static func rule(_ rule: RuleInfo) -> JSONValue {
    .object([
      JSONMember("id", .string(rule.id)),
      JSONMember("category", .string(rule.category.rawValue)),
      JSONMember("severity", .string(rule.severity.rawValue)),
      JSONMember("message", .string(rule.message)),
      JSONMember("help", .string(rule.help)),
    ])
  }
}
