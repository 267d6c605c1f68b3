import SwiftUI

@main
struct ProfileApp: App {
  var body: some Scene {
    WindowGroup { ProfileScreen(model: ProfileModel()) }
  }
}
