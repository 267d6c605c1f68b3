import Combine

public final class CartRepository {
  public let products: ProductRepository
  @Published public private(set) var items: [Product] = []

  public init(products: ProductRepository) {
    self.products = products
  }
}
