import Vendor

// This module imports Vendor only: its `Future` is the vendored one.
struct FeedLoader {
  func count() async -> Int { 3 }

  func later() -> Future<Int> {
    Future { resolve in
      Task { resolve(await count()) }
    }
  }
}
