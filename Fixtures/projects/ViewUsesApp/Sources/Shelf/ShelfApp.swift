import Catalog
import SwiftUI

@main
struct ShelfApp: App {
  @StateObject private var bookcase = Bookcase()

  var body: some Scene {
    WindowGroup {
      ShelfScreen(bookcase: bookcase)
        .environmentObject(bookcase)
    }
  }
}
