import Combine
import Foundation

/// What the customer is about to buy.
final class CartModel: ObservableObject {
  @Published var items: [Product] = []
  @Published var total: Decimal = 0
  private let catalog: CatalogModel

  init(catalog: CatalogModel) {
    self.catalog = catalog
  }
}
