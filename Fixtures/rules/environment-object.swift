import SwiftUI

final class Settings: ObservableObject {
  static let shared = Settings()
  @Published var theme = 0
}

extension App {
  final class Router: ObservableObject {}
}

struct SettingsView: View {
  @EnvironmentObject var settings: Settings
  @EnvironmentObject private var router: App.Router
  @SwiftUI.EnvironmentObject var again: Settings
  var body: some View { Picker("Theme", selection: $settings.theme) { EmptyView() } }
}

// Never: a library's model, comments, strings.
struct Others: View {
  @EnvironmentObject var library: LibraryStore
  // @EnvironmentObject var settings: Settings
  let doc = "@EnvironmentObject var settings: Settings"
  var body: some View { EmptyView() }
}

struct App {}
