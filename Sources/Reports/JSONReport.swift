import ScanModel

/// The `json` format: the whole `ScanReport` for machines, described by `report.schema.json`.
///
/// Keys are written in a fixed order (the order of the schema's `properties`), never sorted
/// and never hashed. Every documented key is always present; a missing optional value is
/// `null` and an empty list is `[]`, so consumers never need to test for a key.
/// Bump `schemaVersion` on any change that is not adding a key.
package enum JSONReport {
  /// The version of the JSON layout, the top-level `schemaVersion`.
  package static let schemaVersion = 3

  /// The report as a JSON document, ending with a newline.
  ///
  /// Findings and the plan are streamed (a tree for tens of thousands of findings cost more than
  /// writing them out); the small parts (summary, modules, rules) are built as values and appended.
  package static func render(_ report: ScanReport, jobs: Int = 1) -> String {
    // About 900 bytes per finding in practice; a close guess saves the buffer's regrowth.
    JSONOutput.document(capacity: 4096 + report.findings.count * 1024) { write(report, jobs: jobs, to: &$0) }
  }

  /// Streams the JSON document to `sink` in chunks, in order; the bytes are those of `render`.
  package static func stream(
    _ report: ScanReport, chunkSize: Int = 1 << 20, jobs: Int = 1, to sink: @escaping ([UInt8]) -> Void
  ) {
    JSONOutput.stream(chunkSize: chunkSize, to: sink) { write(report, jobs: jobs, to: &$0) }
  }

  /// The document; `jobs` threads render the findings, to the same bytes for any value.
  private static func write(_ report: ScanReport, jobs: Int, to output: inout JSONOutput) {
    output.beginObject()
    output.key("schemaVersion")
    output.int(schemaVersion)
    output.key("tool")
    output.beginObject()
    output.key("name")
    output.string(report.tool.name)
    output.key("version")
    output.string(report.tool.version)
    output.endObject()
    output.key("root")
    output.string(report.root)
    output.key("guesses")
    output.strings(report.guesses)
    output.key("summary")
    JSONWriter.append(summary(report.summary), to: &output)
    // Each cycle once, with the id its modules refer to: a module listing the whole cycle
    // made a 5,000-module cycle a 420 MB report.
    let cycles = ReportCycles(report.modules)
    output.key("modules")
    output.beginArray()
    for entry in report.modules {
      output.element()
      JSONWriter.append(module(entry, cycle: cycles.cycle(of: entry.name)), to: &output)
    }
    output.endArray()
    output.key("cycles")
    output.beginArray()
    for cycle in cycles.cycles {
      output.element()
      JSONWriter.append(
        .object([JSONMember("id", .string(cycle.id)), JSONMember("members", .strings(cycle.members))]), to: &output)
    }
    output.endArray()
    output.key("findings")
    output.beginArray()
    let findings = report.findings
    output.elements(count: findings.count, jobs: jobs) { index, output in write(findings[index], to: &output) }
    output.endArray()
    output.key("plan")
    write(report.plan, jobs: jobs, to: &output)
    output.key("rules")
    output.beginArray()
    for entry in report.rules {
      output.element()
      JSONWriter.append(rule(entry), to: &output)
    }
    output.endArray()
    output.endObject()
  }

  /// One finding, in the schema's key order: findings are most of the document.
  private static func write(_ finding: Finding, to output: inout JSONOutput) {
    output.beginObject()
    output.key("fingerprint")
    output.string(finding.fingerprint)
    output.key("ruleId")
    output.string(finding.ruleID)
    output.key("category")
    output.string(finding.category.rawValue)
    output.key("severity")
    output.string(finding.severity.rawValue)
    output.key("disposition")
    output.string(finding.disposition.rawValue)
    output.key("phase")
    output.string(finding.phase?.rawValue)
    output.key("module")
    output.string(finding.module)
    output.key("file")
    output.string(finding.file)
    output.key("line")
    output.int(finding.range.start.line)
    output.key("column")
    output.int(finding.range.start.column)
    output.key("endLine")
    output.int(finding.range.end.line)
    output.key("endColumn")
    output.int(finding.range.end.column)
    output.key("symbol")
    output.string(finding.symbol)
    // Only where it differs from the symbol's type, like `deploymentGates`.
    if let unit = finding.unit {
      output.key("unit")
      output.string(unit)
    }
    output.key("message")
    output.string(finding.message)
    output.key("help")
    output.string(finding.help)
    output.key("reasons")
    output.strings(finding.reasons)
    output.key("blockedBy")
    output.strings(finding.blockedBy)
    output.key("suppression")
    output.string(finding.suppression)
    // Only on blocked findings: a key on every finding of a million-line tree was bytes for nothing.
    if !finding.deploymentGates.isEmpty {
      output.key("deploymentGates")
      output.beginArray()
      for gate in finding.deploymentGates {
        output.element()
        output.beginObject()
        output.key("platform")
        output.string(gate.platform)
        output.key("current")
        output.string(gate.current)
        output.key("needed")
        output.string(gate.needed)
        output.endObject()
      }
      output.endArray()
    }
    output.endObject()
  }

  /// The plan, streamed: its steps list every finding's fingerprint again.
  private static func write(_ plan: MigrationPlan, jobs: Int, to output: inout JSONOutput) {
    output.beginObject()
    output.key("phases")
    output.beginArray()
    for phase in plan.phases {
      output.element()
      output.beginObject()
      output.key("id")
      output.string(phase.id.rawValue)
      output.key("title")
      output.string(phase.title)
      output.key("steps")
      output.beginArray()
      // Rendered on `jobs` threads as the findings are: a plan of tens of thousands of steps
      // was a serial tenth of writing the report.
      let steps = phase.steps
      output.elements(count: steps.count, jobs: jobs) { index, output in write(steps[index], to: &output) }
      output.endArray()
      output.endObject()
    }
    output.endArray()
    output.key("notes")
    output.strings(plan.notes)
    output.endObject()
  }

  /// One step of the plan, as an element of its phase's `steps`.
  private static func write(_ step: PlanStep, to output: inout JSONOutput) {
    output.beginObject()
    output.key("id")
    output.string(step.id)
    output.key("kind")
    output.string(step.kind.rawValue)
    output.key("title")
    output.string(step.title)
    output.key("unit")
    output.string(step.unit)
    output.key("folder")
    output.string(step.folder)
    output.key("wave")
    output.int(step.wave)
    output.key("level")
    output.int(step.level)
    output.key("module")
    output.string(step.module)
    output.key("files")
    output.strings(step.files)
    output.key("findings")
    output.strings(step.findings)
    output.key("size")
    output.beginObject()
    output.key("findings")
    output.int(step.size.findings)
    output.key("lines")
    output.int(step.size.lines)
    output.endObject()
    output.key("blockedBy")
    output.strings(step.blockedBy)
    output.key("blockedBySteps")
    output.strings(step.blockedBySteps)
    output.key("leaveAloneReason")
    output.string(step.leaveAloneReason)
    output.endObject()
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

  private static func module(_ module: ModuleInfo, cycle: ReportCycles.Cycle?) -> JSONValue {
    .object([
      JSONMember("name", .string(module.name)),
      JSONMember("path", .string(module.path)),
      JSONMember("wave", .int(module.wave)),
      JSONMember("dependsOn", .strings(module.dependsOn)),
      JSONMember("tested", .bool(module.tested)),
      JSONMember("isTest", .bool(module.isTest)),
      JSONMember("cycle", .string(cycle?.id)),
      JSONMember("files", .int(module.files)),
      JSONMember("lines", .int(module.lines)),
      JSONMember("origin", .string(module.origin)),
      JSONMember("kind", .string(module.kind)),
      JSONMember(
        "deploymentTargets", .object(module.deploymentTargets.map { JSONMember($0.platform, .string($0.version)) })),
      JSONMember("language", language(module.language)),
      JSONMember("testOf", module.testOf.map { .string($0) } ?? .null),
      JSONMember("sharedWith", .strings(module.sharedWith)),
    ])
  }

  private static func language(_ language: LanguageSettings) -> JSONValue {
    .object([
      JSONMember("languageMode", language.languageMode.map { .string($0) } ?? .null),
      JSONMember("strictConcurrency", language.effectiveStrictConcurrency.map { .string($0) } ?? .null),
      JSONMember("features", .strings(language.features)),
      JSONMember("defaultIsolation", language.defaultIsolation.map { .string($0) } ?? .null),
      JSONMember("source", language.source.map { .string($0) } ?? .null),
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
