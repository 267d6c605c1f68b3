import XCTest

final class LaunchTests: XCTestCase {
  func testLaunches() {
    XCUIApplication().launch()
  }
}
