import Combine
import Foundation

/// The number on the cart icon.
final class CartBadge: ObservableObject {
  @Published var count = 0
  private var cancellables = Set<AnyCancellable>()

  init(cart: CartModel) {
    cart.$items
      .map(\.count)
      .sink { [weak self] count in self?.count = count }
      .store(in: &cancellables)
  }
}
