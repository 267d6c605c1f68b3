import SwiftUI

@main
struct ShopApp: App {
  let environment = AppEnvironment()

  var body: some Scene {
    WindowGroup { RootView(environment: environment) }
  }
}
