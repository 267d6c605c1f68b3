import XCTest

@testable import Core

final class CartStoreTests: XCTestCase {
  func testStartsEmpty() {
    XCTAssertTrue(CartStore(catalog: CatalogService()).titles.isEmpty)
  }
}
