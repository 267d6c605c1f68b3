import Networking
import Storage
import XCTest

@testable import Repository

final class FeedRepositoryTests: XCTestCase {
  func testPlaceholderIsEmpty() async throws {
    let repository = FeedRepository(client: APIClient(baseURL: URL(string: "https://example.invalid")!), cache: Cache())
    let items = try await repository.placeholder().firstValue
    XCTAssertEqual(items.count, 0)
  }
}
