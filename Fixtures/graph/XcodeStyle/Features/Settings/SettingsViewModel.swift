import Combine

final class SettingsViewModel: ObservableObject {
  @Published var notificationsOn: Bool
  private let store: SettingsStore

  init(store: SettingsStore) {
    self.store = store
    notificationsOn = store.notificationsOn
  }
}
