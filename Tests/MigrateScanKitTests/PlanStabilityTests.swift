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
