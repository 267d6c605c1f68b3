import Combine
import Foundation

/// The product list.
final class CatalogModel: ObservableObject {
  @Published var products: [Product] = []
  @Published var filter = ""
  private let client: ShopClient

  init(client: ShopClient) {
    self.client = client
  }

  func refresh() -> AnyPublisher<[Product], Error> {
    client.products()
  }
}
