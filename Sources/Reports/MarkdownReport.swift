import ScanModel

/// The `markdown` format, the default: the migration plan for people.
///
/// Order: title, then a **summary that fits on one screen** (what to fix now, how many steps
/// each phase has, the deployment gates, what was guessed), **Fix now** (bugs today, by
/// severity), the four phases with one checkbox per step (grouped by module, and by folder
/// inside a module with several), **Blocked by the deployment target**, **Keep on Combine**,
/// **Leave alone**, suppressed findings, notes, counts, and last the module table and graph.
///
/// It must read well rendered on GitHub and as plain text: plain lists and tables, links show the
/// `path:line` they point at, a step's findings fold into `<details>`, each remedy is printed
/// once per step, and no list grows a line without bound (long ones end in "… and N more").
///
/// With `RenderOptions.markdownSummaryOnly` it writes only the summary, cut so that it stays
/// under `summaryCharacterLimit` characters for any tree (a pull-request comment or
/// `$GITHUB_STEP_SUMMARY` takes 65,536).
struct MarkdownReport {
  let report: ScanReport
  let options: RenderOptions
  /// Findings by fingerprint, for plan steps (lookup only; never iterated).
  let findingsByFingerprint: [String: Finding]
  /// Findings by `path:line` of their first line, for blockers given as a place (lookup only).
  let findingsByPlace: [String: Finding]
  /// Fingerprints some plan step deals with (membership only).
  let plannedFingerprints: Set<String>
  /// The module graph's cycles, each listed once.
  let cycles: ReportCycles
  /// A step in a cycle names the other members up to this many; a larger cycle is named by id.
  static let cycleMembersNamedPerStep = 8
  /// The summary is always shorter than this (GitHub's limit for a comment is 65,536).
  static let summaryCharacterLimit = 60_000

  init(report: ScanReport, options: RenderOptions) {
    self.report = report
    self.options = options
    var lookup: [String: Finding] = [:]
    var places: [String: Finding] = [:]
    for finding in report.findings {
      if lookup[finding.fingerprint] == nil { lookup[finding.fingerprint] = finding }
      let place = "\(finding.file):\(finding.range.start.line)"
      if places[place] == nil { places[place] = finding }
    }
    self.findingsByFingerprint = lookup
    self.findingsByPlace = places
    self.plannedFingerprints = Set(report.plan.phases.flatMap { $0.steps.flatMap(\.findings) })
    self.cycles = ReportCycles(report.modules)
  }

  /// The whole document (or only its summary), ending with a newline.
  func render() -> String {
    if options.markdownSummaryOnly { return summaryDocument() }
    var blocks: [String] = [header(), summary()]
    let active = report.findings.filter { $0.suppression == nil }
    let planHasSteps = report.plan.phases.contains { !$0.steps.isEmpty }
    if active.isEmpty && !planHasSteps {
      blocks.append("No Combine usage found: there is nothing to migrate.")
    } else {
      blocks.append(fixNow(active.filter { $0.disposition == .fixNow }))
      blocks.append(
        "Work through the phases in order. Inside a phase, go module by module, leaves first: a module "
          + "moves once the modules it depends on have moved. Tick a step when its findings are gone.")
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
      let kept = active.filter { $0.disposition == .keep }
      blocks.append(
        sideSection(
          title: "Keep on Combine", intro: MarkdownReport.keepIntro(kept), findings: kept))
      blocks.append(leaveAlone(active.filter { $0.disposition == .leaveAlone }))
    }
    let suppressed = report.findings.filter { $0.suppression != nil }
    if !suppressed.isEmpty { blocks.append(suppressedSection(suppressed)) }
    if !report.plan.notes.isEmpty {
      let notes = report.plan.notes.map { "- " + MarkdownText.inline(MarkdownText.cut($0, to: Self.reasonLength)) }
      blocks.append("## Notes\n\n" + fold(notes.joined(separator: "\n"), count: notes.count, noun: "note"))
    }
    if let counts = countsSection() { blocks.append(counts) }
    if !report.modules.isEmpty { blocks.append(modulesSection()) }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The categories that are kept only for a published library's clients. Not `observable-use`:
  /// a view's `.onReceive(model.$query.debounce(…))` is also kept for its operators.
  static let keptForClients: Set<CategoryID> = [.combineAPI, .observableObject, .publishedProperty]

  /// The Keep section's intro: the reasons its findings are kept, from what is in it, so a keep
  /// list of bridges is not said to be "worth their operators", and a library's plan says why its
  /// public API and the tests of it are not migrated.
  static func keepIntro(_ kept: [Finding]) -> String {
    var why: [String] = []
    if kept.contains(where: { $0.category == .operatorPipeline || $0.category == .observableUse }) {
      why.append("their worth is their operators")
    }
    if kept.contains(where: { $0.category == .subject }) {
      why.append("they feed several subscribers (or ones that cannot be counted)")
    }
    // The classifier's reasons for a test of a library's API name it so (`tests … public
    // Combine API of library`, `… the public model of library`).
    let testsOfAPI = kept.contains { finding in
      finding.reasons.first.map { $0.contains("Combine API of library") || $0.contains("public model of library") }
        ?? false
    }
    if testsOfAPI || kept.contains(where: { keptForClients.contains($0.category) }) {
      why.append(
        "a library keeps them for its clients outside the tree" + (testsOfAPI ? ", with the tests of that API" : ""))
    }
    if kept.contains(where: { [.continuationBridge, .valuesBridge, .bridgeHelper].contains($0.category) }) {
      why.append("they bridge callbacks or publishers to async code")
    }
    let listed =
      why.count <= 1
      ? why.joined()
      : why.dropLast().joined(separator: ", ") + ", or " + why[why.count - 1]
    return "These stay on Combine on purpose" + (listed.isEmpty ? "" : ": " + listed)
      + (why.count > 1 ? " (each reason says which)" : "") + ". Bridge them with `.values` where async code needs them."
  }

  // MARK: - Header

  func header() -> String {
    let summary = report.summary
    return """
      # Combine migration plan

      Scanned \(MarkdownText.code(MarkdownText.cut(report.root, to: Self.nameLength))) with \
      \(MarkdownText.inline(MarkdownText.cut(report.tool.name, to: Self.nameLength))) \
      \(MarkdownText.code(MarkdownText.cut(report.tool.version, to: Self.nameLength))): \
      \(count(summary.files, "Swift file")), \(count(summary.lines, "line")), \(count(summary.findings, "finding")).
      """
  }

  static func label(_ disposition: Disposition) -> String {
    switch disposition {
    case .fixNow: return "Fix now"
    case .migrate: return "Migrate"
    case .keep: return "Keep on Combine"
    case .leaveAlone: return "Leave alone"
    case .blockedByDeploymentTarget: return "Blocked by the deployment target"
    }
  }

  // MARK: - Fix now

  /// Fix-now findings, most severe first (error, warning, note), then by path and line.
  static func bySeverity(_ findings: [Finding]) -> [Finding] {
    findings.sorted { lhs, rhs in
      if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
      return Finding.reportOrder(lhs, rhs)
    }
  }

  private func fixNow(_ findings: [Finding]) -> String {
    var lines = ["## Fix now", ""]
    guard !findings.isEmpty else {
      lines.append("No pitfalls found: nothing here is a bug today.")
      return lines.joined(separator: "\n")
    }
    lines += [
      "> [!CAUTION]",
      "> \(count(findings.count, "finding")) \(findings.count == 1 ? "is a bug" : "are bugs") today "
        + "(crashes, hangs, leaks, failures that stop a feature). Fix \(findings.count == 1 ? "it" : "them") first, "
        + "whatever the plan says.",
      "",
    ]
    let items = Self.bySeverity(findings).map { finding in
      var item = ["- [ ] " + findingLine(finding, showSeverity: true)]
      item += finding.reasons.map { "  - Why: " + reasonText($0) }
      if !finding.help.isEmpty { item.append("  - Fix: " + reasonText(finding.help)) }
      return item.joined(separator: "\n")
    }
    lines.append(fold(items.joined(separator: "\n"), count: findings.count, noun: "finding"))
    return lines.joined(separator: "\n")
  }

  // MARK: - Deployment gates

  /// One line per module: the deployment target to raise and how many items that opens, with the
  /// items folded below, one line per file. They are in no phase's checklist until then.
  private func deploymentGates(_ findings: [Finding]) -> String {
    var lines = ["## Blocked by the deployment target", ""]
    guard !findings.isEmpty else {
      lines.append("Nothing: every replacement the plan recommends is available at each module's deployment target.")
      return lines.joined(separator: "\n")
    }
    lines += [
      "Their replacement needs a newer OS than the module's deployment target, so they are not in the phases "
        + "above. Raise the target (or keep Combine there) and they join their phase.", "",
    ]
    var steps = report.plan.phases.first { $0.id == .deploymentGate }?.steps ?? []
    let planned = Set(steps.flatMap(\.findings))
    let loose = findings.filter { !planned.contains($0.fingerprint) }
    if !loose.isEmpty {
      steps.append(
        PlanStep(
          wave: 0, module: "(not in a step)", files: [], findings: loose.map(\.fingerprint),
          size: StepSize(findings: loose.count, lines: 0), blockedBy: []))
    }
    for step in steps {
      let gate = step.blockedBy.first ?? "raise the deployment target"
      var item = [
        "- **\(MarkdownText.inline(MarkdownText.cut(step.module, to: Self.nameLength)))**: "
          + "\(MarkdownText.inline(MarkdownText.cut(gate, to: Self.reasonLength))) and "
          + "\(step.size.findings == 1 ? "this item opens" : "these \(step.size.findings) items open")"
      ]
      let entries = fileLines(step.findings.compactMap { findingsByFingerprint[$0] })
      item.append(details(summary: count(entries.count, "file"), lines: entries, indent: "  "))
      lines.append(item.joined(separator: "\n"))
    }
    return lines.joined(separator: "\n")
  }

  /// One line per file: its path, then each rule with a link to each of its lines
  /// (`` `published-property` L40, L43 ``), for lists that are inventory rather than work.
  private func fileLines(_ findings: [Finding]) -> [String] {
    var order: [String] = []
    var byFile: [String: [Finding]] = [:]
    for finding in findings {
      if byFile[finding.file] == nil { order.append(finding.file) }
      byFile[finding.file, default: []].append(finding)
    }
    return order.map { file in
      let fileFindings = byFile[file] ?? []
      var rules: [String] = []
      for finding in fileFindings where !rules.contains(finding.ruleID) { rules.append(finding.ruleID) }
      var shown = 0
      var parts: [String] = []
      for rule in rules {
        let lines = fileFindings.filter { $0.ruleID == rule }.map(\.range.start.line)
        let room = max(0, Self.placesPerLine - shown)
        guard room > 0 else { break }
        let links = lines.prefix(room).map { line in
          "[L\(line)](\(MarkdownText.fileTarget(path: file, line: line, base: options.markdownLinkBase)))"
        }
        shown += links.count
        parts.append(MarkdownText.code(rule) + " " + links.joined(separator: ", "))
      }
      var line = "  - \(MarkdownText.code(file)): " + parts.joined(separator: "; ")
      if fileFindings.count > shown { line += " and \(fileFindings.count - shown) more" }
      return line
    }
  }

  // MARK: - Keep, leave alone, suppressed

  /// Findings one line per file, their reasons after the message; several steps of a section
  /// are grouped by module.
  private func sideSection(title: String, intro: String, findings: [Finding]) -> String {
    var lines = ["## \(title)", ""]
    guard !findings.isEmpty else {
      lines.append("Nothing.")
      return lines.joined(separator: "\n")
    }
    lines += [intro, ""]
    var order: [String] = []
    var byModule: [String: [Finding]] = [:]
    for finding in findings {
      let module = finding.module ?? "(root)"
      if byModule[module] == nil { order.append(module) }
      byModule[module, default: []].append(finding)
    }
    for module in order.sorted(by: UTF8Order.precedes) {
      let moduleFindings = byModule[module] ?? []
      // One line per file, each finding with its reasons.
      let entries = groupedFindingLines(moduleFindings, reasons: true)
      lines.append(
        "- **\(MarkdownText.inline(MarkdownText.cut(module, to: Self.nameLength)))**: "
          + count(moduleFindings.count, "finding"))
      lines.append(details(summary: count(moduleFindings.count, "finding"), lines: entries, indent: "  "))
    }
    return lines.joined(separator: "\n")
  }

  private func suppressedSection(_ findings: [Finding]) -> String {
    let items = findings.map { finding in
      "- " + findingLine(finding, showSeverity: false) + "\n  - Suppressed: "
        + MarkdownText.inline(MarkdownText.cut(finding.suppression ?? "", to: Self.reasonLength))
    }
    // Always folded: suppressed findings are there to audit, not to act on.
    return "## Suppressed\n\n"
      + details(summary: "\(count(findings.count, "suppressed finding"))", body: items.joined(separator: "\n"))
  }

  // MARK: - Counts and modules

  /// The counts by category, and the skipped files: reference, so after the plan.
  private func countsSection() -> String? {
    let summary = report.summary
    guard !summary.byCategory.isEmpty || !summary.skipped.isEmpty else { return nil }
    var lines = ["## Counts"]
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
}
