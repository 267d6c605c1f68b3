import Testing

@testable import RuleEngine

/// The pattern runner's memo tables read as if dense, whichever pages were written.
@Suite struct PagedMemoTests {
  @Test func bitSetAcrossPages() {
    let capacity = 200_000
    var bits = PagedBitSet(capacity: capacity)
    let keys = [0, 1, 63, 64, 32_767, 32_768, 99_999, capacity - 1]
    for key in keys { bits.insert(key) }
    for key in 0..<capacity { #expect(bits.contains(key) == keys.contains(key), "key \(key)") }
  }

  @Test func tableAcrossPages() {
    let capacity = 20_000
    var table = PagedInt32Table(capacity: capacity)
    table.set(7, at: 4_095)
    table.set(9, at: 4_096)
    table.set(11, at: capacity - 1)
    #expect(table.value(at: 4_095) == 7)
    #expect(table.value(at: 4_096) == 9)
    #expect(table.value(at: capacity - 1) == 11)
    #expect(table.value(at: 0) == 0)
    #expect(table.value(at: 12_000) == 0)
  }
}
