import Foundation
import MigrateScanTestSupport
import Testing

/// Step ids are what `migrate-scan diff` pairs across scans: an edit that only moves code keeps
/// every id, and no id is made of line numbers.
@Suite struct PlanStabilityTests {
  /// The ids of every step of a JSON report, in plan order.
  static func stepIDs(_ json: String) throws -> [String] {
    let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let phases = (report["plan"] as! [String: Any])["phases"] as! [[String: Any]]
    return phases.flatMap { ($0["steps"] as! [[String: Any]]).map { $0["id"] as! String } }
  }

  @Test func editsThatMoveLinesKeepEveryStepID() throws {
    let fixture = FixturePaths.fixture("projects/PlanBigModule")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-plan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(at: fixture, to: root)
    let before = CLIRun([root.path, "--format", "json", "--quiet"])
    #expect(before.status == .success)
    // Twenty lines of comments above every type moves each finding and each extent.
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
    for case let file as URL in enumerator
    where file.pathExtension == "swift" && file.lastPathComponent != "Package.swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      try (String(repeating: "// moved\n", count: 20) + text).write(to: file, atomically: true, encoding: .utf8)
    }
    let after = CLIRun([root.path, "--format", "json", "--quiet"])
    let (old, new) = (try Self.stepIDs(before.stdout), try Self.stepIDs(after.stdout))
    #expect(old.count > 5)
    #expect(old == new)
    #expect(Set(new).count == new.count, "ids are unique")
    #expect(after.stdout != before.stdout, "the lines did move")
  }
}

/// The promises of the plan fixtures, said once more than their goldens do.
@Suite struct PlanFixtureTests {
  /// Per section id, the step ids of a fixture project's plan.
  static func plan(_ project: String) throws -> [String: [String]] {
    let run = CLIRun([FixturePaths.fixture("projects/\(project)").path, "--format", "json", "--quiet"])
    let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let phases = (report["plan"] as! [String: Any])["phases"] as! [[String: Any]]
    var steps: [String: [String]] = [:]
    for phase in phases {
      steps[phase["id"] as! String] = (phase["steps"] as! [[String: Any]]).map { $0["id"] as! String }
    }
    return steps
  }

  @Test func belowIOS17NothingIsOpenInPhase3AndSwift6ModulesDoNotSwitch() throws {
    let steps = try Self.plan("PlanModesApp")
    #expect(steps["view-models"] == [])
    #expect(steps["deployment-gate"] == ["deployment-gate/Legacy", "deployment-gate/Screens"])
    let strict = steps.values.flatMap { $0 }.filter { $0.hasPrefix("strict-concurrency/") }.sorted()
    #expect(strict == ["strict-concurrency/Legacy", "strict-concurrency/Screens"], "Core is in Swift 6 mode")
  }

  @Test func anUntestedSingleTargetAppGetsARealPlan() throws {
    let steps = try Self.plan("PlanSingleApp")
    #expect(steps["leave-alone"] == [])
    #expect(steps["one-shot"]?.isEmpty == false)
    #expect(steps["view-models"]?.last == "strict-concurrency/Notes")
    #expect(steps["view-models"]?.contains("view-models/Notes/type/NoteStore") == true)
  }
}
