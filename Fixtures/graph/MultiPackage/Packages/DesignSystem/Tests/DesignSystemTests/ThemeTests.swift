import DesignSystem
import XCTest

final class ThemeTests: XCTestCase {
  func testStandardAccent() {
    XCTAssertEqual(Theme.standard.accent, .blue)
  }
}
