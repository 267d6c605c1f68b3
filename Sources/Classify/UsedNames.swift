/// The names a file uses as members or calls (`x.firstValue`, `asyncMap {`), each once.
///
/// Every call and member name of every file goes in, and the global pass only asks whether a
/// few bridge helper names are among them. So no `String` is made per name (making and hashing
/// one per name was most of collecting a file's facts): a name's first 16 bytes, last 8 and
/// length are kept as words, which are its hash key and most of its equality test; only the
/// bytes past the 16th of a longer name are kept as bytes.
package struct UsedNames: Sendable, Hashable {
  /// A name by words, little-endian, zero-padded.
  private struct Key: Hashable {
    /// Bytes 0..<8 and 8..<16.
    var low: UInt64
    var high: UInt64
    /// The last 8 bytes of a name longer than 16, else 0.
    var tail: UInt64
    var count: Int
  }

  /// The distinct names, in first-use order.
  private var keys: [Key] = []
  /// For each name longer than 16 bytes: where its bytes past the 16th start in `rest`.
  private var restStarts: [Int] = []
  private var rest: [UInt8] = []
  /// An index into `keys`, or -1; kept at most half full.
  private var slots = [Int32](repeating: -1, count: 64)
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
    for index in keys.indices {
      let name = self.name(at: index)
      if seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// Adds the name `source[start..<start + count]` unless the same bytes are present.
  package mutating func insert(_ source: [UInt8], start: Int, count: Int) {
    source.withUnsafeBufferPointer { source in
      let key = UsedNames.key(source, start: start, count: count)
      var slot = firstSlot(key)
      let mask = slots.count - 1
      while true {
        let index = Int(slots[slot])
        if index < 0 { break }
        if same(index, key, source, start: start) { return }
        slot = (slot + 1) & mask
      }
      slots[slot] = Int32(keys.count)
      keys.append(key)
      if count > 16 {
        restStarts.append(rest.count)
        let bytes = UnsafeBufferPointer(rebasing: source[start + 16..<start + count])
        rest.append(contentsOf: bytes)
        if !Classifier.isASCII(bytes) || (key.low | key.high) & 0x8080_8080_8080_8080 != 0 { isASCII = false }
      } else {
        restStarts.append(-1)
        if (key.low | key.high) & 0x8080_8080_8080_8080 != 0 { isASCII = false }
      }
      if keys.count * 2 > slots.count { grow() }
    }
  }

  /// Whether some name is equal to `name`, as `String`s compare.
  package func contains(_ name: String) -> Bool {
    if isASCII {
      let found = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
        // A name that is not ASCII may still equal an ASCII one (`\u{212A}` is `K`).
        guard Classifier.isASCII(bytes) else { return nil }
        return index(of: UsedNames.key(bytes, start: 0, count: bytes.count), bytes, start: 0) != nil
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
    let (small, large) = keys.count <= other.keys.count ? (self, other) : (other, self)
    var found: [String] = []
    small.rest.withUnsafeBufferPointer { rest in
      for (index, key) in small.keys.enumerated() {
        // `same` reads a long name's bytes past the 16th from `start + 16`.
        if large.index(of: key, rest, start: small.restStarts[index] - 16) != nil {
          found.append(small.name(at: index))
        }
      }
    }
    return found
  }

  /// The index of the name `key`, whose bytes are at `start` of `source`, or nil.
  private func index(of key: Key, _ source: UnsafeBufferPointer<UInt8>, start: Int) -> Int? {
    var slot = firstSlot(key)
    let mask = slots.count - 1
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if same(index, key, source, start: start) { return index }
      slot = (slot + 1) & mask
    }
  }

  /// The bytes of name `index`.
  private func bytes(at index: Int) -> [UInt8] {
    let key = keys[index]
    var bytes: [UInt8] = []
    for offset in 0..<min(key.count, 16) {
      let word = offset < 8 ? key.low : key.high
      bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * (offset % 8))))
    }
    if key.count > 16 {
      let start = restStarts[index]
      bytes.append(contentsOf: rest[start..<start + key.count - 16])
    }
    return bytes
  }

  private func name(at index: Int) -> String { String(decoding: bytes(at: index), as: UTF8.self) }

  /// Whether name `index` is `key`, the name at `start` of `source`.
  @inline(__always)
  private func same(_ index: Int, _ key: Key, _ source: UnsafeBufferPointer<UInt8>, start: Int) -> Bool {
    guard keys[index] == key else { return false }
    guard key.count > 16 else { return true }
    let from = restStarts[index]
    return rest.withUnsafeBufferPointer { rest in
      for offset in 0..<key.count - 16 where rest[from + offset] != source[start + 16 + offset] { return false }
      return true
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
    var larger = [Int32](repeating: -1, count: slots.count * 2)
    let mask = larger.count - 1
    for (index, key) in keys.enumerated() {
      var slot = slotOf(key, mask: mask)
      while larger[slot] >= 0 { slot = (slot + 1) & mask }
      larger[slot] = Int32(index)
    }
    slots = larger
  }
}
