/// Whether a file's bytes may use or declare one of a few names, in one pass and without lexing.
///
/// A word is found where it is a whole run of ASCII identifier characters (`[A-Za-z0-9_]`), so
/// `Future` is found in `Future {`, `` `Future` `` and `Combine.Future` but not in `FutureValue`.
/// A *declared* word counts only where it may be the name a declaration introduces: after
/// `class`, `struct`, `enum`, `protocol`, `actor`, `typealias`, `extension` or `func`, with only
/// spaces, dots, backticks and comment characters between (`extension Combine.Future`,
/// ``struct `Future` ``).
///
/// Comments and strings count too: the search only ever says "maybe", and a wrong "maybe" costs
/// a file's analysis, never an answer. A byte of 0x80 or above ends a run, which can only find
/// more, never less.
package struct WordSearch: Sendable {
  /// Words that count wherever they appear, by length.
  private let used: [[[UInt8]]]
  /// Words that count where a declaration may introduce them, by length.
  private let declared: [[[UInt8]]]

  /// A search for `used` anywhere and `declared` as declared names (empty words are ignored).
  package init(used: some Sequence<String>, declared: some Sequence<String> = [String]()) {
    self.used = WordSearch.byLength(used)
    self.declared = WordSearch.byLength(declared)
  }

  private static func byLength(_ words: some Sequence<String>) -> [[[UInt8]]] {
    var byLength: [[[UInt8]]] = []
    for word in Set(words) where !word.isEmpty {
      let bytes = Array(word.utf8)
      if byLength.count <= bytes.count { byLength += Array(repeating: [], count: bytes.count + 1 - byLength.count) }
      byLength[bytes.count].append(bytes)
    }
    return byLength.map { $0.sorted { $0.lexicographicallyPrecedes($1) } }
  }

  /// True when there is no word to look for.
  package var isEmpty: Bool { used.allSatisfy(\.isEmpty) && declared.allSatisfy(\.isEmpty) }

  /// Whether `bytes` hold one of the words where it counts.
  package func occurs(in bytes: [UInt8]) -> Bool {
    guard !isEmpty else { return false }
    let (used, declared) = (self.used, self.declared)
    let table = WordSearch.byteClass
    return bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      // True after a declaring keyword, until a byte that cannot sit between it and the name.
      var afterKeyword = false
      while index < count {
        let byteClass = table[Int(buffer[index])]
        if byteClass != WordSearch.identifier {
          if byteClass == WordSearch.other { afterKeyword = false }
          index += 1
          continue
        }
        let start = index
        index += 1
        while index < count && table[Int(buffer[index])] == WordSearch.identifier { index += 1 }
        let length = index - start
        if length < used.count, used[length].contains(where: { WordSearch.equal(buffer, start, $0) }) { return true }
        if afterKeyword, length < declared.count,
          declared[length].contains(where: { WordSearch.equal(buffer, start, $0) })
        {
          return true
        }
        if WordSearch.isDeclaringKeyword(buffer, start, length) { afterKeyword = true }
      }
      return false
    }
  }

  @inline(__always)
  private static func equal(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: [UInt8]) -> Bool {
    for offset in word.indices where buffer[start + offset] != word[offset] { return false }
    return true
  }

  private static let declaringKeywords: [[UInt8]] = [
    "class", "struct", "enum", "protocol", "actor", "typealias", "extension", "func",
  ].map { Array($0.utf8) }

  @inline(__always)
  private static func isDeclaringKeyword(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
    guard length >= 4, length <= 9 else { return false }
    for keyword in declaringKeywords where keyword.count == length && equal(buffer, start, keyword) { return true }
    return false
  }

  /// Byte classes: part of an identifier; allowed between a keyword and the name it declares
  /// (white space, `.`, a backtick, comment characters); anything else.
  private static let identifier: UInt8 = 0
  private static let between: UInt8 = 1
  private static let other: UInt8 = 2
  private static let byteClass: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    {
      return identifier
    }
    return " \t\n\r.`/*".utf8.contains(byte) ? between : other
  }
}
