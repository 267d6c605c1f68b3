import XCTest

@testable import App

final class ShopModelTests: XCTestCase {
  func testStartsEmpty() {
    XCTAssertTrue(ShopModel().products.isEmpty)
  }
}
