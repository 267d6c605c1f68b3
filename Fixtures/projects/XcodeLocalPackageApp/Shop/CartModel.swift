import Catalog
import Combine

/// The cart. iOS 16 is the floor here, so it stays an `ObservableObject` for now.
final class CartModel: ObservableObject {
  @Published var items: [Product] = []
}
