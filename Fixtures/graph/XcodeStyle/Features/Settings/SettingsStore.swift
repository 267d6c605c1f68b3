import Foundation

final class SettingsStore {
  var notificationsOn: Bool {
    get { UserDefaults.standard.bool(forKey: "notifications") }
    set { UserDefaults.standard.set(newValue, forKey: "notifications") }
  }
}
