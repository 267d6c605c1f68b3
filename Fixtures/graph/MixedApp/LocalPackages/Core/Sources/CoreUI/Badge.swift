import Core
import SwiftUI

public struct Badge: View {
  @ObservedObject var cart: CartStore

  public init(cart: CartStore) {
    self.cart = cart
  }

  public var body: some View { Text("\(cart.titles.count)") }
}
