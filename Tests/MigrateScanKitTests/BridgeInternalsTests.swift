import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// `Fixtures/projects/PlanBridgeHelpers`: the tree's own helpers on Combine's `Publisher` are the
/// bridge its callers use while they migrate. The `Future { Task { } }` inside `awaitEach` is
/// one step with the bridge (gathered, kept until its callers move), and the `Just` inside the
/// `settled` operator is removed once no caller is left, after the callers' steps; a real
/// one-shot API (`ParcelDesk.lookUp`) is still migrated in phase 2.
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
    #expect(steps["cleanup"] == ["cleanup/Courier/bridge/Publisher.settled"])
    let findings = report["findings"] as? [[String: Any]] ?? []
    let wrapper = try #require(findings.first { $0["ruleId"] as? String == "future-task-wrapper" })
    #expect(wrapper["phase"] as? String == "prepare")
    #expect((wrapper["reasons"] as? [String])?.last?.hasPrefix("inside the bridge `Publisher.awaitEach`") == true)
    #expect((wrapper["help"] as? String)?.contains("make") == false)
    let just = try #require(findings.first { $0["ruleId"] as? String == "one-shot-just" })
    #expect(just["phase"] as? String == "cleanup")
    #expect((just["reasons"] as? [String])?.last?.contains("remove it once no caller is left") == true)
    let future = try #require(findings.first { $0["ruleId"] as? String == "one-shot-future" })
    #expect(future["phase"] as? String == "one-shot", "a one-shot API of the tree's own type still moves")
  }
}
