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

  /// Scans `source` once. Each byte pair is looked up in a table (`pairKind`) whose entry
  /// names the one needle that pair may start; `pending` drops a pair once its flags are all
  /// set, so the loop body is one table load and one well-predicted branch per byte, and the
  /// scan ends as soon as every flag is known. It used to switch on a first-byte table, which
  /// mispredicted on the common letters `s`, `a`, `r` and `v`.
  package init(_ source: [UInt8]) {
    source.withUnsafeBufferPointer { bytes in
      ByteHints.pairKind.withUnsafeBufferPointer { pairKind in
        // The last byte is never a word start worth testing (every needle has two bytes or more).
        let last = bytes.count - 1
        var pending = pendingPairs()
        var index = 0
        while index < last {
          let pair = Int(pairKind[Int(bytes[index]) | Int(bytes[index + 1]) << 8])
          if pending & (1 << pair) != 0 {
            note(pair, bytes, index)
            pending = pendingPairs()
            if pending == 0 { break }
          }
          index += 1
        }
      }
    }
  }

  /// The pair kinds (bits) whose flags are not all set yet.
  private func pendingPairs() -> UInt32 {
    var pending: UInt32 = 0
    if !chainTerminal { pending |= 1 << Pair.si | 1 << Pair.su | 1 << Pair.re | 1 << Pair.va }
    if !chainTerminal || !hasAsync { pending |= 1 << Pair.as }
    if !sync { pending |= 1 << Pair.sy }
    if !hasAwait { pending |= 1 << Pair.aw }
    if !subject { pending |= 1 << Pair.subject }
    if !future { pending |= 1 << Pair.future }
    if !continuation { pending |= 1 << Pair.continuation }
    if !dispatchQueue { pending |= 1 << Pair.dispatchQueue }
    if !arrow { pending |= 1 << Pair.arrow }
    return pending
  }

  /// Sets the flag of the needle that starts at `index`, whose first two bytes are `pair`.
  private mutating func note(_ pair: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) {
    switch pair {
    case Pair.si: if ByteHints.matches(bytes, index, ByteHints.sink) { chainTerminal = true }
    case Pair.su: if ByteHints.matches(bytes, index, ByteHints.subscribe) { chainTerminal = true }
    case Pair.sy: if ByteHints.matches(bytes, index, ByteHints.syncWord) { sync = true }
    case Pair.as:
      if ByteHints.matches(bytes, index, ByteHints.assign) {
        chainTerminal = true
      } else if ByteHints.matches(bytes, index, ByteHints.asyncWord) {
        hasAsync = true
      }
    case Pair.aw: if ByteHints.matches(bytes, index, ByteHints.awaitWord) { hasAwait = true }
    case Pair.re: if ByteHints.matches(bytes, index, ByteHints.receive) { chainTerminal = true }
    case Pair.va: if ByteHints.matches(bytes, index, ByteHints.values) { chainTerminal = true }
    case Pair.subject: if ByteHints.matches(bytes, index, ByteHints.subjectWord) { subject = true }
    case Pair.future: if ByteHints.matches(bytes, index, ByteHints.futureWord) { future = true }
    case Pair.continuation: if ByteHints.matches(bytes, index, ByteHints.continuationWord) { continuation = true }
    case Pair.dispatchQueue: if ByteHints.matches(bytes, index, ByteHints.dispatchQueueWord) { dispatchQueue = true }
    case Pair.arrow: arrow = true
    default: break
    }
  }

  @inline(__always)
  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ word: [UInt8]) -> Bool {
    guard index + word.count <= bytes.count else { return false }
    for offset in 1..<word.count where bytes[index + offset] != word[offset] { return false }
    return true
  }

  /// The first two bytes of the needles; 0 is no needle.
  private enum Pair {
    static let si = 1, su = 2, sy = 3, `as` = 4, aw = 5, re = 6, va = 7
    static let subject = 8, future = 9, continuation = 10, dispatchQueue = 11, arrow = 12
  }

  /// For each byte pair (first byte in the low 8 bits): the `Pair` it starts, or 0.
  private static let pairKind: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 1 << 16)
    let pairs: [(String, Int)] = [
      ("si", Pair.si), ("su", Pair.su), ("sy", Pair.sy), ("as", Pair.as), ("aw", Pair.aw), ("re", Pair.re),
      ("va", Pair.va), ("Su", Pair.subject), ("Fu", Pair.future), ("Co", Pair.continuation),
      ("Di", Pair.dispatchQueue), ("->", Pair.arrow),
    ]
    for (text, pair) in pairs {
      let bytes = Array(text.utf8)
      table[Int(bytes[0]) | Int(bytes[1]) << 8] = UInt8(pair)
    }
    return table
  }()

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
}
