import MigrateScanTestSupport
import ScanModel

/// Hand-built reports for the golden tests, as SwiftLint's `ReporterTests` build theirs: the
/// Reports module must not need a scanner to be tested.
///
/// The full sample holds what the writers must get right: a dependency cycle (Feature ⇄
/// Settings), a test target, every disposition, fix-now pitfalls, blocked findings and steps, a
/// suppressed finding, a path with a space and non-ASCII letters (byte and scalar columns
/// differ), and a message with `|`, `<`, `>`, backticks, quotes, brackets and a newline.
enum SampleReports {
  static let tool = ToolInfo(version: Golden.versionPlaceholder)

  /// A report with no findings and no modules.
  static let empty = ScanReport(
    tool: tool, root: ".",
    summary: ScanSummary(files: 0, lines: 0, bytes: 0, findings: 0, byCategory: [], byDisposition: []),
    modules: [], findings: [], plan: MigrationPlan(), rules: [])

  static let full = ScanReport(
    tool: tool, root: ".", summary: summary, modules: modules, findings: findings, plan: plan, rules: rules)

  // MARK: - Pieces of the full sample

  static let summary = ScanSummary(
    files: 29, lines: 4080, bytes: 151_234, findings: 12,
    byCategory: [
      NamedCount(name: "bridge-helper", count: 1), NamedCount(name: "continuation-misuse", count: 1),
      NamedCount(name: "future-task-wrapper", count: 1), NamedCount(name: "observable-object", count: 2),
      NamedCount(name: "one-shot-future", count: 1), NamedCount(name: "operator-pipeline", count: 1),
      NamedCount(name: "published-property", count: 1), NamedCount(name: "queue-guarded-state", count: 1),
      NamedCount(name: "silent-failure", count: 1), NamedCount(name: "subject", count: 1),
      NamedCount(name: "values-bridge", count: 1),
    ],
    byDisposition: [
      NamedCount(name: "fix-now", count: 3), NamedCount(name: "keep", count: 2),
      NamedCount(name: "leave-alone", count: 1), NamedCount(name: "migrate", count: 6),
    ],
    skipped: [
      SkippedFile(path: "Sources/Generated/Big|Table.swift", reason: "larger than 1 MiB"),
      SkippedFile(path: "Sources/Legacy/Broken.swift", reason: "not valid UTF-8"),
    ],
    suppressed: 1)

  static let modules = [
    ModuleInfo(
      name: "Feature", path: "Sources/Feature", wave: 2, dependsOn: ["Settings", "Store"], tested: false,
      cycle: ["Feature", "Settings"], files: 5, lines: 640),
    ModuleInfo(
      name: "Legacy Views", path: "Legacy Views", wave: 3, dependsOn: ["Feature"], tested: false, files: 12,
      lines: 2210),
    ModuleInfo(
      name: "Networking", path: "Sources/Networking", wave: 0, dependsOn: [], tested: true, files: 4, lines: 380),
    ModuleInfo(
      name: "NetworkingTests", path: "Tests/NetworkingTests", wave: 1, dependsOn: ["Networking"], tested: false,
      isTest: true, files: 2, lines: 150),
    ModuleInfo(
      name: "Settings", path: "Sources/Settings", wave: 2, dependsOn: ["Feature", "Store"], tested: false,
      cycle: ["Feature", "Settings"], files: 3, lines: 290),
    ModuleInfo(
      name: "Store", path: "Sources/Store", wave: 1, dependsOn: ["Networking"], tested: true, files: 3, lines: 410),
  ]

  static let legacyScreen = "Legacy Views/Ünïcode Screen.swift"
  static let featureViewModel = "Sources/Feature/FeatureViewModel.swift"
  static let apiClient = "Sources/Networking/APIClient.swift"

  static let findings = [
    Finding(
      fingerprint: "observable-object:\(legacyScreen):ÜnïcodeScreenModel:0", ruleID: "observable-object",
      category: .observableObject, severity: .warning, disposition: .leaveAlone, phase: nil, module: "Legacy Views",
      file: legacyScreen, range: range(14, 36, 52, scalars: 33, 49), symbol: "ÜnïcodeScreenModel",
      message: "`ÜnïcodeScreenModel` conforms to `ObservableObject`",
      help: "Move it to `@Observable` when this file next has to change.",
      reasons: ["module has no tests and 2210 lines"]),
    Finding(
      fingerprint: "observable-object:\(featureViewModel):FeatureViewModel:0", ruleID: "observable-object",
      category: .observableObject, severity: .warning, disposition: .migrate, phase: .viewModels, module: "Feature",
      file: featureViewModel, range: range(8, 31, 47), symbol: "FeatureViewModel",
      message: "`FeatureViewModel` conforms to `ObservableObject`",
      help: "Replace `ObservableObject` with `@Observable` and drop `@Published`."),
    Finding(
      fingerprint: "published-property:\(featureViewModel):FeatureViewModel.query:0", ruleID: "published-property",
      category: .publishedProperty, severity: .warning, disposition: .migrate, phase: .viewModels, module: "Feature",
      file: featureViewModel, range: range(12, 3, 13), symbol: "FeatureViewModel.query",
      message: "`@Published` property `query`", help: "Becomes a plain stored property of the `@Observable` type.",
      reasons: ["`$query` feeds a `debounce` pipeline at line 31"], blockedBy: ["\(featureViewModel):31"]),
    Finding(
      fingerprint: "operator-pipeline:\(featureViewModel):FeatureViewModel.init:0", ruleID: "operator-pipeline",
      category: .operatorPipeline, severity: .note, disposition: .keep, phase: nil, module: "Feature",
      file: featureViewModel, range: range(31, 5, 32), symbol: "FeatureViewModel.init",
      message: "`$query` pipeline with time-based operators",
      help: "Keep it on Combine; bridge with `.values` where async code needs it.",
      reasons: ["uses `debounce`", "uses `removeDuplicates`"]),
    Finding(
      fingerprint: "silent-failure-sink:\(featureViewModel):FeatureViewModel.bind:0", ruleID: "silent-failure-sink",
      category: .silentFailure, severity: .warning, disposition: .fixNow, phase: nil, module: "Feature",
      file: featureViewModel, range: range(40, 7, 41), symbol: "FeatureViewModel.bind",
      message: "failure thrown away by `receiveCompletion: { _ in }` on a long-lived source",
      help: "Handle `.failure`: log it and recover, or the feature stops after the first error.",
      reasons: ["the source is `NotificationCenter`, which never finishes"]),
    Finding(
      fingerprint: "future-task-wrapper:\(apiClient):APIClient.fetch:0", ruleID: "future-task-wrapper",
      category: .futureTaskWrapper, severity: .warning, disposition: .migrate, phase: .oneShot, module: "Networking",
      file: apiClient, range: range(22, 9, 15), symbol: "APIClient.fetch",
      message: "`Future` whose closure starts a `Task`",
      help: "Make the operation `async` and call it with `try await`.",
      reasons: ["cancelling the publisher does not cancel the `Task`"]),
    Finding(
      fingerprint: "continuation-never-resumed:\(apiClient):APIClient.load:0", ruleID: "continuation-never-resumed",
      category: .continuationMisuse, severity: .error, disposition: .fixNow, phase: nil, module: "Networking",
      file: apiClient, range: range(57, 5, 35),
      symbol: "APIClient.load",
      message:
        "continuation `cont` is never resumed when `result` is `.failure(<Error>)` | \"timeout\" [retry]\n"
        + "then *waits* <b>for ever</b> \\ `unclosed",
      help: "Resume exactly once on every path, `.failure` included.",
      reasons: ["`if case .failure` has no `else` branch"]),
    Finding(
      fingerprint: "bridge-helper:Sources/Networking/Publisher+Async.swift:Publisher.firstValue:0",
      ruleID: "bridge-helper", category: .bridgeHelper, severity: .note, disposition: .migrate, phase: .prepare,
      module: "Networking", file: "Sources/Networking/Publisher+Async.swift", range: range(3, 1, 10),
      symbol: "Publisher.firstValue", message: "bridge helper `firstValue`",
      help: "Keep bridges in one file; remove them once nothing uses them."),
    Finding(
      fingerprint: "subject:Sources/Settings/SettingsStore.swift:SettingsStore.changes:0", ruleID: "subject",
      category: .subject, severity: .warning, disposition: .migrate, phase: .viewModels, module: "Settings",
      file: "Sources/Settings/SettingsStore.swift", range: range(9, 24, 42), symbol: "SettingsStore.changes",
      message: "`PassthroughSubject` with one subscriber", help: "Replace it with `AsyncStream.makeStream()`."),
    Finding(
      fingerprint: "queue-guarded-state:Sources/Settings/SettingsStore.swift:SettingsStore:0",
      ruleID: "queue-guarded-state", category: .queueGuardedState, severity: .note, disposition: .fixNow, phase: nil,
      module: "Settings", file: "Sources/Settings/SettingsStore.swift", range: range(15, 3, 40),
      symbol: "SettingsStore", message: "stored properties guarded by `queue.sync`: an `actor` candidate",
      help: "Make `SettingsStore` an `actor` so the compiler checks the rule the comment states."),
    Finding(
      fingerprint: "one-shot-future:Sources/Store/Store.swift:Store.refresh:0", ruleID: "one-shot-future",
      category: .oneShotFuture, severity: .warning, disposition: .migrate, phase: .oneShot, module: "Store",
      file: "Sources/Store/Store.swift", range: range(18, 12, 18), symbol: "Store.refresh",
      message: "`Future` that wraps a completion handler", help: "Make `refresh` `async`.",
      blockedBy: ["\(apiClient):22"]),
    Finding(
      fingerprint: "one-shot-future:Sources/Store/Store.swift:Store.widgetSnapshot:0", ruleID: "one-shot-future",
      category: .oneShotFuture, severity: .warning, disposition: .migrate, phase: .oneShot, module: "Store",
      file: "Sources/Store/Store.swift", range: range(44, 12, 18), symbol: "Store.widgetSnapshot",
      message: "`Future` that wraps a completion handler", help: "Make `widgetSnapshot` `async`.",
      suppression: "legacy API kept for the widget extension"),
    Finding(
      fingerprint: "values-bridge:Tests/NetworkingTests/APIClientTests.swift:APIClientTests.testState:0",
      ruleID: "values-bridge", category: .valuesBridge, severity: .note, disposition: .keep, phase: nil,
      module: "NetworkingTests", file: "Tests/NetworkingTests/APIClientTests.swift", range: range(20, 15, 35),
      symbol: "APIClientTests.testState", message: "`for await` over `$state.values`",
      help: "Fine as a bridge; make sure the loop has a way to end.",
      reasons: ["`$state` never finishes: the loop ends only with its task"]),
  ]

  static let plan = MigrationPlan(
    phases: [
      PlanPhase(
        id: .fixNow, title: "Fix now",
        steps: [
          step(0, "Networking", [apiClient], [findings[6]], lines: 30),
          step(2, "Feature", [featureViewModel], [findings[4]], lines: 12),
          step(2, "Settings", ["Sources/Settings/SettingsStore.swift"], [findings[9]], lines: 40),
        ]),
      PlanPhase(
        id: .prepare, title: "Prepare: gather the bridges",
        steps: [step(0, "Networking", ["Sources/Networking/Publisher+Async.swift"], [findings[7]], lines: 24)]),
      PlanPhase(
        id: .oneShot, title: "One-shot operations",
        steps: [
          step(0, "Networking", [apiClient], [findings[5]], lines: 35),
          step(
            1, "Store", ["Sources/Store/Store.swift"], [findings[10]], lines: 20,
            blockedBy: ["Networking (wave 0): `APIClient.fetch` must be `async` first"]),
        ]),
      PlanPhase(
        id: .viewModels, title: "View models and subjects",
        steps: [
          step(
            2, "Feature", [featureViewModel], [findings[1], findings[2]], lines: 120,
            blockedBy: ["\(featureViewModel):31 — `$query` feeds a `debounce` pipeline"]),
          step(2, "Settings", ["Sources/Settings/SettingsStore.swift"], [findings[8]], lines: 40),
        ]),
      PlanPhase(id: .cleanup, title: "Clean-up", steps: []),
      PlanPhase(
        id: .keep, title: "Keep on Combine",
        steps: [
          step(1, "NetworkingTests", ["Tests/NetworkingTests/APIClientTests.swift"], [findings[12]], lines: 6),
          step(2, "Feature", [featureViewModel], [findings[3]], lines: 9),
        ]),
      PlanPhase(
        id: .leaveAlone, title: "Leave alone",
        steps: [step(3, "Legacy Views", [legacyScreen], [findings[0]], lines: 410)]
      ),
    ],
    notes: [
      "`@Observable` needs iOS 17 / macOS 14 but `Package.swift` targets iOS 16: gate the view-model steps with "
        + "`if #available`",
      "#1 manifest warning: the folder `Legacy Views` is not a target; it was scanned as a module of its own",
    ])

  static let rules = [
    rule("bridge-helper", .bridgeHelper, .note, "bridge helper", "Keep bridges in one file."),
    rule(
      "continuation-never-resumed", .continuationMisuse, .error, "continuation may never be resumed",
      "Resume exactly once on every path."),
    rule(
      "future-task-wrapper", .futureTaskWrapper, .warning, "`Future` whose closure starts a `Task`",
      "Make the operation `async` and call it with `try await`."),
    rule(
      "observable-object", .observableObject, .warning, "type conforms to `ObservableObject`",
      "Move it to `@Observable`."),
    rule("one-shot-future", .oneShotFuture, .warning, "single-value `Future`", "Make the operation `async`."),
    rule(
      "operator-pipeline", .operatorPipeline, .note, "publisher operator pipeline",
      "Keep time-based and combining pipelines on Combine."),
    rule(
      "published-property", .publishedProperty, .warning, "`@Published` property",
      "Becomes a plain property of an `@Observable` type."),
    rule(
      "queue-guarded-state", .queueGuardedState, .note, "state guarded by a private queue",
      "Make the type an `actor`."),
    rule(
      "silent-failure-sink", .silentFailure, .warning, "subscription that throws failures away",
      "Handle `.failure`."),
    rule(
      "subject", .subject, .warning, "`PassthroughSubject` or `CurrentValueSubject`", "One consumer: `AsyncStream`."),
    rule("values-bridge", .valuesBridge, .note, "publisher consumed with `.values`", "Make sure the loop can end."),
  ]

  // MARK: - Builders

  private static func range(
    _ line: Int, _ start: Int, _ end: Int, scalars scalarStart: Int? = nil, _ scalarEnd: Int? = nil
  ) -> SourceRange {
    SourceRange(
      start: SourceLocation(line: line, column: start, scalarColumn: scalarStart),
      end: SourceLocation(line: line, column: end, scalarColumn: scalarEnd))
  }

  private static func step(
    _ wave: Int, _ module: String, _ files: [String], _ findings: [Finding], lines: Int, blockedBy: [String] = []
  ) -> PlanStep {
    PlanStep(
      wave: wave, module: module, files: files, findings: findings.map(\.fingerprint),
      size: StepSize(findings: findings.count, lines: lines), blockedBy: blockedBy)
  }

  private static func rule(
    _ id: String, _ category: CategoryID, _ severity: Severity, _ message: String, _ help: String
  ) -> RuleInfo {
    RuleInfo(id: id, category: category, severity: severity, message: message, help: help)
  }
}

/// A plan made of units of work, as issue 17 has them: steps per type with titles, a module whose
/// steps live in two folders, a leave-alone step with its reason, blockers in words and as places.
enum SampleStepReports {
  static let feature = SampleReports.featureViewModel
  static let findings = SampleReports.findings

  static var report: ScanReport {
    var report = SampleReports.full
    report.guesses = [
      "Module `Legacy Views` is guessed from its folder: no Package.swift or Xcode project describes it."
    ]
    var observable = step(
      id: "view-models/Feature/FeatureViewModel", kind: .type, unit: "FeatureViewModel", folder: "Sources/Feature",
      title: "`FeatureViewModel` → `@Observable`: 1 property, 1 pipeline to rewrite first", wave: 2, module: "Feature",
      findings: [findings[1], findings[2]], lines: 64)
    // Blockers as the planner words them, as a finding's place, and as a fingerprint.
    observable.blockedBy = [
      "after `FeatureViewModel.init` (Sources/Feature/FeatureViewModel.swift:31) stops reading `$query`",
      "\(feature):31",
      findings[9].fingerprint,
    ]
    let settings = step(
      id: "view-models/Feature/SettingsStore.changes", kind: .subject, unit: "SettingsStore.changes",
      folder: "Sources/Settings", title: "`SettingsStore.changes` → `AsyncStream`: 1 consumer", wave: 2,
      module: "Feature", findings: [findings[8]], lines: 12)
    let strict = step(
      id: "view-models/Feature/strict-concurrency", kind: .strictConcurrency, unit: nil, folder: "Sources/Feature",
      title: "Enable complete strict concurrency in `Feature`, fix what the compiler reports, ship", wave: 2,
      module: "Feature", findings: [], lines: 0)
    var legacy = step(
      id: "leave-alone/Legacy Views/ÜnïcodeScreenModel", kind: .type, unit: "ÜnïcodeScreenModel",
      folder: "Legacy Views", title: "`ÜnïcodeScreenModel` → `@Observable`", wave: 3, module: "Legacy Views",
      findings: [findings[0]], lines: 410)
    legacy.leaveAloneReason =
      "410 lines, 9 operators, no test names `ÜnïcodeScreenModel`, unchanged for 3 years (rule: large-untested-stable)"
    for index in report.plan.phases.indices {
      switch report.plan.phases[index].id {
      case .viewModels: report.plan.phases[index].steps = [observable, settings, strict]
      case .leaveAlone: report.plan.phases[index].steps = [legacy]
      default: break
      }
    }
    return report
  }

  static func step(
    id: String, kind: StepKind, unit: String?, folder: String, title: String, wave: Int, module: String,
    findings: [Finding], lines: Int
  ) -> PlanStep {
    var step = PlanStep(
      wave: wave, module: module, files: Array(Set(findings.map(\.file))).sorted(),
      findings: findings.map(\.fingerprint), size: StepSize(findings: findings.count, lines: lines), blockedBy: [])
    step.id = id
    step.kind = kind
    step.unit = unit
    step.folder = folder
    step.title = title
    return step
  }
}
