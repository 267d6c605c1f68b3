import SwiftLexer
import Testing

/// The one byte search behind the byte hints, the directive check and the classifier's text
/// tests: it must agree with a plain search whatever byte it anchors on.
@Suite struct ByteSearchTests {
  /// The plain answer: some offset where every byte of `needle` follows.
  static func plainContains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    if needle.isEmpty { return true }
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<$0 + needle.count]) == needle }
  }

  @Test func agreesWithAPlainSearchForEveryAnchor() {
    let texts = [
      "", "a", "ab", "ba", "aab", "abab", "DispatchQueue", "xDispatchQueu", "Queue.main", "->", "a->b", "- >",
    ]
    let needles = ["a", "ab", "b", "ba", "Queue", "DispatchQueue", "->", "aab", "abab"]
    for text in texts {
      for needle in needles {
        let bytes = Array(text.utf8)
        let word = Array(needle.utf8)
        for anchor in word.indices {
          #expect(
            ByteSearch.contains(bytes, word, anchor: anchor) == Self.plainContains(bytes, word),
            "\(needle) in \(text), anchor \(anchor)")
        }
      }
    }
  }

  @Test func anEmptyNeedleIsEverywhere() {
    #expect(ByteSearch.contains([], []))
    #expect(ByteSearch.contains(Array("abc".utf8), []))
  }

  @Test func asciiIsTestedAtEveryLengthAndPosition() {
    for length in 0..<20 {
      let ascii = [UInt8](repeating: 0x61, count: length)
      #expect(ascii.withUnsafeBufferPointer(ByteSearch.isASCII))
      for position in 0..<length {
        var bytes = ascii
        bytes[position] = 0xC3
        #expect(!bytes.withUnsafeBufferPointer(ByteSearch.isASCII), "high byte at \(position) of \(length)")
      }
    }
  }
}
