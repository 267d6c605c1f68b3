/// The phases of the migration plan, in the order a team works through them.
package enum Phase: String, CaseHashable, Sendable, Codable, CaseIterable, Comparable {
  /// Bridges gathered in one place.
  case prepare
  /// `Future`s and single-value publishers become `async` functions.
  case oneShot = "one-shot"
  /// `ObservableObject`/`@Published` become `@Observable`; single-consumer subjects `AsyncStream`.
  case viewModels = "view-models"
  /// Bridges nothing uses any more are removed.
  case cleanup

  private var order: Int {
    switch self {
    case .prepare: return 0
    case .oneShot: return 1
    case .viewModels: return 2
    case .cleanup: return 3
    }
  }

  package static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.order < rhs.order }
}
