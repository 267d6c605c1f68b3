import ScanModel
import Testing

/// Report paths sort byte-wise on UTF-8; the fast comparison must agree with the plain one.
@Suite struct UTF8OrderTests {
  @Test func agreesWithByteWiseOrder() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [String] = ["a", "b", "/", ".", "A", "é", "Z", "0", "_", "\u{1F600}", "e\u{301}"]
    var samples = ["", "a", "a/b", "a.swift", "a/b.swift", "ab", "é", "e\u{301}", "Z", "z"]
    for _ in 0..<300 {
      let length = Int.random(in: 0...6, using: &generator)
      samples.append((0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined())
    }
    for lhs in samples {
      for rhs in samples.prefix(60) {
        #expect(UTF8Order.precedes(lhs, rhs) == lhs.utf8.lexicographicallyPrecedes(rhs.utf8), "\(lhs) vs \(rhs)")
      }
    }
  }

  @Test func bridgedAndSubstringBackedStringsToo() {
    let long = String(repeating: "Sources/Feature/", count: 8)
    let sliced = String(long.dropFirst(8))
    #expect(UTF8Order.precedes(sliced, long) == sliced.utf8.lexicographicallyPrecedes(long.utf8))
    #expect(!UTF8Order.precedes(long, long))
  }
}
