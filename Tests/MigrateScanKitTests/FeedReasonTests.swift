import Testing

@testable import MigrateScanKit

/// The planner reads a `$property` feed back from the classifier's reason: the property and the
/// `path:line`, and nothing from any other reason.
@Suite struct FeedReasonTests {
  @Test func theFeedsPropertyAndPlaceAreRead() throws {
    let feed = try #require(
      Planner.feed(in: "blocked: `$query` feeds a pipeline at Sources/Search/Search.swift:40 (debounce)"))
    #expect(feed.property == "query")
    #expect(feed.location == "Sources/Search/Search.swift:40")
  }

  /// The place may end the reason, and names may be beyond ASCII.
  @Test func thePlaceMayEndTheReason() throws {
    let feed = try #require(Planner.feed(in: "blocked: `$café` feeds a pipeline at Vues/Café.swift:7"))
    #expect(feed.property == "café")
    #expect(feed.location == "Vues/Café.swift:7")
  }

  @Test(
    arguments: [
      "", "blocked: `$", "blocked: `$query", "blocked: `$query` feeds a pipeline at ",
      "blocked: `$query` is read at A.swift:3", "keep: `$query` feeds a pipeline at A.swift:3",
      "Blocked: `$query` feeds a pipeline at A.swift:3",
    ])
  func otherReasonsAreNoFeed(reason: String) {
    #expect(Planner.feed(in: reason) == nil)
  }
}
