/// A small set of words looked up by a token's bytes, without building a `String`.
///
/// The words live in one flat buffer, so a lookup copies no array (iterating an array of
/// `[UInt8]` retains each element). A bit per length rejects most tokens before any compare.
package struct ByteWords: Sendable {
  /// The words, in the order given; lookups return an index into it.
  package let words: [String]
  private let flat: [UInt8]
  private let offsets: [Int]
  private let lengths: UInt64

  package init(_ words: [String]) {
    self.words = words
    var flat: [UInt8] = []
    var offsets = [0]
    var lengths: UInt64 = 0
    for word in words {
      flat.append(contentsOf: word.utf8)
      offsets.append(flat.count)
      let length = word.utf8.count
      if length < 64 { lengths |= 1 << UInt64(length) }
    }
    self.flat = flat
    self.offsets = offsets
    self.lengths = lengths
  }

  /// The index of the word at `position` of `view` (any kind), or nil.
  @inline(__always)
  package func index(at position: Int, in view: SourceView) -> Int? {
    let length = view.length(position)
    guard length > 0, length < 64, lengths & (1 << UInt64(length)) != 0 else { return nil }
    let start = view.startOffset(position)
    return view.stream.source.withUnsafeBufferPointer { index(in: $0, start: start, length: length) }
  }

  /// The index of the word spelled by `source[start..<start + length]`, or nil.
  package func index(in source: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Int? {
    guard length > 0, length < 64, lengths & (1 << UInt64(length)) != 0 else { return nil }
    return flat.withUnsafeBufferPointer { flat in
      offsets.withUnsafeBufferPointer { offsets in
        for word in 0..<(offsets.count - 1) where offsets[word + 1] - offsets[word] == length {
          let base = offsets[word]
          guard flat[base] == source[start] else { continue }
          var same = true
          for offset in 1..<length where flat[base + offset] != source[start + offset] {
            same = false
            break
          }
          if same { return word }
        }
        return nil
      }
    }
  }
}
