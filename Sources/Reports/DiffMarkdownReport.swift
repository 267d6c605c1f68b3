import ScanModel

/// `migrate-scan diff --format markdown` (the default): progress between two scans, for a team
/// lead's weekly update.
///
/// A one-line summary and a table per plan section come first (what fits in a status message),
/// then each section's modules that changed: steps done (checked), steps added (open), the
/// steps remaining folded into `<details>`, and each new finding as `path:line` with its rule and
/// message. Modules where nothing changed are named on one line with their remaining steps, so a
/// large plan stays short. Paths are text, not links: the diff does not know where the tree is.
package enum DiffMarkdownReport {
  /// A module's new findings are listed open up to this many, folded beyond.
  package static let foldAbove = 10

  /// The whole document, ending with a newline.
  package static func render(_ diff: ReportDiff) -> String {
    var blocks: [String] = ["# Migration progress", header(diff)]
    if !diff.warnings.isEmpty {
      blocks.append(diff.warnings.map { "> **Warning:** " + MarkdownText.inline($0) }.joined(separator: "\n>\n"))
    }
    blocks.append(summary(diff))
    if !diff.sections.isEmpty { blocks.append(table(diff)) }
    for section in diff.sections { blocks.append(render(section)) }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  private static func header(_ diff: ReportDiff) -> String {
    var text = "From \(MarkdownText.code(diff.old.path)) (\(count(diff.old.steps, "step")), "
    text += "\(count(diff.old.findings, "finding"))) to \(MarkdownText.code(diff.new.path)) "
    text += "(\(count(diff.new.steps, "step")), \(count(diff.new.findings, "finding")))"
    if diff.old.root == diff.new.root {
      text += ", root \(MarkdownText.code(diff.old.root))"
    }
    if diff.old.toolVersion == diff.new.toolVersion {
      text += ", " + MarkdownText.inline("migrate-scan \(diff.new.toolVersion)")
    }
    return text + "."
  }

  private static func summary(_ diff: ReportDiff) -> String {
    var text = "**\(count(diff.done, "step")) done, \(diff.added) added, \(diff.remaining) remaining"
    text += " (about \(grouped(diff.openLines)) lines of open work)"
    if diff.moved > 0 { text += ", \(diff.moved) moved between sections" }
    text += ". "
    text += "\(count(diff.newFindings, "new finding"))"
    if diff.newFixNow > 0 { text += " (\(diff.newFixNow) fix-now)" }
    text += ", \(grouped(diff.goneFindings)) gone.**"
    let aside = diff.sections.filter { ReportDiff.notWork.contains($0.id) && $0.remaining + $0.added + $0.moved > 0 }
    if !aside.isEmpty {
      let parts = aside.map {
        "\(MarkdownText.inline($0.title)) (\(count($0.remaining + $0.added + $0.moved, "step")))"
      }
      text += " Not counted as work: " + parts.joined(separator: ", ") + "."
    }
    return text
  }

  private static func table(_ diff: ReportDiff) -> String {
    var lines = [
      "| Section | Done | Added | Moved in | Remaining | New findings | Gone findings |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for section in diff.sections {
      // Kept and left-alone steps are listed, not counted as work (their findings count).
      let aside = ReportDiff.notWork.contains(section.id) ? " (steps not counted)" : ""
      lines.append(
        "| \(MarkdownText.inline(section.title, inTable: true))\(aside) | \(section.done) | \(section.added) | "
          + "\(section.moved) | \(section.remaining) | \(section.newFindings) | \(section.goneFindings) |")
    }
    lines.append(
      "| **Total** | \(diff.done) | \(diff.added) | \(diff.moved) | \(diff.remaining) | \(diff.newFindings) | "
        + "\(diff.goneFindings) |")
    return lines.joined(separator: "\n")
  }

  private static func render(_ section: ReportDiff.Section) -> String {
    var blocks = ["## " + MarkdownText.inline(section.title)]
    var unchanged: [ReportDiff.Module] = []
    for module in section.modules {
      let changed =
        !module.done.isEmpty || !module.added.isEmpty || !module.newFindings.isEmpty
        || module.goneFindings > 0
      guard changed else {
        unchanged.append(module)
        continue
      }
      blocks.append(render(module))
    }
    if !unchanged.isEmpty {
      let names = unchanged.map { "\(MarkdownText.code($0.name)) (\($0.remaining.count))" }
      blocks.append("No change, steps remaining: " + names.joined(separator: ", ") + ".")
    }
    return blocks.joined(separator: "\n\n")
  }

  private static func render(_ module: ReportDiff.Module) -> String {
    var parts = ["\(module.done.count) done", "\(module.added.count) added"]
    if !module.moved.isEmpty { parts.append("\(module.moved.count) moved in") }
    parts.append("\(module.remaining.count) remaining")
    if !module.newFindings.isEmpty { parts.append(count(module.newFindings.count, "new finding")) }
    if module.goneFindings > 0 {
      parts.append("\(module.goneFindings) \(module.goneFindings == 1 ? "finding" : "findings") gone")
    }
    var blocks = ["### \(MarkdownText.code(module.name)): " + parts.joined(separator: ", ")]
    var items: [String] = []
    for step in module.done { items.append("- [x] " + MarkdownText.inline(step.title) + " (done)") }
    for step in module.added { items.append("- [ ] " + MarkdownText.inline(step.title) + " (added)") }
    for moved in module.moved {
      items.append(
        "- [ ] " + MarkdownText.inline(moved.step.title) + " (moved from " + MarkdownText.inline(moved.fromTitle) + ")")
    }
    if !items.isEmpty { blocks.append(items.joined(separator: "\n")) }
    if !module.remaining.isEmpty {
      let list = module.remaining.map { "- [ ] " + MarkdownText.inline($0.title) }.joined(separator: "\n")
      let lines = module.remaining.reduce(0) { $0 + $1.lines }
      // The blank lines matter: GFM parses Markdown inside `<details>` only after one.
      blocks.append(
        "<details>\n<summary>\(count(module.remaining.count, "step")) remaining, about \(grouped(lines)) lines"
          + "</summary>\n\n\(list)\n\n</details>")
    }
    if !module.newFindings.isEmpty {
      let list = module.newFindings.map { finding in
        "- \(MarkdownText.code("\(finding.file):\(finding.line)")) \(MarkdownText.code(finding.ruleID)) "
          + "(\(MarkdownText.inline(finding.severity))): \(MarkdownText.inline(finding.message))"
      }
      // A long list (a new rule, a new folder of old code) is folded, so the update stays short.
      if list.count > foldAbove {
        blocks.append(
          "<details>\n<summary>\(count(list.count, "new finding"))</summary>\n\n\(list.joined(separator: "\n"))"
            + "\n\n</details>")
      } else {
        blocks.append("New findings:\n\n" + list.joined(separator: "\n"))
      }
    }
    return blocks.joined(separator: "\n\n")
  }

  private static func count(_ value: Int, _ noun: String) -> String {
    "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
  }

  /// `1234567` as `1,234,567`.
  private static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}
