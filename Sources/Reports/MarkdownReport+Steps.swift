import ScanModel

/// The phases and the leave-alone section: one checkbox per step, grouped by module (a heading
/// per module, leaves first) and by folder inside a module whose steps live in several.
extension MarkdownReport {
  static func description(of phase: Phase) -> String {
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

  static func defaultTitle(of phase: Phase) -> String {
    switch phase {
    case .prepare: return "Prepare"
    case .oneShot: return "One-shot operations"
    case .viewModels: return "View models and subjects"
    case .cleanup: return "Clean-up"
    }
  }

  func phaseSection(_ phase: Phase, number: Int, active: [Finding]) -> String {
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
    lines += moduleGroups(steps, checkbox: true)
    if !unplanned.isEmpty {
      let items = unplanned.map { "- [ ] " + findingLine($0, showSeverity: false) }
      lines += [
        "", "### Not in a step yet", "", fold(items.joined(separator: "\n"), count: items.count, noun: "finding"),
      ]
    }
    return lines.joined(separator: "\n")
  }

  func leaveAlone(_ findings: [Finding]) -> String {
    var lines = [
      "## Leave alone", "", "Large, working, untested code: migrate it when it has to change anyway.",
    ]
    let steps = report.plan.phases.first { $0.id == .leaveAlone }?.steps ?? []
    let planned = Set(steps.flatMap(\.findings))
    let unplanned = findings.filter { !planned.contains($0.fingerprint) }
    guard !steps.isEmpty || !unplanned.isEmpty else {
      lines += ["", "Nothing."]
      return lines.joined(separator: "\n")
    }
    lines += moduleGroups(steps, checkbox: false)
    if !unplanned.isEmpty {
      let items = unplanned.map { finding in
        "- " + findingLine(finding, showSeverity: false)
          + (finding.reasons.isEmpty ? "" : ": " + finding.reasons.map { reasonText($0) }.joined(separator: "; "))
      }
      lines += ["", fold(items.joined(separator: "\n"), count: items.count, noun: "finding")]
    }
    return lines.joined(separator: "\n")
  }

  /// The steps under a `### Module` heading each (in the plan's order), with `#### folder`
  /// sub-headings when a module's steps live in several folders. What blocks every step of a
  /// module is said once, under its heading.
  private func moduleGroups(_ steps: [PlanStep], checkbox: Bool) -> [String] {
    var groups: [(module: String, steps: [PlanStep])] = []
    for step in steps {
      if groups.last?.module == step.module {
        groups[groups.count - 1].steps.append(step)
      } else {
        groups.append((step.module, [step]))
      }
    }
    var lines: [String] = []
    for group in groups {
      let first = group.steps[0]
      var heading =
        "### \(MarkdownText.inline(MarkdownText.cut(group.module, to: Self.nameLength))) (wave \(first.wave))"
      if group.steps.count > 1 { heading += " — \(count(group.steps.count, "step"))" }
      lines += ["", heading, ""]
      if let cycle = cycleNote(group.module) { lines += [cycle, ""] }
      // Blockers every step shares (the modules this one depends on) are said once.
      let shared =
        group.steps.count > 1
        ? first.blockedBy.filter { blocker in group.steps.allSatisfy { $0.blockedBy.contains(blocker) } } : []
      if !shared.isEmpty {
        lines += blockerLines(shared, indent: "", lead: "Before this module") + [""]
      }
      // So are the remedies every step shares (a module of view models: the same two).
      let sharedRemedies =
        group.steps.count > 1
        ? remedies(of: first).filter { remedy in group.steps.allSatisfy { remedies(of: $0).contains(remedy) } } : []
      if !sharedRemedies.isEmpty {
        lines += remedyLines(sharedRemedies, indent: "", every: true) + [""]
      }
      // The module-wide steps (switching on strict concurrency) belong to no folder.
      let moduleWide: Set<StepKind> = [.strictConcurrency, .module]
      let folders = Set(group.steps.filter { !moduleWide.contains($0.kind) }.map(\.folder))
      var folder: String?
      // Each remedy is said once per module, at its first step: 129 view-model steps of one
      // module repeated the same two or three remedies, a third of a 200k-line app's report.
      var said = Set(sharedRemedies.map(\.help))
      for step in group.steps {
        let heading = moduleWide.contains(step.kind) ? "\u{0}module" : step.folder
        if folders.count > 1 && heading != folder {
          folder = heading
          let name =
            moduleWide.contains(step.kind)
            ? "The whole module" : step.folder.isEmpty ? "(root folder)" : MarkdownText.code(step.folder + "/")
          // No blank line after it: a heading needs none, and a large module has many.
          lines.append("#### \(name)")
        }
        lines += stepItem(step, checkbox: checkbox, skipping: Set(shared), skippingRemedies: said)
        for remedy in remedies(of: step) { said.insert(remedy.help) }
      }
    }
    return lines
  }

  /// "In a cycle with A, B: move them together", or nil outside a cycle.
  private func cycleNote(_ module: String) -> String? {
    guard let cycle = cycles.cycle(of: module) else { return nil }
    // Each step naming every other member was quadratic in the cycle's size; past a few, the
    // note says how many and the Modules section lists them once.
    let others = cycle.members.filter { $0 != module }
    if others.count <= Self.cycleMembersNamedPerStep {
      return "In a cycle with \(others.map { MarkdownText.inline($0) }.joined(separator: ", ")): move them together."
    }
    return "In \(cycle.id) with \(count(others.count, "other module")) (listed under Modules): move them together."
  }

  /// One step: its checkbox and title with its size, then what blocks it, why it is left alone,
  /// each remedy once, and its findings (one shown as it is, more folded into `<details>`).
  func stepItem(
    _ step: PlanStep, checkbox: Bool, skipping shared: Set<String> = [], skippingRemedies: Set<String> = []
  ) -> [String] {
    let title = step.title.isEmpty ? "`\(step.module)`" : step.title
    var head = (checkbox ? "- [ ] " : "- ") + "**" + MarkdownText.inline(MarkdownText.cut(title, to: 160)) + "**"
    if step.size.findings > 0 {
      head += " — " + count(step.size.findings, "finding")
      if step.size.lines > 0 { head += ", ~\(count(step.size.lines, "line"))" }
    }
    // What blocks the step is said on its line: a line of its own for each step of a module
    // was a tenth of a large app's report.
    let blockers = step.blockedBy.filter { !shared.contains($0) }
    if !blockers.isEmpty { head += "; " + blockerList(blockers, lead: "blocked by") }
    var lines = [head]
    if let reason = step.leaveAloneReason, !reason.isEmpty {
      lines.append("  - Leave alone: " + reasonText(reason))
    }
    lines += remedyLines(remedies(of: step).filter { !skippingRemedies.contains($0.help) }, indent: "  ", every: false)
    let known = step.findings.compactMap { findingsByFingerprint[$0] }
    let missing = step.findings.filter { findingsByFingerprint[$0] == nil }.map {
      "  - finding \(MarkdownText.code($0)) (not in this report)"
    }
    // One line per file: a step's findings mostly share one or two files.
    let entries = groupedFindingLines(known, reasons: false) + missing
    if entries.count <= Self.unfoldedFindingLines {
      lines += entries
    } else {
      lines.append(details(summary: count(step.findings.count, "finding"), lines: entries, indent: "  "))
    }
    return lines
  }

  /// A remedy: the rule it is for and its text.
  struct Remedy: Equatable {
    var rule: String
    var help: String
  }

  /// The distinct remedies of a step's findings, in finding order: each once, however many
  /// findings share it (a view model's four `@Published` properties share one).
  func remedies(of step: PlanStep) -> [Remedy] {
    var remedies: [Remedy] = []
    for fingerprint in step.findings {
      guard let finding = findingsByFingerprint[fingerprint], !finding.help.isEmpty else { continue }
      if !remedies.contains(where: { $0.help == finding.help }) {
        remedies.append(Remedy(rule: finding.ruleID, help: finding.help))
      }
    }
    return remedies
  }

  /// `Fix: …` lines, the rule named when there are several; `every` says they are for every
  /// step below a module heading.
  private func remedyLines(_ remedies: [Remedy], indent: String, every: Bool) -> [String] {
    let named = Set(remedies.map(\.rule)).count > 1 || every
    return remedies.prefix(Self.remediesPerStep).map { remedy in
      let label = named ? "Fix (\(MarkdownText.code(remedy.rule))\(every ? ", every step below" : "")): " : "Fix: "
      return "\(indent)- " + label + reasonText(remedy.help)
    }
  }

  /// One `Blocked by: …; …` line, in words, naming at most `blockersPerStep` blockers (a module
  /// waiting for nine others took ten lines).
  private func blockerLines(_ blockers: [String], indent: String, lead: String) -> [String] {
    guard !blockers.isEmpty else { return [] }
    return ["\(indent)- " + blockerList(blockers, lead: lead)]
  }

  /// `lead: …; …`, naming at most `blockersPerStep` blockers, in words.
  private func blockerList(_ blockers: [String], lead: String) -> String {
    var text = "\(lead): " + blockers.prefix(Self.blockersPerStep).map(blockerText).joined(separator: "; ")
    if blockers.count > Self.blockersPerStep {
      text += "; … and \(blockers.count - Self.blockersPerStep) more (see the JSON report)"
    }
    return text
  }
}
