import Classify
import Testing

@Suite struct ByteHintsTests {
  /// The definition: each flag is set when its word occurs anywhere in the bytes.
  func reference(_ source: [UInt8]) -> [Bool] {
    func has(_ word: String) -> Bool {
      let word = Array(word.utf8)
      guard source.count >= word.count else { return false }
      return (0...(source.count - word.count)).contains { Array(source[$0..<$0 + word.count]) == word }
    }
    return [
      has("sink") || has("assign") || has("subscribe") || has("receive") || has("values"), has("Subject"),
      has("Future"), has("await"), has("async"), has("sync"), has("DispatchQueue"), has("Continuation"), has("->"),
    ]
  }

  func flags(_ hints: ByteHints) -> [Bool] {
    [
      hints.chainTerminal, hints.subject, hints.future, hints.hasAwait, hints.hasAsync, hints.sync,
      hints.dispatchQueue, hints.continuation, hints.arrow,
    ]
  }

  @Test func everyWordAloneAndAtTheEnds() {
    let words = [
      "sink", "assign", "subscribe", "receive", "values", "Subject", "Future", "await", "async", "sync",
      "DispatchQueue", "Continuation", "->",
    ]
    for word in words {
      for source in [word, "x" + word, word + "x", String(word.dropLast()), "as" + word, "a-" + word] {
        let bytes = Array(source.utf8)
        #expect(flags(ByteHints(bytes)) == reference(bytes), "\(source)")
      }
    }
  }

  @Test func randomTextAgreesWithTheReference() {
    var state: UInt64 = 42
    let pieces = [
      "s", "a", "r", "v", "S", "F", "C", "D", "-", ">", "sin", "sink", "assi", "assign", "async", "asyn", "await",
      "sync", "receive", "values", "Subject", "Future", "Continuation", "DispatchQueue", "subscribe", " ", "\n",
      // The bytes each word is searched by, alone and in broken words, so a search finds its
      // byte where the word is not and must go on.
      "k", "b", "g", "j", "w", "y", "Q", "Dispatch", "Queue", "Subj", "ject", "Futur", "Continu", "receiv", "valu",
    ]
    for _ in 0..<2000 {
      var source = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for _ in 0..<Int(state >> 60) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        source += pieces[Int(state >> 33) % pieces.count]
      }
      let bytes = Array(source.utf8)
      #expect(flags(ByteHints(bytes)) == reference(bytes), "\(source)")
    }
  }
}
