import Core
import CoreUI
import SwiftUI

@main
struct ShopApp: App {
  @StateObject private var cart = CartStore(catalog: CatalogService())

  var body: some Scene {
    WindowGroup {
      ProductList(cart: cart)
      Badge(cart: cart)
    }
  }
}
