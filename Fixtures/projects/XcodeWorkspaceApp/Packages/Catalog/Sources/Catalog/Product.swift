import Combine

/// What the shop sells. The package supports iOS 15, so the store stays an `ObservableObject`.
public struct Product: Hashable, Sendable {
  public var name: String
}

public final class ProductStore: ObservableObject {
  @Published public var products: [Product] = []
}
