import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// Issue 15: every view use site (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`,
/// `.environmentObject`, a subscription) that holds a tree `ObservableObject` is listed in that
/// model's step, "what changes with it". Where the model has no step of its own (kept, gated or
/// left alone, one step per module), the use has the model's disposition: a gated use waits for
/// its own module's target (a view in the app of a model shared with a widget needs the app's).
/// A subscription kept for its operators (`.onReceive(model.$query.debounce(…))`) stays on
/// Combine and the model waits for it: the model's finding is blocked by its place.
@Suite struct ViewUseStepTests {
  @Test(arguments: ProjectGoldenTests.projects)
  func everyViewUseOfATreeModelIsInTheModelsStep(project: String) throws {
    let run = ProjectGoldenTests.scan(project, format: "json")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    let phases = try #require((report["plan"] as? [String: Any])?["phases"] as? [[String: Any]])
    var stepOf: [String: [String: Any]] = [:]
    for phase in phases {
      for step in phase["steps"] as? [[String: Any]] ?? [] {
        for fingerprint in step["findings"] as? [String] ?? [] { stepOf[fingerprint] = step }
      }
    }
    func id(_ finding: [String: Any]) -> String? { stepOf[finding["fingerprint"] as? String ?? ""]?["id"] as? String }
    let active = findings.filter { $0["suppression"] == nil || $0["suppression"] is NSNull }
    for use in active where use["category"] as? String == "observable-use" {
      guard let model = use["unit"] as? String else { continue }
      let place = "\(use["file"] ?? ""):\(use["line"] ?? "")"
      let step = stepOf[use["fingerprint"] as? String ?? ""]
      if step?["unit"] as? String == model { continue }
      let models = active.filter {
        $0["category"] as? String == "observable-object" && $0["symbol"] as? String == model
      }
      if use["disposition"] as? String == "keep",
        models.contains(where: { ($0["blockedBy"] as? [String] ?? []).contains(place) })
      {
        continue
      }
      let moduleSteps = models.filter { stepOf[$0["fingerprint"] as? String ?? ""]?["unit"] as? String == nil }
      if !models.isEmpty, moduleSteps.count == models.count {
        #expect(
          models.allSatisfy { $0["disposition"] as? String == use["disposition"] as? String },
          "\(project): the use at \(place) of `\(model)` does not move with it")
        continue
      }
      #expect(
        models.compactMap(id).contains(id(use) ?? "-"),
        "\(project): the use at \(place) of `\(model)` is not in its step")
    }
  }
}
