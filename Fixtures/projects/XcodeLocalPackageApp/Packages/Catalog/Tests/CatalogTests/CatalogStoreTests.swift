import Combine
import XCTest

@testable import Catalog

final class CatalogStoreTests: XCTestCase {
  func testStartsEmpty() {
    let store = CatalogStore()
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let token = subject.sink { seen.append($0) }
    subject.send(1)
    token.cancel()
    XCTAssertTrue(store.products.isEmpty)
    XCTAssertEqual(seen, [1])
  }
}
