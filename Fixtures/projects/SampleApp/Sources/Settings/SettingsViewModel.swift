import Combine
import Storage

/// Settings screen state, with a subject two parts of the app listen to.
public final class SettingsViewModel: ObservableObject {
  @Published public var notificationsEnabled = true

  /// Broadcast to the app and to the logger: two consumers, so it stays a subject.
  public let events = PassthroughSubject<String, Never>()

  private let cache: Cache
  private var cancellables: Set<AnyCancellable> = []

  public init(cache: Cache) {
    self.cache = cache
    events.sink { event in print("app saw", event) }.store(in: &cancellables)
    events.sink { event in print("logger saw", event) }.store(in: &cancellables)
  }

  public func toggle() {
    notificationsEnabled.toggle()
    events.send("toggled")
  }

  // Never finishes: `$notificationsEnabled` is a @Published projection.
  public func watch() async {
    for await enabled in $notificationsEnabled.values {
      print("enabled:", enabled)
    }
  }
}
