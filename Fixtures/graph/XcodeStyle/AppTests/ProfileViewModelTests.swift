import XCTest

@testable import Shop

final class ProfileViewModelTests: XCTestCase {
  func testStartsWithoutUser() {
    let model = ProfileViewModel(users: UserService(client: HTTPClient()))
    XCTAssertNil(model.user)
  }
}
