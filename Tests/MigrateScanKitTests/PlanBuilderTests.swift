import MigrateScanKit
import ScanModel
import Testing

/// The order of work: leaves first inside every phase, and blocked steps say by what.
@Suite struct PlanBuilderTests {
  static func finding(
    _ id: String, module: String, file: String, line: Int = 1, category: CategoryID = .oneShotFuture,
    disposition: Disposition = .migrate, phase: Phase? = .oneShot, blockedBy: [String] = [], symbol: String? = nil,
    reasons: [String] = []
  ) -> Finding {
    Finding(
      fingerprint: id, ruleID: category.rawValue, category: category, severity: .note, disposition: disposition,
      phase: phase, module: module, file: file,
      range: SourceRange(start: SourceLocation(line: line, column: 1), end: SourceLocation(line: line + 2, column: 1)),
      symbol: symbol, message: "m", help: "h", reasons: reasons, blockedBy: blockedBy)
  }

  static let modules = [
    ModuleInfo(name: "Networking", path: "Sources/Networking", wave: 0, dependsOn: [], tested: true, lines: 100),
    ModuleInfo(name: "Storage", path: "Sources/Storage", wave: 0, dependsOn: [], tested: true, lines: 100),
    ModuleInfo(
      name: "Repository", path: "Sources/Repository", wave: 1, dependsOn: ["Networking", "Storage"], tested: true,
      lines: 100),
    ModuleInfo(name: "Feed", path: "Sources/Feed", wave: 2, dependsOn: ["Repository"], tested: false, lines: 5_000),
  ]

  /// Steps are drafted, sorted and filled on several threads: the plan is the same for every
  /// thread count, also past the sizes where the work is split (256 units, 512 steps).
  @Test func thePlanIsTheSameForEveryThreadCount() {
    let kinds: [(CategoryID, Disposition, Phase?)] = [
      (.oneShotFuture, .migrate, .oneShot), (.publishedProperty, .migrate, .viewModels),
      (.subject, .migrate, .viewModels), (.operatorPipeline, .keep, nil), (.futureTaskWrapper, .fixNow, nil),
    ]
    var findings: [Finding] = []
    for index in 0..<3_000 {
      let module = Self.modules[index % Self.modules.count]
      let kind = kinds[index % kinds.count]
      findings.append(
        Self.finding(
          "f\(index)", module: module.name, file: "\(module.path)/F\(index / 6).swift", line: 1 + index % 40,
          category: kind.0, disposition: kind.1, phase: kind.2, symbol: "Type\(index / 3).member\(index % 3)"))
    }
    findings.sort(by: Finding.reportOrder)
    let one = PlanBuilder().build(findings: findings, modules: Self.modules, jobs: 1)
    #expect(one.phases.map(\.steps.count).reduce(0, +) > 1_000)
    for jobs in [2, 3, 8] {
      #expect(PlanBuilder().build(findings: findings, modules: Self.modules, jobs: jobs) == one)
    }
  }

  @Test func stepsGoLeavesFirstAndSayWhatBlocksThem() {
    let findings = [
      Self.finding("f1", module: "Feed", file: "Sources/Feed/A.swift"),
      Self.finding("r1", module: "Repository", file: "Sources/Repository/R.swift"),
      Self.finding("s1", module: "Storage", file: "Sources/Storage/S.swift"),
      Self.finding("n1", module: "Networking", file: "Sources/Networking/N.swift"),
    ]
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
    let oneShot = plan.phases.first { $0.id == .oneShot }!
    let work = oneShot.steps.filter { $0.kind != .strictConcurrency }
    #expect(work.map(\.module) == ["Networking", "Storage", "Repository", "Feed"])
    #expect(work.map(\.wave) == [0, 0, 1, 2])
    // Each module ends with its switch to strict concurrency, right after its own work.
    #expect(
      oneShot.steps.map(\.id).prefix(4) == [
        "one-shot/Networking/file/Sources/Networking/N.swift", "strict-concurrency/Networking",
        "one-shot/Storage/file/Sources/Storage/S.swift", "strict-concurrency/Storage",
      ])
    let repository = work[2]
    #expect(repository.blockedBy.count == 2)
    #expect(
      repository.blockedBy[0]
        == "after `Networking` is done and checks complete concurrency (`Repository` depends on it)")
    #expect(repository.blockedBySteps == ["strict-concurrency/Networking", "strict-concurrency/Storage"])
    #expect(oneShot.steps[0].blockedBy.isEmpty)
    #expect(repository.size == StepSize(findings: 1, lines: 3))
    #expect(plan.phases.map(\.id) == PlanSectionID.allCases)
  }

  /// A test module sits in the wave of the module it tests; one that also depends on a module of
  /// a later wave (its mocks) comes after that module is done, never before the step it waits for.
  @Test func aTestModuleComesAfterEveryModuleItDependsOn() throws {
    var tests = ModuleInfo(
      name: "AppTests", path: "Tests/AppTests", wave: 0, dependsOn: ["App", "AppMocks"], tested: false,
      isTest: true)
    tests.testOf = "App"
    let modules = [
      ModuleInfo(name: "App", path: "Sources/App", wave: 0, dependsOn: [], tested: true),
      tests,
      ModuleInfo(name: "AppMocks", path: "Sources/AppMocks", wave: 1, dependsOn: ["App"], tested: false),
    ]
    let findings = [
      Self.finding("a1", module: "App", file: "Sources/App/A.swift"),
      Self.finding("m1", module: "AppMocks", file: "Sources/AppMocks/M.swift"),
      Self.finding("t1", module: "AppTests", file: "Tests/AppTests/T.swift"),
    ]
    let plan = PlanBuilder().build(findings: findings, modules: modules)
    let ids = try #require(plan.phases.first { $0.id == .oneShot }).steps.map(\.id)
    let test = try #require(ids.firstIndex(of: "one-shot/AppTests/file/Tests/AppTests/T.swift"))
    let mocksDone = try #require(ids.firstIndex(of: "strict-concurrency/AppMocks"))
    #expect(mocksDone < test, "\(ids)")
    for (index, step) in plan.phases.flatMap(\.steps).enumerated() {
      for blocker in step.blockedBySteps {
        let position = plan.phases.flatMap(\.steps).firstIndex { $0.id == blocker }
        #expect(position.map { $0 < index } ?? true, "\(step.id) is listed before \(blocker)")
      }
    }
  }

  @Test func aDependencyWithNoWorkInThePhaseBlocksNothing() {
    let plan = PlanBuilder().build(
      findings: [Self.finding("f1", module: "Feed", file: "Sources/Feed/A.swift")], modules: Self.modules)
    #expect(plan.phases.first { $0.id == .oneShot }!.steps[0].blockedBy.isEmpty)
  }

  static func ids(_ plan: MigrationPlan, _ section: PlanSectionID) -> [String] {
    plan.phases.first { $0.id == section }!.steps.map(\.id)
  }

  @Test func suppressedFindingsAreNotPlanned() {
    var hidden = Self.finding("hidden", module: "Storage", file: "Sources/Storage/S.swift")
    hidden.suppression = "the SDK still needs a publisher"
    let findings = [Self.finding("n1", module: "Networking", file: "Sources/Networking/N.swift"), hidden]
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
    let steps = plan.phases.flatMap(\.steps).filter { $0.kind != .strictConcurrency }
    #expect(steps.map(\.module) == ["Networking"])
    #expect(steps.flatMap(\.findings) == ["n1"])
  }

  @Test func findingsGoToTheSectionOfTheirDisposition() {
    let findings = [
      Self.finding("k", module: "Feed", file: "F.swift", category: .operatorPipeline, disposition: .keep, phase: nil),
      Self.finding("x", module: "Feed", file: "F.swift", category: .silentFailure, disposition: .fixNow, phase: nil),
      Self.finding("p", module: "Feed", file: "F.swift", category: .bridgeHelper, phase: .prepare),
      Self.finding(
        "v", module: "Feed", file: "F.swift", category: .subject, phase: .viewModels, blockedBy: ["F.swift:9"]),
    ]
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
    func ids(_ section: PlanSectionID) -> [String] {
      plan.phases.first { $0.id == section }!.steps.flatMap(\.findings)
    }
    let viewModels = plan.phases.first { $0.id == .viewModels }!.steps
    #expect(ids(.keep) == ["k"])
    #expect(ids(.fixNow) == ["x"])
    #expect(ids(.prepare) == ["p"])
    #expect(ids(.viewModels) == ["v"])
    #expect(viewModels.map(\.kind) == [.file, .strictConcurrency])
  }

  /// A step's title names the stream its subjects' reasons name: an `AsyncThrowingStream` for a
  /// subject that can fail, and says both when a type has both kinds.
  @Test func aFailingSubjectsStepNamesAThrowingStream() {
    func title(_ reasons: [[String]]) -> String {
      let findings = reasons.enumerated().map { index, reasons in
        Self.finding(
          "s\(index)", module: "Feed", file: "Loader.swift", line: 10 * (index + 1), category: .subject,
          phase: .viewModels, symbol: "Loader.subject\(index)", reasons: reasons)
      }
      let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
      return plan.phases.first { $0.id == .viewModels }!.steps.first { $0.unit == "Loader" }?.title ?? ""
    }
    let throwing = [
      "one consumer: A.swift:3, so `AsyncThrowingStream.makeStream()` can replace it",
      "keep it single-consumer: an `AsyncThrowingStream` traps on a second consumer",
    ]
    let plain = [
      "one consumer: A.swift:4, so `AsyncStream.makeStream()` can replace it",
      "keep it single-consumer: an `AsyncStream` traps on a second consumer",
    ]
    #expect(title([throwing]).hasSuffix(": 1 subject becomes an `AsyncThrowingStream`"))
    #expect(title([plain]).hasSuffix(": 1 subject becomes an `AsyncStream`"))
    #expect(title([plain, plain]).hasSuffix(": 2 subjects become `AsyncStream`s"))
    #expect(title([throwing, plain]).hasSuffix(": 2 subjects become `AsyncStream`s or `AsyncThrowingStream`s"))
  }

  /// The module no longer decides: a large untested module's small units are migrated
  /// (`LeaveAloneRuleTests` holds the rule itself).
  @Test func aLargeUntestedModuleIsNotLeftAloneWhole() {
    var findings = [
      Self.finding("k", module: "Feed", file: "F.swift", category: .operatorPipeline, disposition: .keep, phase: nil),
      Self.finding("m", module: "Feed", file: "F.swift", line: 9),
    ]
    let files = [LeaveAloneRule.File(path: "F.swift", module: "Feed", lines: 40, types: [], references: [])]
    PlanBuilder().applyLeaveAlone(&findings, modules: Self.modules, files: files)
    #expect(findings.map(\.disposition) == [.keep, .migrate])
  }
}

/// Units of work: what goes into one step, its id, its size and its place in the module.
@Suite struct PlanUnitTests {
  typealias T = PlanBuilderTests
  static let shop = [ModuleInfo(name: "Shop", path: "Shop", wave: 0, dependsOn: [], tested: true, lines: 400)]

  static func extent(_ name: String, _ first: Int, _ last: Int, extension isExtension: Bool = false)
    -> PlanSourceFile.Extent
  {
    PlanSourceFile.Extent(name: name, isExtension: isExtension, firstLine: first, lastLine: last)
  }

  @Test func aTypeAndItsExtensionsAreOneStepSizedByTheirBodies() {
    var view = T.finding(
      "use", module: "UI", file: "UI/ProfileView.swift", line: 4, category: .publishedProperty, phase: .viewModels,
      symbol: "ProfileView")
    view.unit = "ProfileViewModel"
    let findings = [
      T.finding(
        "o", module: "Shop", file: "Shop/A.swift", line: 2, category: .observableObject, phase: .viewModels,
        symbol: "ProfileViewModel"),
      T.finding(
        "p", module: "Shop", file: "Shop/A.swift", line: 3, category: .publishedProperty, phase: .viewModels,
        symbol: "ProfileViewModel"),
      T.finding(
        "e", module: "Shop", file: "Shop/A+Load.swift", line: 5, category: .publishedProperty,
        phase: .viewModels, symbol: "ProfileViewModel.load"),
      T.finding(
        "b", module: "Shop", file: "Shop/Bridge.swift", line: 2, category: .bridgeHelper, phase: .prepare,
        symbol: "Publisher.firstValue"),
      T.finding(
        "t", module: "Shop", file: "Shop/main.swift", line: 1, category: .operatorPipeline,
        phase: .viewModels),
      view,
    ]
    let sources = [
      "Shop/A.swift": PlanSourceFile(extents: [Self.extent("ProfileViewModel", 1, 40)]),
      "Shop/A+Load.swift": PlanSourceFile(extents: [Self.extent("ProfileViewModel", 3, 12, extension: true)]),
    ]
    let modules = Self.shop + [ModuleInfo(name: "UI", path: "UI", wave: 1, dependsOn: ["Shop"], tested: true)]
    let plan = PlanBuilder().build(
      findings: findings, modules: modules, sources: sources, treeTypes: ["ProfileViewModel", "ProfileView"])
    let steps = plan.phases.first { $0.id == .viewModels }!.steps.filter { $0.kind != .strictConcurrency }
    let model = steps.first { $0.unit == "ProfileViewModel" }!
    #expect(model.id == "view-models/Shop/type/ProfileViewModel")
    #expect(model.findings == ["e", "o", "p", "use"], "the view's use site travels with the model, to its module")
    #expect(model.module == "Shop")
    #expect(model.size == StepSize(findings: 4, lines: 40 + 10 + 3), "both bodies, and the view's lines")
    #expect(model.title == "`ProfileViewModel` → `@Observable`: 2 properties, 1 view changes")
    #expect(steps.contains { $0.id == "view-models/Shop/file/Shop/main.swift" && $0.kind == .file })
    #expect(T.ids(plan, .prepare).contains("prepare/Shop/bridge/Publisher.firstValue"))
    let all = plan.phases.flatMap(\.steps).map(\.id)
    #expect(Set(all).count == all.count, "ids are unique")
  }

  @Test func leaveAloneStepsSayTheirUnitsRule() {
    let reason = "leave alone: 900 lines, untested, unchanged for 3 years"
    let findings = [
      T.finding(
        "a", module: "Shop", file: "Shop/Sync.swift", line: 3, disposition: .leaveAlone, phase: nil,
        symbol: "SyncEngine.run", reasons: ["kept operators", reason]),
      T.finding(
        "b", module: "Shop", file: "Shop/Sync.swift", line: 9, disposition: .leaveAlone, phase: nil,
        symbol: "SyncEngine.stop", reasons: [reason]),
      T.finding(
        "c", module: "Shop", file: "Shop/Other.swift", line: 9, disposition: .leaveAlone, phase: nil,
        symbol: "Other", reasons: ["leave alone: another rule"]),
    ]
    let steps = PlanBuilder().build(findings: findings, modules: Self.shop).phases.first { $0.id == .leaveAlone }!.steps
    #expect(steps.map(\.unit) == ["Other", "SyncEngine"])
    #expect(steps[1].leaveAloneReason == reason)
    #expect(steps[1].findings == ["a", "b"])
    #expect(steps[0].leaveAloneReason == "leave alone: another rule")
  }

  /// `Cart` and `Checkout` use each other; `Badge` uses `Cart`; `Client` uses nothing.
  static func cycleTree() -> (findings: [Finding], sources: [String: PlanSourceFile]) {
    let names = ["Badge": "B", "Cart": "Cart", "Checkout": "Cart", "Client": "Net"]
    let findings = names.keys.sorted().map { name in
      T.finding(name, module: "Shop", file: "Shop/\(names[name]!)/\(name).swift", line: 2, symbol: name + ".load")
    }
    let sources = [
      "Shop/B/Badge.swift": PlanSourceFile(references: ["Cart"]),
      "Shop/Cart/Cart.swift": PlanSourceFile(references: ["Checkout", "Client"]),
      "Shop/Cart/Checkout.swift": PlanSourceFile(references: ["Cart"]),
      "Shop/Net/Client.swift": PlanSourceFile(references: ["Foundation.URL"]),
    ]
    return (findings, sources)
  }

  @Test func insideAModuleLeavesComeFirstFolderByFolderAndACycleTogether() {
    let (findings, sources) = Self.cycleTree()
    let plan = PlanBuilder().build(findings: findings, modules: Self.shop, sources: sources)
    let steps = plan.phases.first { $0.id == .oneShot }!.steps
    // Net (nothing) first, then Cart (the cycle, which uses Net), then B (uses Cart).
    #expect(steps.map(\.unit) == ["Client", "Cart", "Checkout", "Badge", nil])
    #expect(steps.map(\.level) == [0, 1, 1, 2, 0])
    #expect(steps.map(\.folder).prefix(4) == ["Shop/Net", "Shop/Cart", "Shop/Cart", "Shop/B"])
    let cart = steps[1]
    #expect(cart.blockedBy.contains("in a cycle with `Checkout`: they use each other, so their steps go together"))
    #expect(cart.blockedBy.contains("after `Client` (Client.swift:2), which `Cart` uses"))
    #expect(cart.blockedBySteps == ["one-shot/Shop/type/Client"])
    #expect(!steps[2].blockedBySteps.contains(cart.id), "a cycle's members do not block each other")
    #expect(steps[3].blockedBySteps == ["one-shot/Shop/type/Cart"])
    #expect(steps[4].kind == .strictConcurrency)
  }

  @Test func theOrderDoesNotDependOnTheOrderOfTheInput() {
    let (findings, sources) = Self.cycleTree()
    let forward = PlanBuilder().build(findings: findings, modules: Self.shop, sources: sources)
    let backward = PlanBuilder().build(findings: findings.reversed(), modules: Self.shop, sources: sources)
    #expect(forward == backward)
  }

  @Test func aPipelineElsewhereReadingAPropertyBlocksItsModelInWords() {
    let findings = [
      T.finding(
        "q", module: "Shop", file: "Shop/Store.swift", line: 3, category: .publishedProperty,
        phase: .viewModels, symbol: "Store",
        reasons: ["blocked: `$query` feeds a pipeline at Shop/Search.swift:40 (`$query`); rewrite that pipeline first"]),
      T.finding(
        "s", module: "Shop", file: "Shop/Search.swift", line: 39, category: .operatorPipeline,
        disposition: .keep, phase: nil, symbol: "SearchPipeline.init"),
    ]
    let steps = PlanBuilder().build(findings: findings, modules: Self.shop).phases.first { $0.id == .viewModels }!
      .steps
    #expect(steps[0].blockedBy == ["after `SearchPipeline` (Search.swift:40) stops reading `$query`"])
    #expect(steps[0].blockedBySteps == ["keep/Shop"])
  }

  @Test func theStrictConcurrencyStepIsSkippedWhereCheckingIsCompleteAndWaitsForDependencies() {
    var core = ModuleInfo(name: "Core", path: "Core", wave: 0, dependsOn: [], tested: true)
    core.language = LanguageSettings(languageMode: "6")
    let legacy = ModuleInfo(name: "Legacy", path: "Legacy", wave: 0, dependsOn: [], tested: true)
    let app = ModuleInfo(name: "App", path: "App", wave: 1, dependsOn: ["Core", "Legacy"], tested: true)
    let findings = [
      T.finding("c", module: "Core", file: "Core/C.swift", symbol: "C.load"),
      T.finding(
        "l", module: "Legacy", file: "Legacy/L.swift", category: .observableObject, phase: .viewModels,
        symbol: "L"),
      T.finding("a", module: "App", file: "App/A.swift", symbol: "A.load"),
    ]
    let plan = PlanBuilder().build(findings: findings, modules: [core, legacy, app])
    let all = plan.phases.flatMap(\.steps).filter { $0.kind == .strictConcurrency }
    #expect(all.map(\.id) == ["strict-concurrency/Legacy", "strict-concurrency/App"], "Core is in Swift 6 mode")
    // Legacy's last work is in Phase 3, and App cannot switch before Legacy has.
    #expect(
      T.ids(plan, .viewModels) == ["view-models/Legacy/type/L", "strict-concurrency/Legacy", "strict-concurrency/App"])
    let appStep = all[1]
    #expect(appStep.blockedBySteps == ["one-shot/App/type/A", "strict-concurrency/Legacy"])
    #expect(appStep.title.hasPrefix("Enable complete strict concurrency (or Swift 6 language mode) in `App`"))
  }

  /// `count` types in one module, each using the next and a hub that uses them all back (the
  /// `AppState` shape), each with a view model, two properties and a pipeline reading the next's.
  static func hubTree(_ count: Int) -> (findings: [Finding], sources: [String: PlanSourceFile]) {
    var findings: [Finding] = []
    var sources: [String: PlanSourceFile] = [:]
    for index in 0..<count {
      let name = "Model\(index)"
      let file = "Shop/F\(index % 10)/\(name).swift"
      let next = "Model\((index + 1) % count)"
      findings.append(
        T.finding(
          "\(name).o", module: "Shop", file: file, line: 1, category: .observableObject, phase: .viewModels,
          symbol: name))
      findings.append(
        T.finding(
          "\(name).p", module: "Shop", file: file, line: 2, category: .publishedProperty, phase: .viewModels,
          symbol: name,
          reasons: ["blocked: `$value` feeds a pipeline at Shop/F\((index + 1) % count % 10)/\(next).swift:5 (`x`)"]))
      findings.append(
        T.finding(
          "\(name).s", module: "Shop", file: file, line: 5, category: .operatorPipeline, phase: .viewModels,
          symbol: name + ".init"))
      sources[file] = PlanSourceFile(extents: [Self.extent(name, 1, 30)], references: [next, "Hub"])
    }
    findings.append(
      T.finding(
        "hub", module: "Shop", file: "Shop/Hub.swift", category: .observableObject, phase: .viewModels,
        symbol: "Hub"))
    sources["Shop/Hub.swift"] = PlanSourceFile(references: (0..<count).map { "Model\($0)" }.sorted())
    return (findings.sorted { Finding.reportOrder($0, $1) }, sources)
  }

  /// The plan's work as what it writes: steps, blockers and ids. Quadratic blockers (every
  /// member of a cycle naming every other) showed here first.
  static func planWork(_ count: Int) -> Int {
    let (findings, sources) = hubTree(count)
    let plan = PlanBuilder().build(findings: findings, modules: shop, sources: sources)
    return plan.phases.flatMap(\.steps).reduce(0) { total, step in
      total + 1 + step.blockedBy.reduce(0) { $0 + $1.utf8.count } + step.blockedBySteps.count + step.title.utf8.count
    }
  }

  @Test func doubleTheFindingsAtMostDoubleThePlan() {
    let small = Self.planWork(400)
    let large = Self.planWork(800)
    #expect(large <= small * 21 / 10, "small \(small), large \(large)")
  }
}

/// The files at the root that no target or folder claims are no module to switch on.
@Suite struct RootFolderStrictStepTests {
  @Test func rootFilesWithoutWorkGetNoStrictStepButAFolderModuleDoes() {
    var root = ModuleInfo(name: "(root)", path: "", wave: 0, dependsOn: [], tested: false, lines: 52)
    root.origin = "folder"
    var tools = ModuleInfo(name: "Tools", path: "Tools", wave: 0, dependsOn: [], tested: false, lines: 40)
    tools.origin = "folder"
    let app = ModuleInfo(name: "App", path: "App", wave: 0, dependsOn: [], tested: false, lines: 100)
    let findings = [PlanBuilderTests.finding("a1", module: "App", file: "App/A.swift")]
    let plan = PlanBuilder().build(findings: findings, modules: [root, tools, app])
    let strict = plan.phases.flatMap(\.steps).filter { $0.kind == .strictConcurrency }.map(\.module)
    #expect(strict.contains("App"))
    #expect(strict.contains("Tools"))
    #expect(!strict.contains("(root)"))
    // With Combine work of its own, the root's files are switched on like any module.
    let rootWork = [PlanBuilderTests.finding("r1", module: "(root)", file: "main.swift")]
    let withWork = PlanBuilder().build(findings: rootWork, modules: [root, app])
    #expect(withWork.phases.flatMap(\.steps).contains { $0.kind == .strictConcurrency && $0.module == "(root)" })
  }
}
