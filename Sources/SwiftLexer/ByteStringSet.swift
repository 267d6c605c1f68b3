/// A set of distinct byte strings (token texts), for collecting names without making a
/// `String` or running SipHash for every occurrence.
///
/// Names repeat: a file says `View` or `.sink` dozens of times. Here each occurrence costs an
/// FNV-1a hash of its bytes and, usually, one compare; only the distinct texts are stored, and
/// callers make `String`s from those once. The hash is seeded per process so no input can
/// force every name into one probe chain.
package struct ByteStringSet {
  /// The distinct texts, back to back, in first-insertion order.
  private var storage: [UInt8] = []
  /// Per text: where it starts in `storage`, and its length.
  private var spans: [(start: Int, count: Int)] = []
  private var hashes: [UInt64] = []
  /// Open addressing: an index into `spans`, or -1; kept at most half full.
  private var slots = [Int32](repeating: -1, count: 16)

  private static let seed = UInt64.random(in: 0...UInt64.max)

  /// An empty set.
  package init() {}

  /// The number of distinct texts.
  package var count: Int { spans.count }

  /// True while every text is ASCII: then distinct texts are distinct `String`s, and `String`
  /// order is byte order.
  package private(set) var isASCII = true

  /// Adds `source[start..<start + count]` unless an equal text is present.
  package mutating func insert(from source: [UInt8], start: Int, count: Int) {
    source.withUnsafeBufferPointer { insert(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
  }

  /// Adds `bytes` unless an equal text is present.
  package mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ Self.seed
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let mask = slots.count - 1
    // The high bits are the best mixed of FNV's product: take the slot from them.
    var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      if hashes[index] == hash && equal(index, bytes) { return }
      slot = (slot + 1) & mask
    }
    for byte in bytes where byte >= 0x80 { isASCII = false }
    slots[slot] = Int32(spans.count)
    spans.append((storage.count, bytes.count))
    hashes.append(hash)
    storage.append(contentsOf: bytes)
    if spans.count * 2 > slots.count { grow() }
  }

  /// Adds the bytes of `slice` unless an equal text is present.
  package mutating func insert(_ slice: ArraySlice<UInt8>) {
    slice.withUnsafeBufferPointer { insert($0) }
  }

  /// The texts decoded as UTF-8 (invalid bytes repaired), in first-insertion order.
  package func strings() -> [String] {
    storage.withUnsafeBufferPointer { storage in
      spans.map { span in
        String(decoding: UnsafeBufferPointer(rebasing: storage[span.start..<span.start + span.count]), as: UTF8.self)
      }
    }
  }

  /// The texts as `String`s in `String` order, when `isASCII` (byte order is `String` order
  /// then, and comparing bytes is much cheaper than comparing `String`s); nil otherwise.
  package func sortedASCIIStrings() -> [String]? {
    guard isASCII else { return nil }
    return storage.withUnsafeBufferPointer { storage in
      let order = spans.indices.sorted { left, right in
        let (a, b) = (spans[left], spans[right])
        for offset in 0..<min(a.count, b.count) where storage[a.start + offset] != storage[b.start + offset] {
          return storage[a.start + offset] < storage[b.start + offset]
        }
        return a.count < b.count
      }
      return order.map { index in
        let span = spans[index]
        let bytes = UnsafeBufferPointer(rebasing: storage[span.start..<span.start + span.count])
        return String(decoding: bytes, as: UTF8.self)
      }
    }
  }

  private func equal(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[index]
    guard span.count == bytes.count else { return false }
    return storage.withUnsafeBufferPointer { storage in
      for offset in 0..<span.count where storage[span.start + offset] != bytes[offset] { return false }
      return true
    }
  }

  private mutating func grow() {
    var larger = [Int32](repeating: -1, count: slots.count * 2)
    let mask = larger.count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
      while larger[slot] >= 0 { slot = (slot + 1) & mask }
      larger[slot] = Int32(index)
    }
    slots = larger
  }
}
