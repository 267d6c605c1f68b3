import FeatureA
import FeatureB

@main
struct ShopApp {
  static func main() {
    let catalog: CatalogViewModel? = nil
    let cart: CartViewModel? = nil
    print(catalog as Any, cart as Any)
  }
}
