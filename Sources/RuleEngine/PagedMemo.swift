/// The pattern runner's per-file memo tables, stored in pages allocated when first written.
///
/// A table has one entry per (pattern suffix, file token): for a long pattern over a
/// token-dense file that is hundreds of millions of entries, of which a run touches only
/// those near its anchors. Allocating it whole cost patterns × tokens (24 GB for a
/// 500,000-token pattern); by page, memory follows the work done. Reading an unwritten page
/// costs one compare.

/// A set of non-negative integers below a capacity fixed at init, as bits.
struct PagedBitSet {
  /// 2^15 bits, 4 KiB, per page.
  private static let pageShift = 15
  private static let wordsPerPage = 1 << (pageShift - 6)
  /// Empty until the first insert, so a runner that records nothing allocates nothing.
  private var pages: [[UInt64]] = []
  private let pageCount: Int

  init(capacity: Int) {
    pageCount = (capacity >> Self.pageShift) + 1
  }

  /// True when `key` was inserted.
  @inline(__always)
  func contains(_ key: Int) -> Bool {
    let page = key >> Self.pageShift
    guard page < pages.count, !pages[page].isEmpty else { return false }
    return pages[page][(key >> 6) & (Self.wordsPerPage - 1)] & (1 << UInt64(key & 63)) != 0
  }

  mutating func insert(_ key: Int) {
    let page = key >> Self.pageShift
    if pages.isEmpty { pages = Array(repeating: [], count: pageCount) }
    if pages[page].isEmpty { pages[page] = [UInt64](repeating: 0, count: Self.wordsPerPage) }
    pages[page][(key >> 6) & (Self.wordsPerPage - 1)] |= 1 << UInt64(key & 63)
  }
}

/// A table from non-negative integers below a capacity fixed at init to `Int32` values, where
/// 0 means "no value".
struct PagedInt32Table {
  /// 2^9 entries, 2 KiB, per page: a file's runs write a few entries near each anchor, and a
  /// 16 KiB page cleared for them was 1.6% of a scan's instructions.
  private static let pageShift = 9
  private static let entriesPerPage = 1 << pageShift
  /// Empty until the first write, as `PagedBitSet.pages`.
  private var pages: [[Int32]] = []
  private let pageCount: Int

  init(capacity: Int) {
    pageCount = (capacity >> Self.pageShift) + 1
  }

  /// The value stored at `key`, or 0.
  @inline(__always)
  func value(at key: Int) -> Int32 {
    let page = key >> Self.pageShift
    guard page < pages.count, !pages[page].isEmpty else { return 0 }
    return pages[page][key & (Self.entriesPerPage - 1)]
  }

  mutating func set(_ value: Int32, at key: Int) {
    let page = key >> Self.pageShift
    if pages.isEmpty { pages = Array(repeating: [], count: pageCount) }
    if pages[page].isEmpty { pages[page] = [Int32](repeating: 0, count: Self.entriesPerPage) }
    pages[page][key & (Self.entriesPerPage - 1)] = value
  }
}
