// libFuzzer target for the report writers: the input's lines become module names, paths,
// messages and other strings of a report (with a dependency cycle), which is rendered in every
// format. No writer traps, and the JSON report is valid JSON. Built by .ci/fuzz, not by SwiftPM.
import Reports
import RuleEngine
import ScanModel

@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var texts = bytes.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  while texts.count < 6 { texts.append("") }
  let names = Array(Set(texts.prefix(4))).sorted()
  let modules = names.indices.map { index in
    ModuleInfo(
      name: names[index], path: texts[4], wave: index, dependsOn: [names[(index + 1) % names.count]],
      tested: index % 2 == 0, isTest: index == 3, cycle: names.count > 1 ? names : [], files: 1, lines: bytes.count)
  }
  let findings = texts.indices.map { index in
    Finding(
      fingerprint: "f\(index)", ruleID: "rule-\(index % 3)",
      category: CategoryID.allCases[index % CategoryID.allCases.count],
      severity: Severity.allCases[index % Severity.allCases.count], disposition: .migrate, phase: .oneShot,
      module: names.first, file: texts[(index + 4) % texts.count],
      range: SourceRange(
        start: SourceLocation(line: index + 1, column: 1), end: SourceLocation(line: index + 1, column: index + 2)),
      symbol: texts[(index + 1) % texts.count], message: texts[index], help: texts[(index + 2) % texts.count],
      reasons: [texts[5]], suppression: index == 2 ? texts[3] : nil)
  }
  let steps = names.map { name in
    PlanStep(
      wave: 0, module: name, files: [texts[4]], findings: findings.map(\.fingerprint),
      size: StepSize(findings: findings.count, lines: 1), blockedBy: [texts[5]])
  }
  let report = ScanReport(
    tool: ToolInfo(version: texts[5]), root: texts[4],
    summary: ScanSummary(
      files: 1, lines: 1, bytes: bytes.count, findings: findings.count,
      byCategory: [NamedCount(name: texts[0], count: 1)], byDisposition: []),
    modules: modules, findings: findings,
    plan: MigrationPlan(phases: [PlanPhase(id: .oneShot, title: texts[1], steps: steps)], notes: [texts[2]]),
    rules: [RuleInfo(id: "rule-0", category: .subject, severity: .note, message: texts[0], help: texts[1])])
  for format in ReportFormat.allCases {
    let rendered = ReportWriter.render(report, format: format)
    if format == .json {
      precondition((try? JSONParser.parse(Array(rendered.utf8), file: "report.json")) != nil, "invalid JSON report")
    }
  }
  return 0
}
