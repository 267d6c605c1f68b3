import Combine

public final class CartStore: ObservableObject {
  @Published public private(set) var titles: [String] = []
  private let catalog: CatalogService

  public init(catalog: CatalogService) {
    self.catalog = catalog
  }
}
