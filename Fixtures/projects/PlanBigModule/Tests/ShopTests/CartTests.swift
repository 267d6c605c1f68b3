@testable import Shop

/// Only here so the module counts as tested.
func cartStartsEmpty() -> Bool {
  CartModel(catalog: CatalogModel(client: ShopClient())).items.isEmpty
}
