import SwiftLexer
import Testing

@Suite struct LineIndexTests {
  /// The byte-at-a-time definition the word-at-a-time scan must agree with.
  func referenceStarts(_ source: [UInt8]) -> [Int] {
    var starts = [0]
    var index = 0
    while index < source.count {
      if source[index] == 0x0A {
        starts.append(index + 1)
      } else if source[index] == 0x0D {
        if index + 1 < source.count && source[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    return starts
  }

  @Test func lineBreaksAtEveryOffsetOfAWord() {
    // `\r\n` straddling an eight-byte boundary, breaks in the first and last byte of a word.
    for offset in 0..<20 {
      for tail in ["\n", "\r", "\r\n", "\n\r", "\r\r\n"] {
        let source = Array((String(repeating: "x", count: offset) + tail + "abcdefghij").utf8)
        #expect(LineIndex(source).lineStarts == referenceStarts(source))
      }
    }
  }

  @Test func randomBytesAgreeWithTheReference() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x61, 0x20, 0x8A, 0x8D, 0x0B, 0x0C, 0x09, 0xFF]
    for length in 0..<300 {
      var source: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        source.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      #expect(LineIndex(source).lineStarts == referenceStarts(source))
    }
  }
}
