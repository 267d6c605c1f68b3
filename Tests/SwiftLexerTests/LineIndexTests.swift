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

  /// The definition the checkpointed count must agree with: scalars from the line start.
  func naiveScalarColumn(_ source: [UInt8], _ offset: Int) -> Int {
    let starts = referenceStarts(source)
    let lineStart = starts.last { $0 <= offset } ?? 0
    var column = 1
    for index in lineStart..<min(offset, source.count) where source[index] & 0xC0 != 0x80 { column += 1 }
    return column
  }

  @Test func scalarColumnsAgreeWithTheNaiveCountAtRandomOffsetsInAnyOrder() {
    var generator = SystemRandomNumberGenerator()
    // ASCII, two-, three- and four-byte scalars, stray continuation and invalid bytes, and rare
    // line breaks, so that lines run from empty to thousands of bytes (past many checkpoints).
    let pieces: [[UInt8]] = [
      [0x61], [0x20], Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80], [0xFF], [0xBF, 0xBF],
    ]
    for round in 0..<6 {
      var source: [UInt8] = []
      let length = [10, 300, 2_000, 9_000, 20_000, 40_000][round]
      while source.count < length {
        if Int.random(in: 0..<(round < 2 ? 20 : 3_000), using: &generator) == 0 {
          source += [[0x0A], [0x0D], [0x0D, 0x0A]].randomElement(using: &generator)!
        } else {
          source += pieces.randomElement(using: &generator)!
        }
      }
      let index = LineIndex(source)
      for _ in 0..<300 {
        let offset = Int.random(in: 0...source.count, using: &generator)
        #expect(
          index.scalarColumn(of: offset) == naiveScalarColumn(source, offset), "offset \(offset) of \(source.count)")
      }
    }
  }

  /// One line of `count` nested `Future { promise in Task { … } }` wrappers, and the column
  /// queries a scan makes of it: each finding's start and end, outer to inner (starts move
  /// forward, ends backward).
  func columnWork(nestedWrappers count: Int) -> Int {
    let open = Array("Future { promise in Task { ".utf8)
    let close = Array(" } } ".utf8)
    var source = Array("let x = ".utf8)
    for _ in 0..<count { source += open }
    source += Array("promise(.success(1))".utf8)
    for _ in 0..<count { source += close }
    let index = LineIndex(source)
    let innermostEnd = 8 + count * open.count + 20
    for level in 0..<count {
      _ = index.scalarColumn(of: 8 + level * open.count)
      _ = index.scalarColumn(of: innermostEnd + (count - level) * close.count)
    }
    return index.scalarColumnWork
  }

  @Test func scalarColumnWorkOnOneLongLineGrowsLinearly() {
    let small = columnWork(nestedWrappers: 2_000)
    let large = columnWork(nestedWrappers: 4_000)
    // One pass for the checkpoints, then at most two partial blocks a query: twice the
    // wrappers, at most twice the work (counting from the line start each time was 4 times).
    #expect(large <= 2 * small + 1_024, "\(small) then \(large) bytes counted")
    #expect(small < 2_000 * 2 * 2 * 256 + 2_000 * 31 + 1_024, "\(small) bytes counted")
  }
}
