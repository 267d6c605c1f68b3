import SwiftUI

struct RootView: View {
  let environment: AppEnvironment

  var body: some View {
    TabView {
      ProfileView(model: ProfileViewModel(users: environment.users))
      SettingsView(model: SettingsViewModel(store: SettingsStore()))
    }
  }
}
