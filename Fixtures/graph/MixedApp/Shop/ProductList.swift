import Core
import SwiftUI

struct ProductList: View {
  @ObservedObject var cart: CartStore

  var body: some View { List(cart.titles, id: \.self) { Text($0) } }
}
