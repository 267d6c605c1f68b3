import SwiftLexer
import Testing

@Suite struct ByteStringSetTests {
  /// Random short texts, with many repeats; `ascii` keeps bytes below 0x80.
  func texts(seed: UInt64, ascii: Bool) -> [[UInt8]] {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    let alphabet: [UInt8] = ascii ? [0x41, 0x42, 0x61, 0x62, 0x2E, 0x5F] : [0x41, 0x61, 0xC3, 0xA9, 0x65, 0xCC, 0x81]
    return (0..<3000).map { _ in (0..<(next() % 6)).map { _ in alphabet[next() % alphabet.count] } }
  }

  @Test func keepsEachDistinctTextOnceInFirstInsertionOrder() {
    for ascii in [true, false] {
      let all = texts(seed: ascii ? 1 : 2, ascii: ascii)
      var set = ByteStringSet()
      var seen: Set<[UInt8]> = []
      var expected: [String] = []
      for text in all {
        text.withUnsafeBufferPointer { set.insert($0) }
        if seen.insert(text).inserted { expected.append(String(decoding: text, as: UTF8.self)) }
      }
      #expect(set.count == seen.count)
      #expect(set.strings() == expected)
      #expect(set.isASCII == ascii)
    }
  }

  @Test func asciiTextsSortLikeStrings() {
    var set = ByteStringSet()
    for text in texts(seed: 3, ascii: true) { set.insert(text[...]) }
    #expect(set.sortedASCIIStrings() == set.strings().sorted())
    var mixed = set
    mixed.insert(Array("é".utf8)[...])
    #expect(mixed.sortedASCIIStrings() == nil)
  }

  /// Long texts with shared prefixes and zero bytes: the eight-byte sort keys tie or mislead
  /// there, and the bytes must still decide.
  @Test func longASCIITextsSortLikeStrings() {
    var state: UInt64 = 4
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    let alphabet: [UInt8] = [0x00, 0x41, 0x42, 0x61]
    var set = ByteStringSet()
    for _ in 0..<3000 {
      let text = (0..<(next() % 20)).map { _ in alphabet[next() % alphabet.count] }
      set.insert(text[...])
    }
    #expect(set.sortedASCIIStrings() == set.strings().sorted())
  }

  @Test func insertFromASourceRange() {
    let source = Array("let sink = sink.sink".utf8)
    var set = ByteStringSet()
    set.insert(from: source, start: 4, count: 4)
    set.insert(from: source, start: 11, count: 4)
    set.insert(from: source, start: 16, count: 4)
    set.insert(from: source, start: 0, count: 3)
    #expect(set.strings() == ["sink", "let"])
  }

  /// Texts of every length around the hash's and the compare's word boundaries: texts that
  /// differ in one byte anywhere stay distinct, and a high byte anywhere clears `isASCII`.
  @Test func longTextsDifferingInOneByte() {
    for length in 0...40 {
      var set = ByteStringSet()
      let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
      var expected = [base]
      base.withUnsafeBufferPointer { set.insert($0) }
      for position in 0..<length {
        var changed = base
        changed[position] = UInt8(ascii: "Z")
        expected.append(changed)
        changed.withUnsafeBufferPointer { set.insert($0) }
        changed.withUnsafeBufferPointer { set.insert($0) }
      }
      base.withUnsafeBufferPointer { set.insert($0) }
      #expect(set.strings() == expected.map { String(decoding: $0, as: UTF8.self) })
      #expect(set.isASCII)
      for position in 0..<length {
        var high = set
        var text = base
        text[position] = 0xE9
        high.insert(text[...])
        #expect(!high.isASCII)
        #expect(high.count == set.count + 1)
      }
    }
  }

  /// `index(inserting:)` gives a text the index of its first insertion, through growth.
  @Test func indexOfInsertionIsStable() {
    var set = ByteStringSet()
    let texts = (0..<5_000).map { Array("Sources/File\($0 % 1_700).swift".utf8) }
    var first: [String: Int] = [:]
    for text in texts {
      let index = set.index(inserting: text[...])
      let key = String(decoding: text, as: UTF8.self)
      #expect(index == first[key, default: index])
      first[key] = index
    }
    #expect(set.count == 1_700)
    #expect(set.strings()[42] == "Sources/File42.swift")
  }
}
