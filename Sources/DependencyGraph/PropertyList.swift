/// An old-style (OpenStep) property list, the format of `project.pbxproj`, as byte ranges over
/// the file's own bytes.
///
/// Reading builds no `String` and no dictionary: each value is one `Node` in a flat array
/// (preorder, a container's children right after it), pointing at its text in `bytes`. A
/// string is decoded only when the project model asks for it, and a key is compared byte for
/// byte. A large project's objects are mostly never asked about (resource files, the build files
/// of other phases), so they now cost a node each, not a string and a table entry each.
package final class PropertyList: Sendable {
  /// What a node holds.
  enum Kind: UInt8, Sendable {
    case string, array, dictionary, data
  }

  /// One value. A string or data node's text is `bytes[start..<end]` (inside the quotes, escapes
  /// not yet applied when `escaped`); a container's children are the nodes from the next one up
  /// to `next` (a dictionary's alternate key, value), and `next` is the node after its subtree.
  struct Node: Sendable {
    var kind: Kind
    var escaped = false
    var start: Int
    var end: Int
    var next: Int
  }

  let bytes: [UInt8]
  let nodes: [Node]

  init(bytes: [UInt8], nodes: [Node]) {
    self.bytes = bytes
    self.nodes = nodes
  }

  /// The root value (the whole file).
  package var root: Value { Value(list: self, index: 0) }

  /// One value of the list: a node and the list that holds it.
  package struct Value: Sendable {
    let list: PropertyList
    let index: Int

    private var node: Node { list.nodes[index] }

    /// The string, when this is one (escapes applied).
    package var string: String? {
      guard node.kind == .string else { return nil }
      return list.text(of: index)
    }

    /// A data value's hex digits (`<0fbd 2A>` → `0fbd2A`), when this is one.
    package var data: String? {
      let node = self.node
      guard node.kind == .data else { return nil }
      return String(decoding: list.bytes[node.start..<node.end].filter(PBXProjectReader.isHexDigit), as: UTF8.self)
    }

    /// `base/self` for a string that is a plain relative path (no escapes, no empty, `.` or `..`
    /// component, no leading `/`), built from the bytes with no intermediate `String`; nil
    /// otherwise, for the caller's general join.
    package func plainPath(joinedTo base: String) -> String? {
      let node = self.node
      guard node.kind == .string, !node.escaped else { return nil }
      let bytes = list.bytes
      var atStart = true
      for position in node.start..<node.end {
        let byte = bytes[position]
        if byte == UInt8(ascii: "/") {
          if atStart { return nil }
          atStart = true
        } else {
          if atStart && byte == UInt8(ascii: ".") { return nil }
          atStart = false
        }
      }
      guard !atStart || node.end == node.start else { return nil }
      let count = node.end - node.start
      if count == 0 { return base }
      if base.isEmpty { return String(decoding: bytes[node.start..<node.end], as: UTF8.self) }
      var base = base
      return base.withUTF8 { prefix in
        bytes.withUnsafeBufferPointer { all in
          String(unsafeUninitializedCapacity: prefix.count + 1 + count) { buffer in
            _ = buffer.initialize(from: prefix)
            buffer[prefix.count] = UInt8(ascii: "/")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(prefix.count + 1)...]).initialize(
              from: UnsafeBufferPointer(rebasing: all[node.start..<node.end]))
            return prefix.count + 1 + count
          }
        }
      }
    }

    /// True when this is the string `text`, compared without decoding unless it has escapes.
    package func isString(_ text: String) -> Bool {
      list.nodes[index].kind == .string && list.equals(index, text)
    }

    /// The array's items, when this is one.
    package var array: [Value]? {
      guard node.kind == .array else { return nil }
      var items: [Value] = []
      list.forEachChild(of: index) { items.append(Value(list: list, index: $0)) }
      return items
    }

    /// The strings of an array, ignoring what is not a string (`( a, b, )` → `["a", "b"]`).
    package var strings: [String] {
      guard node.kind == .array else { return [] }
      var items: [String] = []
      list.forEachChild(of: index) { child in
        if list.nodes[child].kind == .string { items.append(list.text(of: child)) }
      }
      return items
    }

    /// The dictionary's entries in file order, keys decoded, when this is one.
    package var entries: [(key: String, value: Value)]? {
      guard node.kind == .dictionary else { return nil }
      var result: [(key: String, value: Value)] = []
      var child = index + 1
      let end = node.next
      while child < end {
        let value = list.nodes[child].next
        result.append((list.text(of: child), Value(list: list, index: value)))
        child = list.nodes[value].next
      }
      return result
    }

    /// The dictionary as a table (a key given twice: the last wins), when this is one.
    package var dictionary: [String: Value]? {
      guard let entries else { return nil }
      var table: [String: Value] = [:]
      table.reserveCapacity(entries.count)
      for entry in entries { table[entry.key] = entry.value }
      return table
    }

    /// The dictionary as a table keyed by the keys' bytes (a key given twice: the last wins),
    /// when this is one: for `objects`, whose ids are looked up thousands of times.
    package var table: Table? {
      node.kind == .dictionary ? Table(list, dictionary: index) : nil
    }

    /// True when this and `other` are strings of the same text.
    package func hasSameText(as other: Value) -> Bool {
      guard node.kind == .string, other.node.kind == .string else { return false }
      return list.withText(of: index) { mine in
        other.list.withText(of: other.index) { theirs in mine.elementsEqual(theirs) }
      }
    }

    /// The value under `key` of a dictionary (a key given twice: the last); nil for anything else.
    package subscript(key: String) -> Value? {
      let node = self.node
      guard node.kind == .dictionary else { return nil }
      var found: Int?
      var child = index + 1
      while child < node.next {
        let value = list.nodes[child].next
        if list.equals(child, key) { found = value }
        child = list.nodes[value].next
      }
      return found.map { Value(list: list, index: $0) }
    }
  }

  /// A dictionary's entries by key, hashed over the keys' bytes: no `String` per key.
  package struct Table: Sendable {
    let list: PropertyList
    /// Key and value node of each entry, in file order (a repeated key keeps its first place and
    /// its last value).
    private var keys: [Int] = []
    private var values: [Int] = []
    /// Entry + 1 per slot, 0 for an empty one; open addressing, at most a quarter full.
    private var slots: [Int]
    private let mask: Int

    init(_ list: PropertyList, dictionary index: Int) {
      self.list = list
      var pairs = 0
      list.forEachChild(of: index) { _ in pairs += 1 }
      var size = 4
      while size < 2 * pairs { size <<= 1 }
      slots = Array(repeating: 0, count: size)
      mask = size - 1
      keys.reserveCapacity(pairs / 2)
      values.reserveCapacity(pairs / 2)
      var child = index + 1
      let end = list.nodes[index].next
      while child < end {
        let value = list.nodes[child].next
        insert(key: child, value: value)
        child = list.nodes[value].next
      }
    }

    private mutating func insert(key: Int, value: Int) {
      let slot = list.withText(of: key) { text in find(text) }
      if slots[slot] != 0 {
        values[slots[slot] - 1] = value
      } else {
        keys.append(key)
        values.append(value)
        slots[slot] = keys.count
      }
    }

    /// Where a key's probe starts: FNV-1a over its bytes, its high bits spread by a Fibonacci
    /// multiply (ids differ in a few hex digits, which FNV alone leaves clustered).
    private func home(_ text: UnsafeBufferPointer<UInt8>) -> Int {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return Int(truncatingIfNeeded: (hash &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
    }

    /// Slots visited to find every key once: the table's lookup work, for cost-shape tests.
    package var probeCount: Int {
      var total = 0
      for (entry, key) in keys.enumerated() {
        var slot = list.withText(of: key) { home($0) }
        total += 1
        while slots[slot] != entry + 1 {
          slot = (slot + 1) & mask
          total += 1
        }
      }
      return total
    }

    /// The slot holding `text`, or the empty slot where it would go.
    private func find(_ text: UnsafeBufferPointer<UInt8>) -> Int {
      var slot = home(text)
      while slots[slot] != 0 {
        let key = keys[slots[slot] - 1]
        if list.withText(of: key, { $0.elementsEqual(text) }) { return slot }
        slot = (slot + 1) & mask
      }
      return slot
    }

    /// How many distinct keys.
    package var count: Int { keys.count }

    /// The entry whose key reads `key`.
    package func entry(named key: String) -> Int? {
      var key = key
      let slot = key.withUTF8 { find($0) }
      return slots[slot] == 0 ? nil : slots[slot] - 1
    }

    /// The entry whose key reads what the string `reference` reads (an object id used as a value).
    package func entry(of reference: Value?) -> Int? {
      guard let reference, reference.list.nodes[reference.index].kind == .string else { return nil }
      let slot = reference.list.withText(of: reference.index) { find($0) }
      return slots[slot] == 0 ? nil : slots[slot] - 1
    }

    /// The value of entry `entry`.
    package func value(_ entry: Int) -> Value { Value(list: list, index: values[entry]) }

    /// The key of entry `entry`.
    package func key(_ entry: Int) -> String { list.text(of: keys[entry]) }
  }

  /// Calls `body` with the bytes of the string node at `index`, escapes applied.
  func withText<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let node = nodes[index]
    if node.escaped {
      var text = text(of: index)
      return text.withUTF8(body)
    }
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[node.start..<node.end])) }
  }

  /// Calls `body` with each child node of the container at `index`, in order.
  @inline(__always)
  func forEachChild(of index: Int, _ body: (Int) -> Void) {
    var child = index + 1
    let end = nodes[index].next
    while child < end {
      body(child)
      child = nodes[child].next
    }
  }

  /// True when the string node at `index` reads `text`.
  func equals(_ index: Int, _ text: String) -> Bool {
    let node = nodes[index]
    if node.escaped { return self.text(of: index) == text }
    // Most keys compared are not the one looked for, and differ in length.
    guard text.utf8.count == node.end - node.start else { return false }
    var text = text
    return text.withUTF8 { utf8 in
      guard utf8.count == node.end - node.start else { return false }
      return bytes.withUnsafeBufferPointer { all in
        var offset = 0
        while offset < utf8.count {
          if all[node.start + offset] != utf8[offset] { return false }
          offset += 1
        }
        return true
      }
    }
  }

  /// The text of the string node at `index`, escapes applied.
  func text(of index: Int) -> String {
    let node = nodes[index]
    if !node.escaped { return String(decoding: bytes[node.start..<node.end], as: UTF8.self) }
    var text: [UInt8] = []
    var position = node.start
    while position < node.end {
      let byte = bytes[position]
      guard byte == UInt8(ascii: "\\"), position + 1 < node.end else {
        text.append(byte)
        position += 1
        continue
      }
      position += 1
      switch bytes[position] {
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "U"):
        // `\U2022`: four hex digits of a UTF-16 unit; a surrogate half becomes U+FFFD.
        var scalar: UInt32 = 0
        var digits = 0
        while digits < 4, position + 1 < node.end, PBXProjectReader.isHexDigit(bytes[position + 1]) {
          position += 1
          scalar = scalar * 16 + UInt32(PBXProjectReader.hexValue(bytes[position]))
          digits += 1
        }
        text.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
      default: text.append(bytes[position])
      }
      position += 1
    }
    return String(decoding: text, as: UTF8.self)
  }
}
