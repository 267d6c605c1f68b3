/// Which words a file's bytes contain, found in one pass before any token analysis.
///
/// A detector whose key words are absent cannot report anything, so it is skipped, and the
/// shared views only it reads (publisher chains, subject declarations) are not built. The test
/// is on raw bytes, comments and strings included, so it only ever says "maybe": a word in a
/// comment keeps a detector running, never the reverse.
package struct ByteHints: Sendable {
  /// `sink`, `assign`, `subscribe`, `receive` or `values`: a publisher chain may end here.
  package var chainTerminal = false
  /// `Subject`: `PassthroughSubject` or `CurrentValueSubject` may be declared.
  package var subject = false
  /// `Future`.
  package var future = false
  /// `await`.
  package var hasAwait = false
  /// `async`: every bridge helper's head says it.
  package var hasAsync = false
  /// `sync`: `queue.sync`, `queue.async`, `queue.asyncAfter`.
  package var sync = false
  /// `DispatchQueue` appears: the queue-guarded-state detector names the type it looks for.
  package var dispatchQueue = false
  /// `Continuation`: `withCheckedContinuation` and the other continuation functions.
  package var continuation = false
  /// `->`: a function may take a closure parameter (completion handlers).
  package var arrow = false

  /// Scans `source` once. Candidate starts are found through a table of first bytes, so most
  /// bytes cost one load and one branch.
  package init(_ source: [UInt8]) {
    let table = ByteHints.isFirstByte
    let (sink, subscribe, syncWord) = (ByteHints.sink, ByteHints.subscribe, ByteHints.syncWord)
    let (assign, awaitWord, asyncWord) = (ByteHints.assign, ByteHints.awaitWord, ByteHints.asyncWord)
    let (receive, values, subjectWord) = (ByteHints.receive, ByteHints.values, ByteHints.subjectWord)
    let (futureWord, continuationWord) = (ByteHints.futureWord, ByteHints.continuationWord)
    source.withUnsafeBufferPointer { bytes in
      // The last byte is never a word start worth testing (every needle has two bytes or more).
      let last = bytes.count - 1
      var index = 0
      while index < last {
        let byte = bytes[index]
        guard table[Int(byte)] else {
          index += 1
          continue
        }
        // The second byte picks the one needle worth comparing.
        let second = bytes[index + 1]
        switch (byte, second) {
        case (UInt8(ascii: "s"), UInt8(ascii: "i")):
          if ByteHints.matches(bytes, index, sink) { chainTerminal = true }
        case (UInt8(ascii: "s"), UInt8(ascii: "u")):
          if ByteHints.matches(bytes, index, subscribe) { chainTerminal = true }
        case (UInt8(ascii: "s"), UInt8(ascii: "y")):
          if ByteHints.matches(bytes, index, syncWord) { sync = true }
        case (UInt8(ascii: "a"), UInt8(ascii: "s")):
          if ByteHints.matches(bytes, index, assign) {
            chainTerminal = true
          } else if ByteHints.matches(bytes, index, asyncWord) {
            hasAsync = true
          }
        case (UInt8(ascii: "a"), UInt8(ascii: "w")):
          if ByteHints.matches(bytes, index, awaitWord) { hasAwait = true }
        case (UInt8(ascii: "r"), UInt8(ascii: "e")):
          if ByteHints.matches(bytes, index, receive) { chainTerminal = true }
        case (UInt8(ascii: "v"), UInt8(ascii: "a")):
          if ByteHints.matches(bytes, index, values) { chainTerminal = true }
        case (UInt8(ascii: "S"), UInt8(ascii: "u")):
          if ByteHints.matches(bytes, index, subjectWord) { subject = true }
        case (UInt8(ascii: "F"), UInt8(ascii: "u")):
          if ByteHints.matches(bytes, index, futureWord) { future = true }
        case (UInt8(ascii: "C"), UInt8(ascii: "o")):
          if ByteHints.matches(bytes, index, continuationWord) { continuation = true }
        case (UInt8(ascii: "D"), UInt8(ascii: "i")):
          if ByteHints.matches(bytes, index, ByteHints.dispatchQueueWord) { dispatchQueue = true }
        case (UInt8(ascii: "-"), UInt8(ascii: ">")):
          arrow = true
        default:
          break
        }
        index += 1
      }
    }
  }

  @inline(__always)
  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ word: [UInt8]) -> Bool {
    guard index + word.count <= bytes.count else { return false }
    for offset in 1..<word.count where bytes[index + offset] != word[offset] { return false }
    return true
  }

  private static let sink = Array("sink".utf8)
  private static let subscribe = Array("subscribe".utf8)
  private static let syncWord = Array("sync".utf8)
  private static let assign = Array("assign".utf8)
  private static let awaitWord = Array("await".utf8)
  private static let asyncWord = Array("async".utf8)
  private static let receive = Array("receive".utf8)
  private static let values = Array("values".utf8)
  private static let subjectWord = Array("Subject".utf8)
  private static let futureWord = Array("Future".utf8)
  private static let continuationWord = Array("Continuation".utf8)
  private static let dispatchQueueWord = Array("DispatchQueue".utf8)

  private static let isFirstByte: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for byte in "sarvSFCD-".utf8 { table[Int(byte)] = true }
    return table
  }()
}
