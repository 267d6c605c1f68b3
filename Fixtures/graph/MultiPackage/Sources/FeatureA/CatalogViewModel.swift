import Combine
import DesignSystem
import Repository

public final class CatalogViewModel: ObservableObject {
  @Published public var products: [Product] = []
  public let style = Theme.standard
  private var cancellables = Set<AnyCancellable>()

  public init(repository: ProductRepository) {
    repository.products()
      .replaceError(with: [])
      .assign(to: \.products, on: self)
      .store(in: &cancellables)
  }
}
