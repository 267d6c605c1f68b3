import SwiftLexer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names a file uses as members or calls (`x.firstValue`, `asyncMap {`), each once.
///
/// Every call and member name of every file goes in, and the global pass only asks whether a
/// few bridge helper names are among them. So no `String` is made per name (making and hashing
/// one per name was most of collecting a file's facts). The names are kept as one run of bytes
/// with an end offset each, in an open-addressed table: every file's set lives until the scan
/// ends, and a name costs its bytes plus about a dozen (keeping each as four words cost 9 MB
/// more at the peak of a 1.1M-line scan). The hash reads a name's first 16 bytes, its last 8
/// and its length as words.
package struct UsedNames: Sendable, Hashable {
  /// The words a name is hashed by, little-endian, zero-padded.
  private struct Key {
    /// Bytes 0..<8 and 8..<16.
    var low: UInt64
    var high: UInt64
    /// The last 8 bytes of a name longer than 16, else 0.
    var tail: UInt64
    var count: Int
  }

  /// The distinct names' bytes, in first-use order, one after another.
  private var bytes: [UInt8] = []
  /// Where each name ends in `bytes` (it starts where the one before ends).
  private var ends: [UInt32] = []
  /// An index into `ends` plus one, or 0 for an empty slot; kept at most half full.
  private var slots = [UInt32](repeating: 0, count: 16)
  /// True while every name is ASCII: then equal bytes and equal `String`s are the same thing.
  private var isASCII = true
  /// Seeded per process, so no input can force every name into one probe chain.
  private let seed = UsedNames.processSeed

  private static let processSeed = UInt64.random(in: 0...UInt64.max)

  /// No names.
  package init() {}

  /// The names of `names`.
  package init(_ names: [String]) {
    for name in names {
      let bytes = Array(name.utf8)
      insert(bytes, start: 0, count: bytes.count)
    }
  }

  /// The names as `String`s, in first-use order; names that are equal `String`s (canonical
  /// equivalence, repaired invalid UTF-8) appear once.
  package var names: [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for index in ends.indices {
      let name = self.name(at: index)
      if seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// Adds the name `source[start..<start + count]` unless the same bytes are present.
  package mutating func insert(_ source: [UInt8], start: Int, count: Int) {
    source.withUnsafeBufferPointer { source in
      let name = UnsafeBufferPointer(rebasing: source[start..<start + count])
      var slot = firstSlot(UsedNames.key(source, start: start, count: count))
      let mask = slots.count - 1
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { break }
        if same(entry - 1, name) { return }
        slot = (slot + 1) & mask
      }
      bytes.append(contentsOf: name)
      ends.append(UInt32(truncatingIfNeeded: bytes.count))
      slots[slot] = UInt32(truncatingIfNeeded: ends.count)
      if isASCII && !ByteSearch.isASCII(name) { isASCII = false }
      if ends.count * 2 > slots.count { grow() }
    }
  }

  /// Gives back the room kept for more names: a file's set is complete once its facts are, and
  /// it lives until the scan ends.
  package mutating func shrinkToFit() {
    bytes = bytes.withUnsafeBufferPointer { Array($0) }
    ends = ends.withUnsafeBufferPointer { Array($0) }
  }

  /// Whether some name is equal to `name`, as `String`s compare.
  package func contains(_ name: String) -> Bool {
    if isASCII {
      let found = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
        // A name that is not ASCII may still equal an ASCII one (`\u{212A}` is `K`).
        guard ByteSearch.isASCII(bytes) else { return nil }
        return index(of: bytes) != nil
      }
      if let found, let found { return found }
    }
    return names.contains(name)
  }

  /// The names of `other` that equal one of these, as `String`s compare: by walking the smaller
  /// of the two and probing the other, so a file's names meet the tree's helper names in time
  /// of the fewer.
  package func intersection(_ other: UsedNames) -> [String] {
    guard isASCII && other.isASCII else {
      let mine = Set(names)
      return other.names.filter(mine.contains)
    }
    let (small, large) = ends.count <= other.ends.count ? (self, other) : (other, self)
    var found: [String] = []
    small.bytes.withUnsafeBufferPointer { bytes in
      for index in small.ends.indices {
        let name = UnsafeBufferPointer(rebasing: bytes[small.range(of: index)])
        if large.index(of: name) != nil { found.append(small.name(at: index)) }
      }
    }
    return found
  }

  /// The bytes of name `index` in `bytes`.
  private func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
  }

  /// The index of the name spelled `name`, or nil.
  private func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = firstSlot(UsedNames.key(name, start: 0, count: name.count))
    let mask = slots.count - 1
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return nil }
      if same(entry - 1, name) { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  private func name(at index: Int) -> String { String(decoding: bytes[range(of: index)], as: UTF8.self) }

  /// Whether name `index` is spelled `name`.
  @inline(__always)
  private func same(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let range = range(of: index)
    guard range.count == name.count else { return false }
    return bytes.withUnsafeBufferPointer { bytes in
      guard let stored = bytes.baseAddress, let probe = name.baseAddress else { return true }
      return memcmp(stored + range.lowerBound, probe, name.count) == 0
    }
  }

  /// The key of the name `source[start..<start + count]`.
  @inline(__always)
  private static func key(_ source: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> Key {
    var key = pack(source, start: start, count: min(count, 16))
    if count > 16, let base = source.baseAddress {
      key.tail = UInt64(littleEndian: UnsafeRawPointer(base + start + count - 8).loadUnaligned(as: UInt64.self))
    }
    key.count = count
    return key
  }

  /// The bytes `source[start..<start + count]` (`count` at most 16) as two words.
  @inline(__always)
  private static func pack(_ source: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> Key {
    var low: UInt64 = 0
    var high: UInt64 = 0
    if let base = source.baseAddress, start + 16 <= source.count {
      let raw = UnsafeRawPointer(base + start)
      low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      // Shifts of 64 or more give 0, so a full word keeps every bit.
      if count < 8 {
        low &= (1 << UInt64(8 * count)) &- 1
        high = 0
      } else {
        high &= (1 << UInt64(8 * (count - 8))) &- 1
      }
    } else {
      for index in 0..<count {
        let byte = UInt64(source[start + index])
        if index < 8 { low |= byte << UInt64(8 * index) } else { high |= byte << UInt64(8 * (index - 8)) }
      }
    }
    return Key(low: low, high: high, tail: 0, count: count)
  }

  private func firstSlot(_ key: Key) -> Int {
    slotOf(key, mask: slots.count - 1)
  }

  /// Each word goes through a xor-shift and a multiply (MurmurHash3's finaliser), so a byte
  /// anywhere reaches the low bits: names that differ in their last bytes (`model12`, `model13`)
  /// must not share a probe chain.
  private func slotOf(_ key: Key, mask: Int) -> Int {
    var hash = key.low ^ seed
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= key.high
    hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    hash ^= key.tail &+ UInt64(key.count)
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return Int(truncatingIfNeeded: hash) & mask
  }

  private mutating func grow() {
    var larger = [UInt32](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    bytes.withUnsafeBufferPointer { bytes in
      for index in ends.indices {
        let range = range(of: index)
        var slot = slotOf(UsedNames.key(bytes, start: range.lowerBound, count: range.count), mask: mask)
        while larger[slot] != 0 { slot = (slot + 1) & mask }
        larger[slot] = UInt32(truncatingIfNeeded: index + 1)
      }
    }
    slots = larger
  }
}
