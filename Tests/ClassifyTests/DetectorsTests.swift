import Classify
import Testing

@Suite struct DetectorsTests {
  @Test func everyNameIsRegisteredOnce() {
    #expect(
      Detectors.names == [
        "assign-retain-cycle", "bridge-helper", "combine-api", "continuation-lost-with-self",
        "continuation-never-resumed",
        "continuation-resumed-twice", "environment-object", "environment-object-modifier",
        "future-task-wrapper", "model-subscription", "observed-object", "one-shot-future", "operator-pipeline",
        "queue-guarded-state", "silent-failure", "silent-failure-one-shot", "state-object", "subject",
        "values-bridge",
      ])
    for (name, detector) in Detectors.all { #expect(detector.names.contains(name)) }
    let declared = Detectors.types.flatMap(\.names)
    #expect(declared.count == Set(declared).count)
  }

  @Test func onlyEnabledNamesProduceFindings() {
    let source = """
      func f() async -> Int {
        await withCheckedContinuation { c in
          guard ready else { return }
          c.resume(returning: 1)
          c.resume(returning: 2)
        }
      }
      """
    let never = Support.findings([("F.swift", source)], detectors: ["continuation-never-resumed"])
    #expect(never.map(\.ruleID) == ["continuation-never-resumed"])
    let both = Support.findings(
      [("F.swift", source)], detectors: ["continuation-never-resumed", "continuation-resumed-twice"])
    #expect(both.map(\.ruleID) == ["continuation-never-resumed", "continuation-resumed-twice"])
    #expect(both.map(\.range.start.line) == [3, 5])
  }
}
