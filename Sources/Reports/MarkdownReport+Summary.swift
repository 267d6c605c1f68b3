import ScanModel

/// The summary: the top of the full report, and the whole of `--summary`.
///
/// Every list in it is cut ("… and N more") and every name, message and path in it is cut to a
/// length, so its size has a bound that does not depend on the tree; a last guard cuts at a line
/// should those bounds ever add up past `summaryCharacterLimit`.
extension MarkdownReport {
  /// Fix-now findings the summary names; the rest are counted.
  static let summaryFixNowItems = 5
  /// Deployment gates the summary names.
  static let summaryGates = 10
  /// Guesses the summary quotes.
  static let summaryGuesses = 5

  /// `--summary`: the header, the summary and where the full report is.
  func summaryDocument() -> String {
    var text = header() + "\n\n" + summary() + "\n\n" + fullReportLine() + "\n"
    if text.count >= Self.summaryCharacterLimit {
      // Not reached with the bounds above; kept so the promise never rests on arithmetic alone.
      var kept = String(text.prefix(Self.summaryCharacterLimit - 200))
      if let newline = kept.lastIndex(of: "\n") { kept = String(kept[...newline]) }
      text = kept + "\n… cut at \(Self.summaryCharacterLimit) characters (see the full report)\n"
    }
    return text
  }

  private func fullReportLine() -> String {
    if let url = options.fullReportURL, !url.isEmpty, url.count <= Self.urlLength {
      return "**Full report:** [the whole plan, step by step](\(MarkdownText.linkTarget(url)))"
    }
    return "**Full report:** run `migrate-scan` without `--summary` for every step and finding."
  }

  /// Where the summary's "and N more" sends the reader.
  private var elsewhere: String { options.markdownSummaryOnly ? "see the full report" : "see below" }

  /// What to fix now, the steps per phase, the deployment gates, and what was guessed.
  func summary() -> String {
    var lines = ["## Summary", ""]
    let active = report.findings.filter { $0.suppression == nil }
    lines += fixNowSummary(active.filter { $0.disposition == .fixNow })
    lines += [""] + phaseTable(active)
    lines += [""] + gateSummary()
    lines += [""] + guessSummary()
    return lines.joined(separator: "\n")
  }

  private func fixNowSummary(_ findings: [Finding]) -> [String] {
    guard !findings.isEmpty else { return ["**Fix now:** nothing; no finding is a bug today."] }
    let severities = Severity.allCases.reversed().compactMap { severity -> String? in
      let number = findings.count(where: { $0.severity == severity })
      return number == 0 ? nil : count(number, severity.rawValue)
    }
    var lines = [
      "**Fix now:** \(count(findings.count, "finding")) \(findings.count == 1 ? "is a bug" : "are bugs") today "
        + "(\(severities.joined(separator: ", "))); fix \(findings.count == 1 ? "it" : "them") first:", "",
    ]
    let shown = Self.bySeverity(findings).prefix(Self.summaryFixNowItems)
    lines += shown.map { "- " + summaryFindingLine($0) }
    if findings.count > shown.count {
      lines.append("- … and \(findings.count - shown.count) more (\(elsewhere))")
    }
    return lines
  }

  /// A finding on one bounded line: a link (text only when the path is too long to link), the
  /// message cut, the rule and severity.
  private func summaryFindingLine(_ finding: Finding) -> String {
    let place: String
    if finding.file.utf8.count <= Self.pathLength {
      place = MarkdownText.fileLink(path: finding.file, line: finding.range.start.line, base: options.markdownLinkBase)
    } else {
      place = MarkdownText.code("…" + String(finding.file.suffix(Self.nameLength)) + ":\(finding.range.start.line)")
    }
    return place + " " + MarkdownText.inline(MarkdownText.cut(finding.message, to: Self.messageLength)) + " ("
      + MarkdownText.code(MarkdownText.cut(finding.ruleID, to: Self.nameLength)) + ", \(finding.severity.rawValue))"
  }

  /// One row per phase and side section: its steps, findings and the lines they touch.
  private func phaseTable(_ active: [Finding]) -> [String] {
    var lines = ["| Plan | Steps | Findings | Lines to change |", "| --- | ---: | ---: | ---: |"]
    for (number, phase) in Phase.allCases.enumerated() {
      let planned = report.plan.phases.first { $0.id.rawValue == phase.rawValue }
      let steps = planned?.steps ?? []
      let findings = active.count { $0.disposition == .migrate && $0.phase == phase }
      // A module's switch to strict concurrency is sized by the whole module, which is not lines
      // to change: counted in, the column summed past the tree's own size on a one-target app.
      let touched = steps.filter { $0.kind != .strictConcurrency }.reduce(0) { $0 + $1.size.lines }
      let title = MarkdownText.inline(
        MarkdownText.cut(planned?.title ?? Self.defaultTitle(of: phase), to: 80), inTable: true)
      lines.append("| \(number + 1). \(title) | \(steps.count) | \(findings) | \(touched == 0 ? "—" : "~\(touched)") |")
    }
    for (section, disposition) in [
      (PlanSectionID.deploymentGate, Disposition.blockedByDeploymentTarget), (.keep, .keep), (.leaveAlone, .leaveAlone),
    ] {
      let steps = report.plan.phases.first { $0.id == section }?.steps ?? []
      let findings = active.count { $0.disposition == disposition }
      let stepText: String
      switch section {
      case .deploymentGate: stepText = steps.isEmpty ? "—" : count(steps.count, "gate")
      case .keep: stepText = "—"
      default: stepText = "\(steps.count)"
      }
      // Only leave-alone steps are work (later); the others change nothing now.
      let touched = section == .leaveAlone ? steps.reduce(0) { $0 + $1.size.lines } : 0
      lines.append("| \(Self.label(disposition)) | \(stepText) | \(findings) | \(touched == 0 ? "—" : "~\(touched)") |")
    }
    return lines
  }

  private func gateSummary() -> [String] {
    let steps = report.plan.phases.first { $0.id == .deploymentGate }?.steps ?? []
    guard !steps.isEmpty else {
      let blocked = report.findings.count { $0.disposition == .blockedByDeploymentTarget && $0.suppression == nil }
      return blocked == 0
        ? ["**Deployment gates:** none; every replacement is available at each module's deployment target."]
        : ["**Deployment gates:** \(count(blocked, "finding")) wait for a newer deployment target."]
    }
    var lines = ["**Deployment gates:** raise these and their items join the phases:", ""]
    for step in steps.prefix(Self.summaryGates) {
      let gate = MarkdownText.inline(MarkdownText.cut(step.blockedBy.first ?? "raise the deployment target", to: 200))
      let module = MarkdownText.inline(MarkdownText.cut(step.module, to: Self.nameLength))
      lines.append("- **\(module)**: \(gate) (\(count(step.size.findings, "item")))")
    }
    if steps.count > Self.summaryGates {
      lines.append("- … and \(steps.count - Self.summaryGates) more (\(elsewhere))")
    }
    return lines
  }

  private func guessSummary() -> [String] {
    var items = report.guesses.prefix(Self.summaryGuesses).map {
      "- " + MarkdownText.inline(MarkdownText.cut($0, to: Self.reasonLength))
    }
    if report.guesses.count > Self.summaryGuesses {
      items.append("- … and \(report.guesses.count - Self.summaryGuesses) more (\(elsewhere))")
    }
    let summary = report.summary
    let listed = options.markdownSummaryOnly ? "listed in the full report" : "listed under Counts"
    if !summary.skipped.isEmpty {
      items.append("- \(count(summary.skipped.count, "file")) skipped, not scanned (\(listed))")
    }
    if summary.suppressed > 0 {
      let where_ = options.markdownSummaryOnly ? "listed in the full report" : "listed under Suppressed"
      items.append("- \(count(summary.suppressed, "finding")) suppressed by comments (\(where_))")
    }
    guard !items.isEmpty else {
      return ["**Guessed or left out:** nothing; every module comes from a project file and every file was scanned."]
    }
    return ["**Guessed or left out:**", ""] + items
  }
}
