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
