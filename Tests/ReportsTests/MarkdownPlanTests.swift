import Reports
import ScanModel
import Testing

/// The Markdown report reads like a plan: a summary first, one checkbox per step with its
/// findings folded, each remedy once, Fix now by severity, blockers in words.
@Suite struct MarkdownPlanTests {
  static func render(_ report: ScanReport, summaryOnly: Bool = false) -> String {
    var options = RenderOptions()
    options.markdownSummaryOnly = summaryOnly
    return ReportWriter.render(report, format: .markdown, options: options)
  }

  /// The lines of the section that starts with `heading`, up to the next `## ` heading.
  static func section(_ markdown: String, _ heading: String) -> [Substring] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
    let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("## ") }) ?? lines.endIndex
    return Array(lines[start..<end])
  }

  @Test func stepsPlanMatchesGolden() {
    expectGolden(Self.render(SampleStepReports.report), "reports/report.steps.md")
    expectGolden(Self.render(SampleStepReports.report, summaryOnly: true), "reports/report.summary.md")
  }

  @Test func summaryComesFirstAndIsTheSameInBothModes() throws {
    let full = Self.render(SampleReports.full)
    let summary = Self.render(SampleReports.full, summaryOnly: true)
    let fixNow = try #require(full.range(of: "## Fix now"))
    let top = full[..<fixNow.lowerBound]
    #expect(top.contains("## Summary"))
    // The summary document is the full report's top, then where the full report is.
    let summaryMode = String(top).replacingOccurrences(of: "see below", with: "see the full report")
      .replacingOccurrences(of: "listed under Counts", with: "listed in the full report")
      .replacingOccurrences(of: "listed under Suppressed", with: "listed in the full report")
    #expect(summary.hasPrefix(summaryMode))
    #expect(summary.contains("**Full report:**"))
    #expect(!summary.contains("## Phase"))
  }

  @Test func fixNowIsOrderedBySeverityThenPath() {
    var report = SampleReports.full
    let template = SampleReports.findings[4]
    let specs: [(Severity, String)] = [
      (.note, "A.swift"), (.warning, "C.swift"), (.error, "Z.swift"), (.warning, "B.swift"), (.error, "M.swift"),
      (.note, "0.swift"),
    ]
    report.findings = specs.enumerated().map { index, spec in
      var finding = template
      finding.fingerprint = "fp\(index)"
      finding.severity = spec.0
      finding.file = "Sources/\(spec.1)"
      return finding
    }
    let expected = ["M", "Z", "B", "C", "0", "A"].map { "Sources/\($0).swift" }
    let markdown = Self.render(report)
    let files = { (lines: [Substring], prefix: String) in
      lines.filter { $0.hasPrefix(prefix) }.compactMap { line in
        line.split(separator: "`").dropFirst().first.map { String($0.split(separator: ":")[0]) }
      }
    }
    #expect(files(Self.section(markdown, "## Fix now"), "- [ ] ") == expected)
    // The summary names the first five, in the same order.
    #expect(files(Self.section(markdown, "## Summary"), "- [`") == Array(expected.prefix(5)))
    #expect(Self.section(markdown, "## Summary").contains("- … and 1 more (see below)"))
  }

  /// A view model's properties share one remedy: it is printed once for the step, never again
  /// per finding, and never as a "Why:" too.
  @Test func noStepPrintsTheRemedyTwice() {
    var report = SampleReports.full
    let help = "Becomes a plain stored property of the `@Observable` type."
    let properties = (0..<3).map { index in
      var finding = SampleReports.findings[2]
      finding.fingerprint = "property-\(index)"
      finding.range.start.line = 12 + index
      finding.help = help
      return finding
    }
    report.findings += properties
    report.findings.sort(by: Finding.reportOrder)
    let viewModels = report.plan.phases.firstIndex { $0.id == .viewModels }!
    report.plan.phases[viewModels].steps[0].findings += properties.map(\.fingerprint)
    for markdown in [Self.render(report), Self.render(SampleStepReports.report)] {
      let lines = markdown.split(separator: "\n")
      var step: [Substring] = []
      var steps: [[Substring]] = []
      for line in lines {
        if line.hasPrefix("- ") || line.hasPrefix("#") {
          if !step.isEmpty { steps.append(step) }
          step = []
        }
        step.append(line)
      }
      steps.append(step)
      for step in steps {
        let remedies = step.filter { $0.hasPrefix("  - Fix") }
        #expect(Set(remedies).count == remedies.count, "\(step)")
        let whys = step.filter { $0.contains("Why: ") }
        for remedy in remedies {
          let text = remedy.split(separator: ": ", maxSplits: 1).last ?? ""
          #expect(!whys.contains { $0.hasSuffix(text) }, "\(step)")
        }
      }
    }
    let markdown = Self.render(report)
    #expect(markdown.components(separatedBy: help).count == 2, "the shared remedy once")
  }

  @Test func stepsShowTitlesFoldersSizesAndWhyTheyAreLeftAlone() {
    let markdown = Self.render(SampleStepReports.report)
    #expect(
      markdown.contains(
        "- [ ] **`FeatureViewModel` → `@Observable`: 1 property, 1 pipeline to rewrite first** — 2 findings, ~64 lines")
    )
    #expect(markdown.contains("#### `Sources/Feature/`"))
    #expect(markdown.contains("#### `Sources/Settings/`"))
    #expect(markdown.contains("  - Leave alone: 410 lines, 9 operators, no test names `ÜnïcodeScreenModel`"))
    // A step with no title falls back to its module's name.
    var untitled = SampleReports.full
    untitled.plan.phases[1].steps[0].title = ""
    #expect(Self.render(untitled).contains("- [ ] **`Networking`** — 1 finding, ~24 lines"))
  }

  @Test func blockersAreSaidInWords() {
    let markdown = Self.render(SampleStepReports.report)
    let link = "[`Sources/Feature/FeatureViewModel.swift:31`](Sources/Feature/FeatureViewModel.swift#L31)"
    // The planner's words keep their place, now a link.
    // On the step's line, one after the other.
    #expect(
      markdown.contains(
        " — 2 findings, ~64 lines; blocked by: after `FeatureViewModel.init` (\(link)) stops reading `$query`; "))
    // A bare place, or a fingerprint, becomes what is there.
    #expect(
      markdown.contains(
        "; `$query` pipeline with time-based operators in `FeatureViewModel.init` (\(link)); "))
    #expect(markdown.contains("; stored properties guarded by `queue.sync`: an `actor` candidate in"))
    #expect(!markdown.contains("blocked by: [`"), "no bare link")
  }
}

/// `--summary` stays under 60,000 characters whatever the tree: every list in it is cut.
@Suite struct MarkdownSummarySizeTests {
  /// About what the generated 1M-line corpus gives (36 findings per 1,000 lines, 12,904 files).
  static func millionLineReport(longNames: Bool) -> ScanReport {
    var report = SampleReports.full
    let long = longNames ? String(repeating: "Ünïcode|`*_[x](y)<b>", count: 40) : ""
    let templates = SampleReports.findings.filter { $0.suppression == nil }
    let dispositions: [Disposition] = [.fixNow, .migrate, .keep, .blockedByDeploymentTarget, .leaveAlone]
    report.findings = (0..<36_000).map { index in
      var finding = templates[index % templates.count]
      finding.fingerprint = "fp-\(index)"
      finding.file = "Sources/Module\(index % 500)\(long)/File\(index % 12_904).swift"
      finding.module = "Module\(index % 500)\(long)"
      finding.disposition = dispositions[index % dispositions.count]
      finding.severity = [.note, .warning, .error][index % 3]
      finding.message += long
      finding.blockedBy = (0..<(index % 7)).map { "Sources/Other\($0).swift:\($0 + 1)" }
      return finding
    }
    report.findings.sort(by: Finding.reportOrder)
    report.guesses = (0..<300).map { "Module `Module\($0)\(long)` is guessed from its folder." }
    report.summary.skipped = (0..<2_000).map { SkippedFile(path: "Gen/\($0)\(long).swift", reason: "large" + long) }
    let gates = (0..<500).map { module in
      var step = PlanStep(
        wave: module % 9, module: "Module\(module)\(long)", files: [], findings: [],
        size: StepSize(findings: 14, lines: 140), blockedBy: ["raise iOS 15.0 → 17" + long])
      step.title = "Module\(module)\(long)"
      return step
    }
    report.plan.phases.append(PlanPhase(id: .deploymentGate, title: "Blocked" + long, steps: gates))
    report.root = "/tmp/" + long
    return report
  }

  @Test(arguments: [false, true])
  func summaryOfAMillionLineTreeStaysUnderTheLimit(longNames: Bool) {
    let summary = MarkdownPlanTests.render(Self.millionLineReport(longNames: longNames), summaryOnly: true)
    #expect(summary.count < 60_000, "\(summary.count) characters")
    #expect(summary.utf8.count < 65_536 * 4)
    #expect(summary.contains("… and 7195 more (see the full report)"), "the Fix-now list is cut and counted")
    #expect(summary.contains("… and 490 more (see the full report)"), "the gates are cut and counted")
    #expect(summary.contains("… and 295 more (see the full report)"), "the guesses are cut and counted")
  }

  /// A plan shaped like element-x-ios's (205k lines: 17 modules, 102 steps carrying 204
  /// findings, 343 findings kept on Combine, one fix-now): its full Markdown, folded lists
  /// counted line by line, stays under 1,500 lines.
  @Test func fullReportOfALargeAppStaysUnderFifteenHundredLines() {
    var report = SampleReports.full
    let template = SampleReports.findings[2]
    var findings: [Finding] = []
    var steps: [PlanStep] = []
    for module in 0..<17 {
      for type in 0..<6 {
        let stepFindings = (0..<(type % 3 + 1)).map { index in
          var finding = template
          finding.fingerprint = "fp-\(module)-\(type)-\(index)"
          finding.module = "Module\(module)"
          finding.file = "Sources/Module\(module)/Folder\(type % 3)/Type\(type).swift"
          finding.range.start.line = index + 1
          finding.ruleID = ["observable-object", "published-property", "operator-pipeline"][index]
          finding.help = "Remedy for \(finding.ruleID)."
          finding.blockedBy = []
          return finding
        }
        findings += stepFindings
        var step = PlanStep(
          wave: module % 4, module: "Module\(module)", files: [stepFindings[0].file],
          findings: stepFindings.map(\.fingerprint), size: StepSize(findings: stepFindings.count, lines: 40),
          blockedBy: module > 0 ? ["Module\(module - 1): its view-models step comes first"] : [])
        step.title = "`Type\(type)` → `@Observable`"
        step.folder = "Sources/Module\(module)/Folder\(type % 3)"
        steps.append(step)
      }
    }
    for index in 0..<343 {
      var finding = SampleReports.findings[3]
      finding.fingerprint = "keep-\(index)"
      finding.module = "Module\(index % 17)"
      finding.file = "Sources/Module\(index % 17)/Kept\(index).swift"
      findings.append(finding)
    }
    findings.append(SampleReports.findings[6])
    report.findings = findings.sorted(by: Finding.reportOrder)
    let viewModels = report.plan.phases.firstIndex { $0.id == .viewModels }!
    report.plan.phases[viewModels].steps = steps
    for index in report.plan.phases.indices where index != viewModels { report.plan.phases[index].steps = [] }
    let markdown = MarkdownPlanTests.render(report)
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines < 1_500, "\(lines) lines")
    #expect(markdown.contains("- [ ] **`Type5` → `@Observable`**"))
  }

  /// A dense plan (every step eight findings of two rules in two files, a folder of its own and
  /// a blocker) costs a bounded number of lines per step and per file, not per finding: findings
  /// of one rule in one file share a line, blockers are on the step's line, a short list is not
  /// folded. Folded one per line, as before, it was some 14 lines a step.
  @Test func fullReportLinesAreBoundedPerStepNotPerFinding() {
    var report = SampleReports.full
    let template = SampleReports.findings[2]
    var findings: [Finding] = []
    var steps: [PlanStep] = []
    let modules = 20
    let perModule = 10
    for module in 0..<modules {
      for type in 0..<perModule {
        let folder = "Sources/Module\(module)/Feature\(type)"
        let stepFindings = (0..<8).map { index in
          var finding = template
          finding.fingerprint = "fp-\(module)-\(type)-\(index)"
          finding.module = "Module\(module)"
          finding.file = "\(folder)/Type\(type)\(index < 4 ? "" : "+Extension").swift"
          finding.range.start.line = 10 * index + 1
          finding.range.end.line = 10 * index + 3
          finding.ruleID = index % 4 < 2 ? "published-property" : "operator-pipeline"
          finding.message = index % 4 < 2 ? "`@Published` property" : "publisher pipeline ending in a subscriber"
          finding.help = "Remedy for \(finding.ruleID)."
          finding.blockedBy = []
          return finding
        }
        findings += stepFindings
        var step = PlanStep(
          wave: module, module: "Module\(module)", files: Array(Set(stepFindings.map(\.file))).sorted(),
          findings: stepFindings.map(\.fingerprint), size: StepSize(findings: 8, lines: 80),
          blockedBy: type > 0 ? ["after `Type\(type - 1)` (Type\(type - 1).swift:1), which `Type\(type)` uses"] : [])
        step.title = "`Type\(type)` → `@Observable`: 4 properties, 4 pipelines to rewrite"
        step.folder = folder
        step.kind = .type
        step.unit = "Type\(type)"
        step.id = "view-models/Module\(module)/type/Type\(type)"
        steps.append(step)
      }
    }
    report.findings = findings.sorted(by: Finding.reportOrder)
    let viewModels = report.plan.phases.firstIndex { $0.id == .viewModels }!
    report.plan.phases[viewModels].steps = steps
    for index in report.plan.phases.indices where index != viewModels { report.plan.phases[index].steps = [] }
    let markdown = MarkdownPlanTests.render(report)
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).count
    let budget = 4 * steps.count + findings.count / 8 + 8 * modules + 120
    #expect(lines <= budget, "\(lines) lines for \(steps.count) steps and \(findings.count) findings, budget \(budget)")
    // Nothing is hidden: every finding keeps its link.
    for finding in findings.prefix(16) {
      #expect(
        markdown.contains("\(finding.file.replacingOccurrences(of: "+", with: "%2B"))#L\(finding.range.start.line))"))
    }
  }

  /// The full report grows by about a line a finding, not more: its lists are folded, one line
  /// an item, and inventory (deployment-gated findings) is one line a file.
  @Test func fullReportLinesGrowWithFindingsNotFaster() {
    let report = Self.millionLineReport(longNames: false)
    let lines = MarkdownPlanTests.render(report).split(separator: "\n", omittingEmptySubsequences: false).count
    let counted = report.findings.count { $0.disposition != .blockedByDeploymentTarget }
    #expect(lines < counted * 2 + 2_000, "\(lines) lines for \(report.findings.count) findings")
  }
}

/// A module's switch to strict concurrency is sized by the whole module: the summary's "Lines to
/// change" leaves it out, or a one-target app showed more lines to change than it has.
@Suite struct SummaryLinesTests {
  @Test func strictConcurrencyStepsAreNotLinesToChange() throws {
    var report = SampleReports.full
    let index = try #require(report.plan.phases.firstIndex { $0.id == .viewModels })
    let before = MarkdownPlanTests.render(report, summaryOnly: true)
    var strict = PlanStep(
      wave: 0, module: "Feature", files: [], findings: [], size: StepSize(findings: 0, lines: 987_654), blockedBy: [])
    strict.kind = .strictConcurrency
    strict.id = "strict-concurrency/Feature"
    report.plan.phases[index].steps.append(strict)
    let after = MarkdownPlanTests.render(report, summaryOnly: true)
    #expect(!after.contains("987"))
    let row = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("| 3. ") }.map(String.init) }
    let oldRow = try #require(row(before))
    let newRow = try #require(row(after))
    // One more step, the same lines.
    #expect(oldRow.split(separator: "|").last == newRow.split(separator: "|").last)
    #expect(oldRow != newRow)
  }
}

/// Each remedy is said once per module, at its first step; a bare file name in the planner's
/// words is no path from the root, so it is quoted, never linked.
@Suite struct MarkdownRemedyOnceTests {
  @Test func aRemedyIsSaidOncePerModuleAndBareNamesAreNotLinks() throws {
    var report = SampleStepReports.report
    let index = try #require(report.plan.phases.firstIndex { $0.id == .viewModels })
    let findings = SampleStepReports.findings
    let help = findings[2].help
    var second = SampleStepReports.step(
      id: "view-models/Feature/OtherModel", kind: .type, unit: "OtherModel", folder: "Sources/Feature",
      title: "`OtherModel` → `@Observable`", wave: 2, module: "Feature", findings: [findings[2]], lines: 10)
    second.blockedBy = ["after `FeatureViewModel` (FeatureViewModel.swift:8), which `OtherModel` uses"]
    report.plan.phases[index].steps.insert(second, at: 1)
    let markdown = MarkdownPlanTests.render(report)
    let phase = MarkdownPlanTests.section(markdown, "## Phase 3 — View models and subjects").joined(separator: "\n")
    #expect(phase.components(separatedBy: help).count == 2, "said once in the module")
    #expect(phase.contains("(`FeatureViewModel.swift:8`)"))
    #expect(!phase.contains("](FeatureViewModel.swift#L8)"))
  }
}
