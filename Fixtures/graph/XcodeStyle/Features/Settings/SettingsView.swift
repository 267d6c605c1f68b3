import SwiftUI

struct SettingsView: View {
  @ObservedObject var model: SettingsViewModel

  var body: some View { Toggle("Notifications", isOn: $model.notificationsOn) }
}
