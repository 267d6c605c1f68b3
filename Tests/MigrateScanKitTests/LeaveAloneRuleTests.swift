import MigrateScanKit
import ScanModel
import Testing

/// The leave-alone judgment per unit: size, kept operators, test references and history, each
/// with a fact in the reason (issue 17, item 3). History is given here; `LeaveAloneHistoryTests`
/// reads it from a real repository.
@Suite struct LeaveAloneRuleTests {
  static let day: Int64 = 86_400
  /// 2024-06-01, the newest commit of the histories below: the rule's "now".
  static let now: Int64 = 1_717_200_000

  static func finding(
    _ id: String, symbol: String?, file: String = "Sources/App/Sync.swift", module: String = "App",
    category: CategoryID = .publishedProperty, disposition: Disposition = .migrate, reasons: [String] = []
  ) -> Finding {
    var finding = Finding(
      fingerprint: id, ruleID: category.rawValue, category: category, severity: .note, disposition: disposition,
      phase: disposition == .migrate ? .viewModels : nil, module: module, file: file,
      range: SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 9)),
      symbol: symbol, message: "m", help: "h", reasons: reasons)
    finding.matchText = id
    return finding
  }

  static func pipeline(_ id: String, symbol: String, keeps: String, file: String = "Sources/App/Sync.swift")
    -> Finding
  {
    finding(
      id, symbol: symbol, file: file, category: .operatorPipeline, disposition: .keep,
      reasons: ["keeps: " + keeps, "its worth is in these operators"])
  }

  static let modules = [
    ModuleInfo(name: "App", path: "Sources/App", wave: 0, dependsOn: [], tested: true),
    ModuleInfo(name: "AppTests", path: "Tests/AppTests", wave: 0, dependsOn: ["App"], tested: false, isTest: true),
  ]

  static let files = [
    LeaveAloneRule.File(path: "Sources/App/Sync.swift", module: "App", lines: 450, types: ["Sync"], references: []),
    LeaveAloneRule.File(
      path: "Sources/App/Sync+Retry.swift", module: "App", lines: 60, types: ["Sync"], references: []),
    LeaveAloneRule.File(path: "Sources/App/Cache.swift", module: "App", lines: 900, types: ["Cache"], references: []),
    LeaveAloneRule.File(path: "Sources/App/Small.swift", module: "App", lines: 120, types: ["Small"], references: []),
    LeaveAloneRule.File(
      path: "Tests/AppTests/CacheTests.swift", module: "AppTests", lines: 30, types: ["CacheTests"],
      references: ["Cache", "XCTestCase"]),
  ]

  /// A history in which `Sync.swift` last changed `monthsAgo` before the newest commit.
  static func history(syncMonthsAgo monthsAgo: Int64, truncated: Bool = false) -> GitHistory.Reading {
    let then = now - monthsAgo * 365 * day / 12 - day
    return .available(
      GitHistory(
        newest: now, oldest: then - 400 * day, commitCount: 3, truncated: truncated,
        files: [
          "Sources/App/Sync.swift": .init(lastChange: then, commits: [1, 2]),
          "Sources/App/Sync+Retry.swift": .init(lastChange: then - 30 * day, commits: [2]),
          "Sources/App/Cache.swift": .init(lastChange: then, commits: [1]),
          "Sources/App/Small.swift": .init(lastChange: then, commits: [1]),
          "Tests/AppTests/CacheTests.swift": .init(lastChange: now, commits: [0]),
        ]))
  }

  static func findings() -> [Finding] {
    [
      pipeline("p1", symbol: "Sync.start", keeps: "combineLatest, debounce"),
      pipeline("p2", symbol: "Sync.retry", keeps: "share", file: "Sources/App/Sync+Retry.swift"),
      finding("s1", symbol: "Sync"),
      finding("s2", symbol: "Sync.status"),
      pipeline("c1", symbol: "Cache.load", keeps: "debounce, merge, removeDuplicates", file: "Sources/App/Cache.swift"),
      finding("c2", symbol: "Cache", file: "Sources/App/Cache.swift"),
      pipeline("m1", symbol: "Small.run", keeps: "merge, zip, debounce", file: "Sources/App/Small.swift"),
      finding("m2", symbol: "Small", file: "Sources/App/Small.swift"),
    ]
  }

  static func apply(_ rule: LeaveAloneRule = LeaveAloneRule(), history: GitHistory.Reading) -> [Finding] {
    var findings = findings()
    rule.apply(to: &findings, modules: modules, files: files, history: history)
    return findings
  }

  static func disposition(_ findings: [Finding], _ id: String) -> Disposition? {
    findings.first { $0.fingerprint == id }?.disposition
  }

  @Test func aLargeUntestedUnchangedUnitIsLeftAloneWithItsFacts() throws {
    let findings = Self.apply(history: Self.history(syncMonthsAgo: 20))
    let sync = findings.filter { $0.fingerprint == "s1" || $0.fingerprint == "s2" }
    #expect(sync.map(\.disposition) == [.leaveAlone, .leaveAlone])
    #expect(sync.allSatisfy { $0.phase == nil })
    let reason = try #require(sync[0].reasons.last)
    #expect(sync[1].reasons.last == reason, "one reason per unit, last in every finding of it")
    #expect(
      reason
        == "leave-alone rule: ≥ 400 lines (510), ≥ 3 operators (3: `combineLatest`, `debounce`, `share`), no test "
        + "references `Sync`, unchanged for 20 months ≥ 12 (last change 2022-09-30, 2 commits in the whole "
        + "history, back to 2021-08-26): rewrite it when you next need to change it")
    #expect(Self.disposition(findings, "p1") == .keep, "kept pipelines stay kept")
  }

  @Test func aRecentlyChangedUnitIsMigrated() {
    let findings = Self.apply(history: Self.history(syncMonthsAgo: 3))
    #expect(Self.disposition(findings, "s1") == .migrate)
    #expect(Self.disposition(findings, "s2") == .migrate)
  }

  @Test func aUnitATestNamesIsMigratedAndSoIsASmallOne() {
    let findings = Self.apply(history: Self.history(syncMonthsAgo: 20))
    #expect(Self.disposition(findings, "c2") == .migrate, "CacheTests names `Cache`")
    #expect(Self.disposition(findings, "m2") == .migrate, "120 lines is below 400")
  }

  @Test func fewOperatorsAreNotComplexEnough() {
    var rule = LeaveAloneRule()
    rule.operators = 4
    #expect(Self.disposition(Self.apply(rule, history: Self.history(syncMonthsAgo: 20)), "s1") == .migrate)
    rule.operators = 0
    rule.lines = 100
    let loose = Self.apply(rule, history: Self.history(syncMonthsAgo: 20))
    #expect(Self.disposition(loose, "m2") == .leaveAlone)
  }

  @Test func withoutHistoryTheOtherFactsDecideAndTheReasonSaysSo() throws {
    let findings = Self.apply(history: .unavailable("not a git repository"))
    #expect(Self.disposition(findings, "s1") == .leaveAlone)
    let reason = try #require(findings.first { $0.fingerprint == "s1" }?.reasons.last)
    #expect(reason.contains("; git history unavailable (not a git repository), so how long it has been unchanged"))
    #expect(Self.disposition(findings, "c2") == .migrate)
  }

  /// A file never committed is being written now; one older than a cut history is at least as
  /// old as its oldest commit.
  @Test func filesOutsideTheHistory() throws {
    guard case .available(var history) = Self.history(syncMonthsAgo: 20) else { return }
    history.files["Sources/App/Sync+Retry.swift"] = nil
    #expect(Self.disposition(Self.apply(history: .available(history)), "s1") == .migrate)
    history.truncated = true
    history.commitCount = 20_000
    let cut = Self.apply(history: .available(history))
    #expect(Self.disposition(cut, "s1") == .leaveAlone)
    let reason = try #require(cut.first { $0.fingerprint == "s1" }?.reasons.last)
    #expect(reason.contains("in the last 20000 commits, back to 2021-08-26"), "\(reason)")
  }

  @Test func theMonthsCountFromTheNewestCommitNotFromToday() {
    var rule = LeaveAloneRule()
    rule.unchangedMonths = 21
    #expect(Self.disposition(Self.apply(rule, history: Self.history(syncMonthsAgo: 20)), "s1") == .migrate)
    rule.unchangedMonths = 20
    #expect(Self.disposition(Self.apply(rule, history: Self.history(syncMonthsAgo: 20)), "s1") == .leaveAlone)
  }

  @Test func aFindingsUnitOverridesItsSymbol() {
    var findings = Self.findings()
    // A view's `@StateObject var model: Cache` belongs to `Cache`'s step, which a test names.
    findings[3].unit = "Cache"
    LeaveAloneRule().apply(to: &findings, modules: Self.modules, files: Self.files, history: .unavailable("x"))
    #expect(findings[2].disposition == .leaveAlone)
    #expect(findings[3].disposition == .migrate)
  }

  /// The views that hold a model are in its step, but their files are not its code: a 120-line
  /// `Small` held by a 900-line screen is small, whatever the screen's size (a 93-line model
  /// was "≥ 400 lines (540)" through the files of its use sites).
  @Test func theFilesOfAModelsViewsAreNotItsSize() {
    var findings = Self.findings()
    var use = Self.finding("v1", symbol: "CacheScreen.body", file: "Sources/App/Cache.swift", category: .observableUse)
    use.unit = "Small"
    findings.append(use)
    findings.sort(by: Finding.reportOrder)
    LeaveAloneRule().apply(to: &findings, modules: Self.modules, files: Self.files, history: .unavailable("x"))
    #expect(Self.disposition(findings, "m2") == .migrate)
    #expect(Self.disposition(findings, "v1") == .migrate)
  }

  /// The rule's units are the plan's (`WorkUnitKey`): a nested type is a unit of its own, not
  /// rolled up into its outer type. `Feed`'s kept pipelines make it complex; `Feed.Loader`, in
  /// the same 500-line file, holds no operator: it is migrated, and each left-alone unit is
  /// exactly one step of the plan's Leave-alone section.
  @Test func aNestedTypeIsItsOwnUnitAndALeftAloneUnitIsExactlyAStep() throws {
    let file = "Sources/App/Feed.swift"
    var findings = [
      Self.pipeline("f1", symbol: "Feed.start", keeps: "combineLatest, debounce, share", file: file),
      Self.finding("f2", symbol: "Feed", file: file),
      Self.finding("f3", symbol: "Feed.items", file: file),
      Self.finding("l1", symbol: "Feed.Loader", file: file),
      Self.finding("l2", symbol: "Feed.Loader.state", file: file),
    ]
    let files = [LeaveAloneRule.File(path: file, module: "App", lines: 500, types: ["Feed"], references: [])]
    let units = LeaveAloneRule().apply(
      to: &findings, modules: Self.modules, files: files, treeTypes: ["Feed"], history: .unavailable("x"))
    #expect(findings.map(\.disposition) == [.keep, .leaveAlone, .leaveAlone, .migrate, .migrate])
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules, treeTypes: ["Feed"])
    // The scanner hands the rule's grouping to the plan instead of grouping again: the same plan.
    #expect(PlanBuilder().build(findings: findings, modules: Self.modules, treeTypes: ["Feed"], units: units) == plan)
    let alone = try #require(plan.phases.first { $0.id == .leaveAlone })
    #expect(alone.steps.map(\.findings) == [["f2", "f3"]])
    #expect(alone.steps.map(\.unit) == ["Feed"])
    let steps = plan.phases.filter { $0.id != .leaveAlone }.flatMap(\.steps)
    #expect(steps.contains { $0.unit == "Feed.Loader" && $0.findings == ["l1", "l2"] })
    #expect(!steps.contains { $0.unit == "Feed" && $0.kind == .type }, "no unit is split across the two")
  }

  @Test func historyOutputParses() throws {
    let output = Array("\0C1717200000\0\nSources/A.swift\0Sources/B.swift\0\0C1700000000\0\nSources/A.swift\0".utf8)
    let history = try #require(GitHistory.parse(output, complete: true))
    #expect(history.newest == 1_717_200_000 && history.oldest == 1_700_000_000)
    #expect(history.files["Sources/A.swift"] == .init(lastChange: 1_717_200_000, commits: [0, 1]))
    #expect(history.files["Sources/B.swift"]?.commits == [0])
    let cut = try #require(GitHistory.parse(output, complete: false))
    #expect(cut.commitCount == 1 && cut.truncated)
    #expect(GitHistory.parse(Array("garbage".utf8), complete: true) == nil)
  }
}
