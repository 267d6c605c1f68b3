// Reaches back into the app for its environment: App and Analytics form a cycle.
final class Tracker {
  weak var environment: AppEnvironment?

  func track(_ event: String) {}
}
