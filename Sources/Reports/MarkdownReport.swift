import ScanModel

/// The `markdown` format, the default: the migration plan for people.
///
/// Order: title and summary, then **Fix now** (bugs today, so first), the four phases as
/// checklists by wave (leaves first), **Keep on Combine**, **Leave alone**, suppressed findings,
/// plan notes, and last the module table and Mermaid graph. It must read well rendered on
/// GitHub and as plain text, so it uses plain lists and tables, links show the `path:line` they
/// point at, and only long lists are folded into `<details>`.
struct MarkdownReport {
  let report: ScanReport
  let options: RenderOptions
  /// Findings by fingerprint, for plan steps (lookup only; never iterated).
  private let findingsByFingerprint: [String: Finding]
  /// Fingerprints some plan step deals with (membership only).
  private let plannedFingerprints: Set<String>
  /// The module graph's cycles, each listed once.
  private let cycles: ReportCycles
  /// A step in a cycle names the other members up to this many; a larger cycle is named by id.
  static let cycleMembersNamedPerStep = 8

  init(report: ScanReport, options: RenderOptions) {
    self.report = report
    self.options = options
    var lookup: [String: Finding] = [:]
    for finding in report.findings where lookup[finding.fingerprint] == nil {
      lookup[finding.fingerprint] = finding
    }
    self.findingsByFingerprint = lookup
    self.plannedFingerprints = Set(report.plan.phases.flatMap { $0.steps.flatMap(\.findings) })
    self.cycles = ReportCycles(report.modules)
  }

  /// The whole document, ending with a newline.
  func render() -> String {
    var blocks: [String] = [header()]
    // What was guessed comes before any number that depends on it.
    if !report.guesses.isEmpty {
      blocks.append(report.guesses.map { "> " + MarkdownText.inline($0) }.joined(separator: "\n>\n"))
    }
    blocks.append(summary())
    let active = report.findings.filter { $0.suppression == nil }
    let planHasSteps = report.plan.phases.contains { !$0.steps.isEmpty }
    if active.isEmpty && !planHasSteps {
      blocks.append("No Combine usage found: there is nothing to migrate.")
    } else {
      blocks.append(fixNow(active.filter { $0.disposition == .fixNow }))
      blocks.append(
        "Work through the phases in order. Inside a phase, go wave by wave, leaves first: a module "
          + "moves once the modules it depends on have moved, one module per step.")
      for (number, phase) in Phase.allCases.enumerated() {
        blocks.append(phaseSection(phase, number: number + 1, active: active))
      }
      let phaseless = active.filter { $0.disposition == .migrate && $0.phase == nil }
      if !phaseless.isEmpty {
        blocks.append(
          sideSection(
            title: "Migrate, phase not given", intro: "The scan gave these no phase; place them by hand.",
            findings: phaseless))
      }
      blocks.append(deploymentGates(active.filter { $0.disposition == .blockedByDeploymentTarget }))
      blocks.append(
        sideSection(
          title: "Keep on Combine",
          intro: "These stay on Combine on purpose: their worth is their operators, or they feed several "
            + "subscribers. Bridge them with `.values` where async code needs them.",
          findings: active.filter { $0.disposition == .keep }))
      blocks.append(
        sideSection(
          title: "Leave alone",
          intro: "Large, working, untested code: migrate it when it has to change anyway.",
          findings: active.filter { $0.disposition == .leaveAlone }))
    }
    let suppressed = report.findings.filter { $0.suppression != nil }
    if !suppressed.isEmpty { blocks.append(suppressedSection(suppressed)) }
    if !report.plan.notes.isEmpty {
      blocks.append("## Notes\n\n" + report.plan.notes.map { "- " + MarkdownText.inline($0) }.joined(separator: "\n"))
    }
    if !report.modules.isEmpty { blocks.append(modulesSection()) }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  // MARK: - Header and summary

  private func header() -> String {
    let summary = report.summary
    return """
      # Combine migration plan

      Scanned \(MarkdownText.code(report.root)) with \(MarkdownText.inline(report.tool.name)) \
      \(MarkdownText.code(report.tool.version)): \(count(summary.files, "Swift file")), \
      \(count(summary.lines, "line")), \(count(summary.findings, "finding")).
      """
  }

  private func summary() -> String {
    let summary = report.summary
    var lines = [
      "## Summary",
      "",
      "| Scanned | Count |",
      "| --- | ---: |",
      "| Swift files | \(summary.files) |",
      "| Lines | \(summary.lines) |",
      "| Modules | \(report.modules.count) |",
      "| Findings | \(summary.findings) |",
      "| Suppressed findings | \(summary.suppressed) |",
      "| Skipped files | \(summary.skipped.count) |",
    ]
    if !summary.byDisposition.isEmpty {
      lines += ["", "| Disposition | Findings |", "| --- | ---: |"]
      for entry in summary.byDisposition {
        let label = Disposition(rawValue: entry.name).map(Self.label) ?? MarkdownText.code(entry.name, inTable: true)
        lines.append("| \(label) | \(entry.count) |")
      }
    }
    if !summary.byCategory.isEmpty {
      lines += ["", "| Category | Findings |", "| --- | ---: |"]
      for entry in summary.byCategory {
        lines.append("| \(MarkdownText.code(entry.name, inTable: true)) | \(entry.count) |")
      }
    }
    if !summary.skipped.isEmpty {
      var table = ["| File | Reason |", "| --- | --- |"]
      for file in summary.skipped {
        table.append(
          "| \(MarkdownText.code(file.path, inTable: true)) | \(MarkdownText.inline(file.reason, inTable: true)) |")
      }
      lines += [
        "", "### Skipped files", "",
        fold(table.joined(separator: "\n"), count: summary.skipped.count, noun: "skipped file"),
      ]
    }
    return lines.joined(separator: "\n")
  }

  private static func label(_ disposition: Disposition) -> String {
    switch disposition {
    case .fixNow: return "Fix now"
    case .migrate: return "Migrate"
    case .keep: return "Keep on Combine"
    case .leaveAlone: return "Leave alone"
    case .blockedByDeploymentTarget: return "Blocked by the deployment target"
    }
  }

  // MARK: - Fix now

  private func fixNow(_ findings: [Finding]) -> String {
    var lines = ["## Fix now", ""]
    guard !findings.isEmpty else {
      lines.append("No pitfalls found: nothing here is a bug today.")
      return lines.joined(separator: "\n")
    }
    lines += [
      "> [!CAUTION]",
      "> \(count(findings.count, "finding")) \(findings.count == 1 ? "is a bug" : "are bugs") today "
        + "(crashes, hangs, leaks, failures that stop a feature). Fix them first, whatever the plan says.",
      "",
    ]
    let items = findings.map { finding in
      var item = ["- [ ] " + findingLine(finding, showSeverity: true)]
      item += finding.reasons.map { "  - Why: " + MarkdownText.inline($0) }
      if !finding.help.isEmpty { item.append("  - Fix: " + MarkdownText.inline(finding.help)) }
      return item.joined(separator: "\n")
    }
    lines.append(fold(items.joined(separator: "\n"), count: findings.count, noun: "finding"))
    return lines.joined(separator: "\n")
  }

  // MARK: - Phases

  private static func description(of phase: Phase) -> String {
    switch phase {
    case .prepare:
      return "Inventory the bridges (`firstValue`-style helpers, `Future` + `Task` initialisers, `.values` uses) "
        + "and gather them in one place."
    case .oneShot:
      return "`Future`s and single-value publishers become `async` functions; callers use `try await`."
    case .viewModels:
      return "`ObservableObject` and `@Published` become `@Observable`; single-consumer subjects become `AsyncStream`."
    case .cleanup:
      return "Remove the bridges nothing uses any more."
    }
  }

  private static func defaultTitle(of phase: Phase) -> String {
    switch phase {
    case .prepare: return "Prepare"
    case .oneShot: return "One-shot operations"
    case .viewModels: return "View models and subjects"
    case .cleanup: return "Clean-up"
    }
  }

  private func phaseSection(_ phase: Phase, number: Int, active: [Finding]) -> String {
    let planned = report.plan.phases.first { $0.id.rawValue == phase.rawValue }
    let title = planned?.title ?? Self.defaultTitle(of: phase)
    var lines = ["## Phase \(number) — \(MarkdownText.inline(title))", "", "_\(Self.description(of: phase))_"]
    let steps = planned?.steps ?? []
    // A finding no step mentions (no plan, or a plan that missed it) must still be on the page.
    let unplanned = active.filter {
      $0.disposition == .migrate && $0.phase == phase && !plannedFingerprints.contains($0.fingerprint)
    }
    guard !steps.isEmpty || !unplanned.isEmpty else {
      lines += ["", "Nothing to do in this phase."]
      return lines.joined(separator: "\n")
    }
    var wave: Int?
    for step in steps {
      if step.wave != wave {
        wave = step.wave
        lines += ["", "### Wave \(step.wave)", ""]
      }
      lines.append(stepItem(step))
    }
    if !unplanned.isEmpty {
      let items = unplanned.map { "- [ ] " + findingLine($0, showSeverity: false) }
      lines += [
        "", "### Not in a step yet", "", fold(items.joined(separator: "\n"), count: items.count, noun: "finding"),
      ]
    }
    return lines.joined(separator: "\n")
  }

  private func stepItem(_ step: PlanStep) -> String {
    // The title names the unit; a step without one (an older report) shows its module.
    let title = step.title.isEmpty ? "`\(step.module)`" : step.title
    var head = "- [ ] \(MarkdownText.inline(title)) (`\(step.module)`, wave \(step.wave)): "
    head += "\(count(step.size.findings, "finding")), ~\(count(step.size.lines, "line"))"
    if let cycle = cycles.cycle(of: step.module) {
      // Each step naming every other member was quadratic in the cycle's size; past a few,
      // the step says how many and the Modules section lists them once.
      let others = cycle.members.filter { $0 != step.module }
      if others.count <= Self.cycleMembersNamedPerStep {
        head +=
          "; in a cycle with \(others.map { MarkdownText.inline($0) }.joined(separator: ", ")): move them together"
      } else {
        head +=
          "; in \(cycle.id) with \(count(others.count, "other module")) (listed under Modules): move them together"
      }
    }
    var lines = [head]
    lines += step.blockedBy.map { "  - Blocked by: " + reference($0) }
    let items = step.findings.map { fingerprint in
      guard let finding = findingsByFingerprint[fingerprint] else {
        return "  - [ ] finding \(MarkdownText.code(fingerprint)) (not in this report)"
      }
      return "  - [ ] " + findingLine(finding, showSeverity: false)
    }
    if !items.isEmpty {
      lines.append(fold(items.joined(separator: "\n"), count: items.count, noun: "finding", indent: "  "))
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Deployment gates

  /// One line per module: the deployment target to raise and how many items that opens, with the
  /// items folded below. They are in no phase's checklist until then.
  private func deploymentGates(_ findings: [Finding]) -> String {
    var lines = ["## Blocked by the deployment target", ""]
    let steps = report.plan.phases.first { $0.id == .deploymentGate }?.steps ?? []
    guard !findings.isEmpty else {
      lines.append("Nothing: every replacement the plan recommends is available at each module's deployment target.")
      return lines.joined(separator: "\n")
    }
    lines += [
      "Their replacement needs a newer OS than the module's deployment target, so they are not in the phases "
        + "above. Raise the target (or keep Combine there) and they join their phase.", "",
    ]
    for step in steps {
      let gate = step.blockedBy.first ?? "raise the deployment target"
      var item = [
        "- **\(MarkdownText.inline(step.module))**: \(MarkdownText.inline(gate)) and "
          + "\(step.size.findings == 1 ? "this item opens" : "these \(step.size.findings) items open")"
      ]
      let entries = step.findings.compactMap { findingsByFingerprint[$0] }.map {
        "  - " + findingLine($0, showSeverity: false)
      }
      if !entries.isEmpty {
        item.append(fold(entries.joined(separator: "\n"), count: entries.count, noun: "finding", indent: "  "))
      }
      lines.append(item.joined(separator: "\n"))
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Keep, leave alone, suppressed

  private func sideSection(title: String, intro: String, findings: [Finding]) -> String {
    var lines = ["## \(title)", ""]
    guard !findings.isEmpty else {
      lines.append("Nothing.")
      return lines.joined(separator: "\n")
    }
    lines += [intro, ""]
    let items = findings.map { finding in
      var item = ["- " + findingLine(finding, showSeverity: false)]
      item += finding.reasons.map { "  - Why: " + MarkdownText.inline($0) }
      return item.joined(separator: "\n")
    }
    lines.append(fold(items.joined(separator: "\n"), count: findings.count, noun: "finding"))
    return lines.joined(separator: "\n")
  }

  private func suppressedSection(_ findings: [Finding]) -> String {
    let items = findings.map { finding in
      "- " + findingLine(finding, showSeverity: false) + "\n  - Suppressed: "
        + MarkdownText.inline(finding.suppression ?? "")
    }
    // Always folded: suppressed findings are there to audit, not to act on.
    return "## Suppressed\n\n"
      + details(summary: "\(count(findings.count, "suppressed finding"))", body: items.joined(separator: "\n"))
  }

  // MARK: - Modules

  private func modulesSection() -> String {
    var table = [
      "| Module | Path | Wave | Depends on | Tested | Deployment | Swift | Files | Lines |",
      "| --- | --- | ---: | --- | --- | --- | --- | ---: | ---: |",
    ]
    for module in report.modules {
      let name = MarkdownText.inline(module.name, inTable: true) + (module.isTest ? " (tests)" : "")
      let dependsOn =
        module.dependsOn.isEmpty
        ? "none" : module.dependsOn.map { MarkdownText.inline($0, inTable: true) }.joined(separator: ", ")
      let tested =
        module.isTest
        ? (module.testOf.map { "tests " + MarkdownText.inline($0, inTable: true) } ?? "n/a")
        : (module.tested ? "yes" : "no")
      let deployment =
        module.deploymentTargets.isEmpty
        ? "not set" : module.deploymentTargets.map { "\($0.platform) \($0.version)" }.joined(separator: ", ")
      table.append(
        "| \(name) | \(MarkdownText.code(module.path, inTable: true)) | \(module.wave) | \(dependsOn) | \(tested) "
          + "| \(deployment) | \(Self.swiftSettings(module.language)) | \(module.files) | \(module.lines) |")
    }
    var lines = ["## Modules", "", fold(table.joined(separator: "\n"), count: report.modules.count, noun: "module")]
    if !cycles.cycles.isEmpty {
      lines.append("")
      lines.append("Cycles (each moves as one unit):")
      lines.append("")
      lines += cycles.cycles.map { cycle in
        let members = cycle.members.map { MarkdownText.inline($0) }.joined(separator: " ⇄ ")
        return cycle.members.count - 1 > Self.cycleMembersNamedPerStep ? "- \(cycle.id): \(members)" : "- \(members)"
      }
    }
    if let graph = MermaidGraph.render(report.modules) {
      lines += ["", "An arrow reads \"depends on\"; colours are waves, dashed nodes are test targets.", "", graph]
    }
    return lines.joined(separator: "\n")
  }

  /// `6`, `5, complete checking`, `5, targeted checking, +ExistentialAny`, or `not set`.
  static func swiftSettings(_ language: LanguageSettings) -> String {
    var parts: [String] = []
    if let mode = language.languageMode { parts.append(mode) }
    if let checking = language.effectiveStrictConcurrency, !(language.languageMode?.hasPrefix("6") ?? false) {
      parts.append("\(checking) checking")
    }
    if let isolation = language.defaultIsolation { parts.append("default \(isolation)") }
    parts += language.features.map { "+\($0)" }
    return parts.isEmpty ? "not set" : MarkdownText.inline(parts.joined(separator: ", "), inTable: true)
  }

  // MARK: - Pieces

  /// `[`path:line`](path#Lline) message (`rule-id`)`, plus what blocks the finding.
  private func findingLine(_ finding: Finding, showSeverity: Bool) -> String {
    var line =
      MarkdownText.fileLink(path: finding.file, line: finding.range.start.line, base: options.markdownLinkBase) + " "
    line += MarkdownText.inline(finding.message)
    line += " (" + MarkdownText.code(finding.ruleID) + (showSeverity ? ", \(finding.severity.rawValue)" : "") + ")"
    if !finding.blockedBy.isEmpty {
      line += "; blocked by " + finding.blockedBy.map(reference).joined(separator: "; ")
    }
    return line
  }

  /// A blocker as text, with a leading `path.swift:line` turned into a link so the reader can
  /// jump to what must go first (`Sources/A.swift:31 — why` → link, then ` — why`).
  private func reference(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      defer { index += 1 }
      guard scalars[index] == ":" else { continue }
      var end = index + 1
      while end < scalars.count && ("0"..."9").contains(scalars[end]) { end += 1 }
      guard end > index + 1, end == scalars.count || scalars[end] == " " else { continue }
      var path = ""
      path.unicodeScalars.append(contentsOf: scalars[..<index])
      guard path.hasSuffix(".swift"), let line = Int(String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
      else { return MarkdownText.inline(text) }
      var rest = ""
      rest.unicodeScalars.append(contentsOf: scalars[end...])
      return MarkdownText.fileLink(path: path, line: line, base: options.markdownLinkBase) + MarkdownText.inline(rest)
    }
    return MarkdownText.inline(text)
  }

  /// `body` as it is, or folded into `<details>` when it has more than the threshold of items.
  private func fold(_ body: String, count items: Int, noun: String, indent: String = "") -> String {
    guard items > options.markdownFoldThreshold else { return body }
    return details(summary: count(items, noun), body: body, indent: indent)
  }

  // The blank lines matter: GFM parses Markdown inside `<details>` only after one.
  private func details(summary: String, body: String, indent: String = "") -> String {
    "\(indent)<details>\n\(indent)<summary>\(summary)</summary>\n\n\(body)\n\n\(indent)</details>"
  }

  private func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }
}
