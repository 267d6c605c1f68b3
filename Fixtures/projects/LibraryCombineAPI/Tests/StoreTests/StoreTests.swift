import Combine
import Foundation
import Store
import XCTest

final class StoreTests: XCTestCase {
  var bag: Set<AnyCancellable> = []

  // Tests of the library's publisher API: they stay while the publisher does.
  func testChangesDeliverEachSet() {
    let store = Store()
    var seen: [String] = []
    store.changes(of: "name").map { $0 ?? "" }.sink { seen.append($0) }.store(in: &bag)
    store.set("a", for: "name")
    XCTAssertEqual(seen, ["a"])
  }

  func testSharedStoreChanges() {
    var count = 0
    Store.shared.changes(of: "x").sink { _ in count += 1 }.store(in: &bag)
    Store.shared.set("1", for: "x")
    XCTAssertEqual(count, 1)
  }

  // The API called on a value the chain makes first: a test of it too.
  func testFreshStoreChanges() {
    var count = 0
    makeStore().changes(of: "y").sink { _ in count += 1 }.store(in: &bag)
    XCTAssertEqual(count, 0)
  }

  func makeStore() -> Store { Store() }

  // A test of the library's operator, applied to a subject of the test's own.
  func testOrEmpty() {
    let names = PassthroughSubject<String?, Never>()
    var seen: [String] = []
    names.orEmpty().map { $0.uppercased() }.sink { seen.append($0) }.store(in: &bag)
    names.send(nil)
    XCTAssertEqual(seen, [""])
  }

  // A `Just` as the input of a test of the library's operator: it stays with the test.
  func testNonEmptyDropsNil() {
    var seen: [String] = []
    Just(String?.none).nonEmpty().sink { seen.append($0) }.store(in: &bag)
    XCTAssertEqual(seen, [])
  }

  // Not the library's API: migrates like any other pipeline.
  func testNotification() {
    var count = 0
    NotificationCenter.default.publisher(for: .init("ping")).map { $0.name }.sink { _ in count += 1 }.store(in: &bag)
    XCTAssertEqual(count, 0)
  }
}

final class ImageLoaderTests: XCTestCase {
  var bag: Set<AnyCancellable> = []

  // A test of the public model's `$image`: it stays with the publisher.
  func testLoadPublishesTheImage() {
    let loader = ImageLoader()
    var seen: [String?] = []
    loader.$image.dropFirst().sink { seen.append($0) }.store(in: &bag)
    loader.load("a")
    XCTAssertEqual(seen, ["a"])
  }
}
