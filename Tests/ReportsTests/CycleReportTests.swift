import Reports
import ScanModel
import Testing

/// A dependency cycle is reported once, with an id its modules refer to: when every member
/// listed the whole cycle, a 5,000-module cycle made a 420 MB JSON report. Held to shape, not
/// time: doubling the cycle at most doubles the report, plus a little.
@Suite struct CycleReportTests {
  /// `count` modules in one cycle (each depends on the next), each with one plan step.
  static func cycleReport(_ count: Int) -> ScanReport {
    let names = (0..<count).map { "Module\($0)" }.sorted()
    let modules = names.indices.map { index in
      ModuleInfo(
        name: names[index], path: "Sources/\(names[index])", wave: 0, dependsOn: [names[(index + 1) % count]],
        tested: false, cycle: names, files: 1, lines: 10)
    }
    let steps = names.map { name in
      PlanStep(wave: 0, module: name, files: [], findings: [], size: StepSize(findings: 0, lines: 10), blockedBy: [])
    }
    return ScanReport(
      tool: ToolInfo(version: "1"), root: ".",
      summary: ScanSummary(files: count, lines: 10 * count, bytes: 0, findings: 0, byCategory: [], byDisposition: []),
      modules: modules, findings: [],
      plan: MigrationPlan(phases: [PlanPhase(id: .oneShot, title: "One-shot", steps: steps)]), rules: [])
  }

  @Test(arguments: [ReportFormat.json, .markdown])
  func reportGrowsLinearlyWithTheCycle(_ format: ReportFormat) {
    let small = ReportWriter.render(Self.cycleReport(500), format: format, options: RenderOptions()).utf8.count
    let large = ReportWriter.render(Self.cycleReport(1_000), format: format, options: RenderOptions()).utf8.count
    #expect(large <= 2 * small + 2_000, "small \(small), large \(large)")
  }

  @Test func jsonListsTheCycleOnceAndModulesReferToIt() {
    let json = ReportWriter.render(Self.cycleReport(3), format: .json, options: RenderOptions())
    #expect(json.components(separatedBy: "\"cycle\": \"cycle-1\"").count == 4)
    #expect(json.contains("\"cycles\": [\n    {\n      \"id\": \"cycle-1\",\n      \"members\": [\n"))
  }

  @Test func markdownNamesSmallCyclesAndCountsLargeOnes() {
    let small = ReportWriter.render(Self.cycleReport(3), format: .markdown, options: RenderOptions())
    #expect(small.contains("\nIn a cycle with Module1, Module2: move them together."))
    let large = ReportWriter.render(Self.cycleReport(20), format: .markdown, options: RenderOptions())
    #expect(large.contains("\nIn cycle-1 with 19 other modules (listed under Modules): move them together."))
    #expect(large.contains("- cycle-1: Module0 ⇄ Module1 ⇄ "))
  }

  @Test func cyclesAreFoundOnceEachInModuleOrder() {
    let modules = [
      ModuleInfo(name: "A", path: "A", wave: 0, dependsOn: [], tested: false, cycle: ["A", "C"]),
      ModuleInfo(name: "B", path: "B", wave: 0, dependsOn: [], tested: false, cycle: ["B", "D"]),
      ModuleInfo(name: "C", path: "C", wave: 0, dependsOn: [], tested: false, cycle: ["A", "C"]),
      ModuleInfo(name: "D", path: "D", wave: 0, dependsOn: [], tested: false, cycle: ["B", "D"]),
      ModuleInfo(name: "E", path: "E", wave: 0, dependsOn: [], tested: false),
    ]
    let cycles = ReportCycles(modules)
    #expect(cycles.cycles.map(\.id) == ["cycle-1", "cycle-2"])
    #expect(cycles.cycle(of: "C")?.members == ["A", "C"])
    #expect(cycles.cycle(of: "D")?.id == "cycle-2")
    #expect(cycles.cycle(of: "E") == nil)
  }
}
