extension CombineFacts.Helper {
  /// True when a call with `labels` (as `CandidateFinding.Requirement.helperCall` lists them:
  /// `_` unlabelled, `CandidateFinding.trailingClosure` last for a trailing closure) can bind to
  /// this helper's parameters.
  ///
  /// Swift's rules, as far as labels tell them: arguments bind to parameters in order; a
  /// parameter with a default may be left out; a trailing closure binds to the next parameter of
  /// function type (forward scan, SE-0286). So `convenience init(priority: TaskPriority? = nil,
  /// operation: @escaping () async throws -> Output)` accepts `Future { … }`,
  /// `Future(priority: .high) { … }` and `Future(operation: load)`, not `Future(work)`.
  package func accepts(_ call: [String]) -> Bool {
    // Without parameter details (a helper recorded by hand), labels must match exactly.
    guard defaulted.count == labels.count, takesClosure.count == labels.count else {
      return call == labels || (call == [CandidateFinding.trailingClosure] && labels.count == 1)
    }
    var next = 0
    for label in call {
      let isTrailing = label == CandidateFinding.trailingClosure
      while next < labels.count, isTrailing ? !takesClosure[next] : labels[next] != label {
        guard defaulted[next] else { return false }
        next += 1
      }
      guard next < labels.count else { return false }
      next += 1
    }
    return defaulted[next...].allSatisfy { $0 }
  }
}
