import Combine
import Foundation

/// Takes the payment for a checkout.
final class PaymentModel: ObservableObject {
  @Published var isPaying = false
  weak var checkout: CheckoutModel?
}
