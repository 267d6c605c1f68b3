import Combine

public struct Product: Sendable {
  public var name: String
}

/// The catalogue's store: iOS 15 and macOS 12, so `@Observable` must wait.
public final class CatalogStore: ObservableObject {
  @Published public var products: [Product] = []

  public init() {}
}
