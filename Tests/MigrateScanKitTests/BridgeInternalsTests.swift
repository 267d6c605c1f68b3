import Foundation
import MigrateScanTestSupport
import ScanModel
import Testing

@testable import MigrateScanKit

/// `Fixtures/projects/PlanBridgeHelpers`: the tree's own helpers on Combine's `Publisher` are the
/// bridge its callers use while they migrate. The `Future { Task { } }` inside `awaitEach` is
/// one step with the bridge (gathered, kept until its callers move); the subscriber inside the
/// `echo` helper is removed once no caller is left, after the callers' steps; the `Just` inside
/// the `settled` operator's closure is that pipeline's inner publisher, no finding at all; a
/// real one-shot API (`ParcelDesk.lookUp`) is still migrated in phase 2.
@Suite struct BridgeInternalsTests {
  static func scan() throws -> [String: Any] {
    let run = CLIRun([
      FixturePaths.fixture("projects/PlanBridgeHelpers").path, "--format", "json", "--quiet", "--no-history",
    ])
    try #require(run.status == .success, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  /// Per phase id, its steps' ids in order.
  static func steps(_ report: [String: Any]) -> [String: [String]] {
    let phases = (report["plan"] as? [String: Any])?["phases"] as? [[String: Any]] ?? []
    var steps: [String: [String]] = [:]
    for phase in phases {
      steps[phase["id"] as? String ?? ""] = (phase["steps"] as? [[String: Any]] ?? []).map { $0["id"] as? String ?? "" }
    }
    return steps
  }

  @Test func whatIsInsideABridgeGoesWithTheBridgeAfterItsCallers() throws {
    let report = try Self.scan()
    let steps = Self.steps(report)
    #expect(steps["prepare"] == ["prepare/Courier/bridge/Publisher.awaitEach"])
    #expect(steps["one-shot"] == ["one-shot/Courier/type/ParcelDesk"], "no step migrates the bridge's own Future")
    #expect(steps["cleanup"] == ["cleanup/Courier/bridge/Publisher.echo"])
    let findings = report["findings"] as? [[String: Any]] ?? []
    let wrapper = try #require(findings.first { $0["ruleId"] as? String == "future-task-wrapper" })
    #expect(wrapper["phase"] as? String == "prepare")
    #expect((wrapper["reasons"] as? [String])?.last?.hasPrefix("inside the bridge `Publisher.awaitEach`") == true)
    #expect((wrapper["help"] as? String)?.contains("make") == false)
    let echo = try #require(findings.first { $0["symbol"] as? String == "Publisher.echo" })
    #expect(echo["phase"] as? String == "cleanup")
    #expect((echo["reasons"] as? [String])?.last?.contains("remove it once no caller is left") == true)
    #expect(!findings.contains { $0["ruleId"] as? String == "one-shot-just" }, "an operator's inner `Just`")
    let future = try #require(findings.first { $0["ruleId"] as? String == "one-shot-future" })
    #expect(future["phase"] as? String == "one-shot", "a one-shot API of the tree's own type still moves")
  }

  /// A library's public API on a Combine type (combine-schedulers' `Scheduler.timerPublisher`) is
  /// a bridge unit, but its verdict is its own rule's: it stays for clients and gets an `async`
  /// alternative in Prepare. It was moved to Cleanup and told "remove it once no caller is left"
  /// beside "it stays". Code inside a helper of the tree's own still goes to Cleanup.
  @Test func aLibrarysPublisherAPIOnACombineTypeKeepsItsOwnVerdict() {
    func finding(_ id: String, _ category: CategoryID, _ symbol: String, phase: Phase, reasons: [String]) -> Finding {
      Finding(
        fingerprint: id, ruleID: category.rawValue, category: category, severity: .note, disposition: .migrate,
        phase: phase, module: "Schedulers", file: "Sources/Schedulers/Timer.swift",
        range: SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 3, column: 1)),
        symbol: symbol, message: "m", help: "h", reasons: reasons)
    }
    let stays = ["`Schedulers` is a library product no app of the tree uses: … so it stays"]
    var findings = [
      finding("a", .combineAPI, "Scheduler.timerPublisher", phase: .prepare, reasons: stays),
      finding("p", .operatorPipeline, "Scheduler.settle", phase: .oneShot, reasons: []),
    ]
    let placed: WorkUnitKey.Placement = [
      ("Schedulers", WorkUnitKey(kind: .bridge, name: "Scheduler.timerPublisher"), 0),
      ("Schedulers", WorkUnitKey(kind: .bridge, name: "Scheduler.settle"), 1),
    ]
    BridgeInternals.apply(to: &findings, placed: placed)
    #expect(findings[0].phase == .prepare)
    #expect(findings[0].reasons == stays)
    #expect(findings[1].phase == .cleanup)
    var title = StepTitle()
    title.counts.add(.combineAPI)
    #expect(
      title.title(section: .prepare, kind: .bridge, name: "Scheduler.timerPublisher")
        == "`Scheduler.timerPublisher`: add an `async` alternative beside its publisher API (1 publisher API)")
  }
}
