/// Whether a file's bytes hold any of a few whole words, in one pass and without lexing.
///
/// A word is found where it is a whole run of ASCII identifier characters (`[A-Za-z0-9_]`), so
/// `Future` is found in `Future {`, `` `Future` `` and `Combine.Future` but not in `FutureValue`.
/// Comments and strings count too: the search only ever says "maybe", and a wrong "maybe" costs
/// a file's analysis, never an answer. A byte of 0x80 or above ends a run, which can only find
/// more, never less.
package struct WordSearch: Sendable {
  /// The words, by length, each as bytes.
  private let wordsByLength: [[[UInt8]]]

  /// A search for `words` (empty words are ignored).
  package init(_ words: some Sequence<String>) {
    var byLength: [[[UInt8]]] = []
    for word in Set(words) where !word.isEmpty {
      let bytes = Array(word.utf8)
      if byLength.count <= bytes.count { byLength += Array(repeating: [], count: bytes.count + 1 - byLength.count) }
      byLength[bytes.count].append(bytes)
    }
    wordsByLength = byLength.map { $0.sorted { $0.lexicographicallyPrecedes($1) } }
  }

  /// True when there is no word to look for.
  package var isEmpty: Bool { wordsByLength.allSatisfy(\.isEmpty) }

  /// Whether `bytes` hold one of the words as a whole run.
  package func occurs(in bytes: [UInt8]) -> Bool {
    guard !isEmpty else { return false }
    let lengths = wordsByLength
    let table = WordSearch.isIdentifierByte
    return bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        guard table[Int(buffer[index])] else {
          index += 1
          continue
        }
        let start = index
        index += 1
        while index < count && table[Int(buffer[index])] { index += 1 }
        let length = index - start
        guard length < lengths.count else { continue }
        for word in lengths[length] where WordSearch.equal(buffer, start, word) { return true }
      }
      return false
    }
  }

  @inline(__always)
  private static func equal(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: [UInt8]) -> Bool {
    for offset in word.indices where buffer[start + offset] != word[offset] { return false }
    return true
  }

  private static let isIdentifierByte: [Bool] = (0..<256).map { value in
    let byte = UInt8(value)
    return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }
}
