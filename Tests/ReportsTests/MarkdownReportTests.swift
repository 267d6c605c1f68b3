import Reports
import ScanModel
import Testing

@Suite struct MarkdownReportTests {
  @Test func fixNowComesBeforeThePhases() throws {
    let markdown = ReportWriter.render(SampleReports.full, format: .markdown, options: RenderOptions())
    let fixNow = try #require(markdown.range(of: "## Fix now"))
    let firstPhase = try #require(markdown.range(of: "## Phase 1"))
    #expect(fixNow.lowerBound < firstPhase.lowerBound)
  }

  /// Long lists fold into `<details>`; the golden pins the blank lines GFM needs around them.
  @Test func longListsFold() {
    let markdown = ReportWriter.render(
      SampleReports.full, format: .markdown, options: RenderOptions(markdownFoldThreshold: 1))
    #expect(markdown.contains("<details>"))
    expectGolden(markdown, "reports/report.folded.md")
  }
}

@Suite struct MarkdownBlockerTests {
  @Test func blockersThatNameASwiftFileLineSayWhatIsThereThenLink() {
    var report = SampleReports.full
    report.findings[1].blockedBy = ["Legacy Views/A (1).swift:9 — needs `x`", "Networking: wave 0 first"]
    let markdown = ReportWriter.render(report, format: .markdown, options: RenderOptions())
    #expect(
      markdown.contains(
        "blocked by the code at [`Legacy Views/A (1).swift:9`](Legacy%20Views/A%20%281%29.swift#L9) — needs `x`; "
          + "Networking: wave 0 first"
      ))
  }
}

@Suite struct MarkdownWithoutPlanTests {
  /// With no plan at all, every migrate finding still shows up under its phase.
  @Test func findingsNoStepMentionsAreListedUnderTheirPhase() {
    var report = SampleReports.full
    report.plan = MigrationPlan()
    let markdown = ReportWriter.render(report, format: .markdown, options: RenderOptions())
    for finding in report.findings where finding.disposition == .migrate && finding.suppression == nil {
      #expect(markdown.contains("](\(URIEncoding.encodePath(finding.file))#L\(finding.range.start.line))"))
    }
    #expect(markdown.contains("### Not in a step yet"))
  }
}

@Suite struct MarkdownKeepIntroTests {
  static func intro(_ report: ScanReport) throws -> String {
    let markdown = ReportWriter.render(report, format: .markdown, options: RenderOptions())
    let section = try #require(markdown.range(of: "## Keep on Combine\n\n"))
    return String(markdown[section.upperBound...].prefix { $0 != "\n" })
  }

  /// An app's view keeps `.onReceive(model.$query.debounce(…))` for its operator: no library is
  /// involved, and the intro says nothing of clients (a report of a real editor app did).
  @Test func aSubscriptionKeptForItsOperatorsMentionsNoClients() throws {
    var report = SampleReports.full
    report.findings[0].category = .observableUse
    report.findings[0].disposition = .keep
    #expect(!(try Self.intro(report)).contains("clients"))
  }

  /// A library's public model is kept for its clients, and the intro says so.
  @Test func aLibrarysKeptModelMentionsItsClients() throws {
    var report = SampleReports.full
    report.findings[0].category = .observableObject
    report.findings[0].disposition = .keep
    #expect(try Self.intro(report).contains("a library keeps them for its clients outside the tree"))
  }

  /// Only bridges kept: the intro does not say they are worth their operators.
  @Test func keptBridgesAloneAreNotSaidToBeWorthTheirOperators() throws {
    var report = SampleReports.full
    for index in report.findings.indices where report.findings[index].disposition == .keep {
      report.findings[index].disposition = .migrate
    }
    report.findings[0].category = .continuationBridge
    report.findings[0].disposition = .keep
    #expect(
      try Self.intro(report)
        == "These stay on Combine on purpose: they bridge callbacks or publishers to async code. Bridge them with "
        + "`.values` where async code needs them.")
  }

  /// A test kept with a library's API: the intro names the tests too.
  @Test func aTestOfALibrarysAPIIsNamed() throws {
    var report = SampleReports.full
    report.findings[0].category = .operatorPipeline
    report.findings[0].disposition = .keep
    report.findings[0].reasons = [
      "tests `changes` at S.swift:3, public Combine API of library `Store`, which stays for its clients"
    ]
    let intro = try Self.intro(report)
    #expect(intro.contains("a library keeps them for its clients outside the tree, with the tests of that API"))
    #expect(intro.contains("(each reason says which)") == intro.contains(", or "))
  }
}
