import Combine
import Foundation

/// Checkout and payment know each other: a cycle, planned as one.
final class CheckoutModel: ObservableObject {
  @Published var step = 0
  var payment: PaymentModel?
  private let cart: CartModel

  init(cart: CartModel) {
    self.cart = cart
  }
}
