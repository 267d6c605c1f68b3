import XCTest

@testable import App

final class NotesModelTests: XCTestCase {
  func testAddsAnUntitledNote() {
    let model = NotesModel()
    model.add("")
    XCTAssertEqual(model.titles, ["Untitled"])
  }
}
