import MigrateScanKit
import ScanModel
import Testing

/// The order of work: leaves first inside every phase, and blocked steps say by what.
@Suite struct PlanBuilderTests {
  static func finding(
    _ id: String, module: String, file: String, line: Int = 1, category: CategoryID = .oneShotFuture,
    disposition: Disposition = .migrate, phase: Phase? = .oneShot, blockedBy: [String] = []
  ) -> Finding {
    Finding(
      fingerprint: id, ruleID: category.rawValue, category: category, severity: .note, disposition: disposition,
      phase: phase, module: module, file: file,
      range: SourceRange(start: SourceLocation(line: line, column: 1), end: SourceLocation(line: line + 2, column: 1)),
      message: "m", help: "h", blockedBy: blockedBy)
  }

  static let modules = [
    ModuleInfo(name: "Networking", path: "Sources/Networking", wave: 0, dependsOn: [], tested: true, lines: 100),
    ModuleInfo(name: "Storage", path: "Sources/Storage", wave: 0, dependsOn: [], tested: true, lines: 100),
    ModuleInfo(
      name: "Repository", path: "Sources/Repository", wave: 1, dependsOn: ["Networking", "Storage"], tested: true,
      lines: 100),
    ModuleInfo(name: "Feed", path: "Sources/Feed", wave: 2, dependsOn: ["Repository"], tested: false, lines: 5_000),
  ]

  @Test func stepsGoLeavesFirstAndSayWhatBlocksThem() {
    let findings = [
      Self.finding("f1", module: "Feed", file: "Sources/Feed/A.swift"),
      Self.finding("r1", module: "Repository", file: "Sources/Repository/R.swift"),
      Self.finding("s1", module: "Storage", file: "Sources/Storage/S.swift"),
      Self.finding("n1", module: "Networking", file: "Sources/Networking/N.swift"),
    ]
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
    let oneShot = plan.phases.first { $0.id == .oneShot }!
    #expect(oneShot.steps.map(\.module) == ["Networking", "Storage", "Repository", "Feed"])
    #expect(oneShot.steps.map(\.wave) == [0, 0, 1, 2])
    let repository = oneShot.steps[2]
    #expect(repository.blockedBy.count == 2)
    #expect(repository.blockedBy[0].hasPrefix("Networking: its one-shot step comes first"))
    #expect(oneShot.steps[0].blockedBy.isEmpty)
    #expect(repository.size == StepSize(findings: 1, lines: 3))
    #expect(plan.phases.map(\.id) == PlanSectionID.allCases)
  }

  @Test func aDependencyWithNoWorkInThePhaseBlocksNothing() {
    let plan = PlanBuilder().build(
      findings: [Self.finding("f1", module: "Feed", file: "Sources/Feed/A.swift")], modules: Self.modules)
    #expect(plan.phases.first { $0.id == .oneShot }!.steps[0].blockedBy.isEmpty)
  }

  @Test func suppressedFindingsAreNotPlanned() {
    var hidden = Self.finding("hidden", module: "Storage", file: "Sources/Storage/S.swift")
    hidden.suppression = "the SDK still needs a publisher"
    let findings = [Self.finding("n1", module: "Networking", file: "Sources/Networking/N.swift"), hidden]
    let plan = PlanBuilder().build(findings: findings, modules: Self.modules)
    let steps = plan.phases.flatMap(\.steps)
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
    #expect(ids(.keep) == ["k"])
    #expect(ids(.fixNow) == ["x"])
    #expect(ids(.prepare) == ["p"])
    #expect(ids(.viewModels) == ["v"])
    #expect(plan.phases.first { $0.id == .viewModels }!.steps[0].blockedBy == ["F.swift:9"])
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

  @Test func aLargeModuleShareIsSplitIntoFileSteps() {
    var builder = PlanBuilder()
    builder.largeStepFindings = 2
    let findings = (0..<3).map { Self.finding("n\($0)", module: "Networking", file: "Sources/Networking/F\($0).swift") }
    // F2 depends on nothing inside the module, F0 and F1 on it: F2's step comes first.
    let waves = ["Sources/Networking/F0.swift": 1, "Sources/Networking/F1.swift": 1, "Sources/Networking/F2.swift": 0]
    let steps = builder.build(findings: findings, modules: Self.modules, fileWaves: waves).phases
      .first { $0.id == .oneShot }!.steps
    #expect(
      steps.map(\.files) == [
        ["Sources/Networking/F2.swift"], ["Sources/Networking/F0.swift"], ["Sources/Networking/F1.swift"],
      ])
  }
}
