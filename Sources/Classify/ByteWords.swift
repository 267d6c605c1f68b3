/// A small set of words looked up by a token's bytes, without building a `String`.
///
/// The words live in one flat buffer, so a lookup copies no array (iterating an array of
/// `[UInt8]` retains each element). A bit per (first byte, length) rejects most tokens before
/// any compare: `self` and `value` share a length with some keyword, rarely a first byte too.
package struct ByteWords: Sendable {
  /// The words, in the order given; lookups return an index into it.
  package let words: [String]
  /// The words' bytes, shortest words first.
  private let flat: [UInt8]
  /// For each length `n` below 64: the first slot of the words of that length; `n + 1` ends them.
  private let firstOfLength: [Int]
  /// For each slot: where its bytes start in `flat`.
  private let offsets: [Int]
  /// For each slot: the index in `words`.
  private let original: [Int]
  /// For each first byte: bit `n` is set when some word of `n` bytes (below 64) starts with it.
  private let shapes: [UInt64]

  package init(_ words: [String]) {
    self.words = words
    let order = words.indices.sorted { (words[$0].utf8.count, $0) < (words[$1].utf8.count, $1) }
    var flat: [UInt8] = []
    var offsets: [Int] = []
    var firstOfLength = [Int](repeating: 0, count: 65)
    var shapes = [UInt64](repeating: 0, count: 256)
    for index in order {
      offsets.append(flat.count)
      flat.append(contentsOf: words[index].utf8)
    }
    // Slots are sorted by length: count how many are shorter than each length.
    for length in 0...64 {
      firstOfLength[length] = order.filter { words[$0].utf8.count < length }.count
    }
    for word in words where word.utf8.count < 64 {
      if let first = word.utf8.first { shapes[Int(first)] |= 1 << UInt64(word.utf8.count) }
    }
    self.flat = flat
    self.offsets = offsets
    self.original = order
    self.firstOfLength = firstOfLength
    self.shapes = shapes
  }

  /// The index of the word at `position` of `view` (any kind), or nil.
  @inline(__always)
  package func index(at position: Int, in view: SignificantTokenView) -> Int? {
    let length = view.length(position)
    guard length > 0, length < 64 else { return nil }
    let start = view.startOffset(position)
    return view.stream.source.withUnsafeBufferPointer { index(in: $0, start: start, length: length) }
  }

  /// The index of the word spelled by `source[start..<start + length]`, or nil.
  ///
  /// Inlined up to the shape test, which rejects most tokens; the compare is out of line.
  @inline(__always)
  package func index(in source: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Int? {
    guard length > 0, length < 64 else { return nil }
    let first = source[start]
    guard shapes[Int(first)] & (1 << UInt64(length)) != 0 else { return nil }
    return compare(source, start: start, length: length, first: first)
  }

  /// The word of `length` bytes starting with `first` that `source` spells at `start`, if any.
  private func compare(_ source: UnsafeBufferPointer<UInt8>, start: Int, length: Int, first: UInt8) -> Int? {
    return flat.withUnsafeBufferPointer { flat in
      offsets.withUnsafeBufferPointer { offsets in
        for slot in firstOfLength[length]..<firstOfLength[length + 1] {
          let base = offsets[slot]
          guard flat[base] == first else { continue }
          var same = true
          for offset in 1..<length where flat[base + offset] != source[start + offset] {
            same = false
            break
          }
          if same { return original[slot] }
        }
        return nil
      }
    }
  }
}
