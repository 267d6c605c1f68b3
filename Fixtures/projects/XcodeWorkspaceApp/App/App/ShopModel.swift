import Catalog
import Combine
import Core

/// The shop's screen state. The app still ships to iOS 16: `@Observable` has to wait.
final class ShopModel: ObservableObject {
  @Published var products: [Product] = []
  let session = Session()
}
