/// The stable category ids of `DOMAIN.md`: what kind of Combine construct (or pitfall) a finding is.
///
/// These strings are public API: they appear in JSON and SARIF reports, in `rules.json` and in
/// users' `--fail-on` settings. Never rename one.
package enum CategoryID: String, CaseHashable, Sendable, Codable, CaseIterable, Comparable {
  case futureTaskWrapper = "future-task-wrapper"
  case oneShotFuture = "one-shot-future"
  case publishedProperty = "published-property"
  case observableObject = "observable-object"
  case operatorPipeline = "operator-pipeline"
  case subject = "subject"
  case continuationBridge = "continuation-bridge"
  case valuesBridge = "values-bridge"
  case bridgeHelper = "bridge-helper"
  case continuationMisuse = "continuation-misuse"
  case silentFailure = "silent-failure"
  case assignRetainCycle = "assign-retain-cycle"
  case queueGuardedState = "queue-guarded-state"
  /// Code that holds or observes an `ObservableObject` through Combine and changes when the model
  /// moves to `@Observable`: `@StateObject`, `@ObservedObject`, `@EnvironmentObject`,
  /// `.environmentObject(…)`, and subscriptions to its `$x` or `objectWillChange`.
  case observableUse = "observable-use"
  /// Code that produces publishers for others: a custom `Publisher`/`Subscriber`/`Subscription`
  /// conformance, or `public`/`open` API that returns or takes a publisher.
  case combineAPI = "combine-api"

  /// True for the pitfalls: bugs today, disposition `fix-now` whatever the plan says.
  /// (`queue-guarded-state` is correct code and a migration candidate, not a pitfall.)
  package var isPitfall: Bool {
    switch self {
    case .continuationMisuse, .silentFailure, .assignRetainCycle: return true
    default: return false
    }
  }

  package static func < (lhs: CategoryID, rhs: CategoryID) -> Bool { lhs.rawValue < rhs.rawValue }
}
