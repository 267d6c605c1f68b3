import Networking
import Storage
import XCTest

@testable import Repository

final class ProductRepositoryTests: XCTestCase {
  func testStartsEmpty() {
    let repository = ProductRepository(client: APIClient(), store: InMemoryStore())
    XCTAssertNil(repository.cart)
  }
}
