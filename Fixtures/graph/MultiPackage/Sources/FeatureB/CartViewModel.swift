import Combine
import DesignSystem
import Repository

public final class CartViewModel: ObservableObject {
  @Published public var count = 0

  public init(cart: CartRepository) {
    cart.$items.map(\.count).assign(to: &$count)
  }
}
