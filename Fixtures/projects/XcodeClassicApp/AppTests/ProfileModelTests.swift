import XCTest
@testable import App

final class ProfileModelTests: XCTestCase {
  func testSaveMarksSaving() {
    let model = ProfileModel()
    model.save()
    XCTAssertTrue(model.isSaving)
  }
}
