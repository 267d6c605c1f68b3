import Combine
import Foundation

/// The shop's HTTP client: every call delivers one value.
final class ShopClient {
  func products() -> AnyPublisher<[Product], Error> {
    Future { promise in promise(.success([])) }
      .eraseToAnyPublisher()
  }

  func price(of product: Product) -> AnyPublisher<Decimal, Error> {
    Future { promise in promise(.success(product.price)) }
      .eraseToAnyPublisher()
  }

  func order(_ items: [Product]) -> AnyPublisher<String, Error> {
    Future { promise in promise(.success("order-1")) }
      .eraseToAnyPublisher()
  }
}

/// Plain data.
struct Product: Hashable {
  var name: String
  var price: Decimal
}
