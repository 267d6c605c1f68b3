/// A set of distinct byte strings (token texts), for collecting names without making a
/// `String` or running SipHash for every occurrence.
///
/// Names repeat: a file says `View` or `.sink` dozens of times. Here each occurrence costs a
/// hash of its bytes read eight at a time and, usually, one compare; only the distinct texts
/// are stored, and callers make `String`s from those once. The hash is seeded per process so
/// no input can force every name into one probe chain.
package struct ByteStringSet {
  /// The distinct texts, back to back, in first-insertion order.
  private var storage: [UInt8] = []
  /// Per text: where it starts in `storage`, and its length.
  private var spans: [(start: Int, count: Int)] = []
  /// Open addressing, kept at most half full: 0 for a free slot, else the text's hash tag (high
  /// 32 bits) and its index in `spans` plus one (low 32 bits). The tag rejects almost every
  /// other text without reading `spans` or `storage`, and growing needs no rehash of the bytes.
  private var slots: [UInt64]
  private let seed = ByteStringSet.processSeed

  private static let processSeed = UInt64.random(in: 0...UInt64.max)

  /// An empty set. Room for a typical file's names is reserved at once: growing from nothing
  /// cost more reallocations than the names took to hash.
  package init() {
    slots = [UInt64](repeating: 0, count: 64)
    spans.reserveCapacity(32)
    storage.reserveCapacity(512)
  }

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
  package mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) { _ = index(inserting: bytes) }

  /// Adds `bytes` unless an equal text is present, and returns the text's index (the order of
  /// first insertion: the index into `strings()`).
  package mutating func index(inserting bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let tag = Self.hash(bytes, seed: seed) >> 32
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: tag) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
      if entry >> 32 == tag && equal(index, bytes) { return index }
      slot = (slot + 1) & mask
    }
    if isASCII && !ByteSearch.isASCII(bytes) { isASCII = false }
    slots[slot] = tag << 32 | UInt64(spans.count + 1)
    spans.append((storage.count, bytes.count))
    storage.append(contentsOf: bytes)
    if spans.count * 2 > slots.count { grow() }
    return spans.count - 1
  }

  /// Adds the bytes of `slice` unless an equal text is present.
  package mutating func insert(_ slice: ArraySlice<UInt8>) {
    slice.withUnsafeBufferPointer { insert($0) }
  }

  /// Adds the bytes of `slice` unless an equal text is present; returns the text's index.
  package mutating func index(inserting slice: ArraySlice<UInt8>) -> Int {
    slice.withUnsafeBufferPointer { index(inserting: $0) }
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
      spans.withUnsafeBufferPointer { spans in
        // Sorted by their first eight bytes as one big-endian number (zero-padded), which
        // orders two texts as their bytes do whenever it differs; the bytes decide the rest.
        var order = spans.indices.map { index in (key: Self.prefixKey(spans[index], storage), index: index) }
        order.sort { left, right in
          if left.key != right.key { return left.key < right.key }
          let (a, b) = (spans[left.index], spans[right.index])
          for offset in 0..<min(a.count, b.count) where storage[a.start + offset] != storage[b.start + offset] {
            return storage[a.start + offset] < storage[b.start + offset]
          }
          return a.count < b.count
        }
        return order.map { entry in
          let span = spans[entry.index]
          let bytes = UnsafeBufferPointer(rebasing: storage[span.start..<span.start + span.count])
          return String(decoding: bytes, as: UTF8.self)
        }
      }
    }
  }

  /// The first eight bytes of `span` as a big-endian number, zero-padded.
  private static func prefixKey(_ span: (start: Int, count: Int), _ storage: UnsafeBufferPointer<UInt8>) -> UInt64 {
    if span.count >= 8 {
      return UInt64(bigEndian: UnsafeRawPointer(storage.baseAddress! + span.start).loadUnaligned(as: UInt64.self))
    }
    var key: UInt64 = 0
    for offset in 0..<8 {
      key <<= 8
      if offset < span.count { key |= UInt64(storage[span.start + offset]) }
    }
    return key
  }

  /// A hash of `bytes` that reads them a word at a time. Short texts (most names) take one or
  /// two overlapping loads; the length is mixed in first, so overlaps cannot make equal words.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    let count = bytes.count
    var hash = (seed ^ UInt64(truncatingIfNeeded: count)) &* multiplier
    guard let base = bytes.baseAddress, count > 0 else { return hash }
    let raw = UnsafeRawPointer(base)
    if count < 8 {
      let word: UInt64
      if count >= 4 {
        word =
          UInt64(raw.loadUnaligned(as: UInt32.self))
          | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
      } else {
        word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
      }
      hash = (hash ^ word) &* multiplier
    } else {
      var offset = 0
      while offset + 8 < count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
        hash ^= hash >> 29
        offset += 8
      }
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* multiplier
    }
    // The product's high bits are well mixed, its low bits poorly: fold them down too.
    hash ^= hash >> 31
    return hash &* multiplier
  }

  private func equal(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[index]
    guard span.count == bytes.count else { return false }
    guard span.count > 0, let other = bytes.baseAddress else { return true }
    return storage.withUnsafeBytes { storage in
      let text = storage.baseAddress! + span.start
      let other = UnsafeRawPointer(other)
      var offset = 0
      while offset + 8 <= span.count {
        if text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      while offset < span.count {
        if text.load(fromByteOffset: offset, as: UInt8.self) != other.load(fromByteOffset: offset, as: UInt8.self) {
          return false
        }
        offset += 1
      }
      return true
    }
  }

  private mutating func grow() {
    var larger = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for entry in slots where entry != 0 {
      var slot = Int(truncatingIfNeeded: entry >> 32) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = entry
    }
    slots = larger
  }
}
