#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which words a file's bytes contain, found before any token analysis.
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

  /// Searches `source` for each needle until its flag is set.
  ///
  /// Each needle is found through its rarest byte (`Needle.anchor`: `Q` in `DispatchQueue`,
  /// `j` in `Subject`) with `memchr`, which reads many bytes per instruction, and then compared
  /// in full. Most files lack most needles, so most searches read the whole file: a dozen
  /// `memchr` passes still cost a third of the old single pass, a table lookup per byte pair
  /// (about 14 instructions a byte). A flag set by one needle skips its other needles.
  package init(_ source: [UInt8]) {
    source.withUnsafeBufferPointer { bytes in
      for needle in ByteHints.needles where !self[flag: needle.flag] {
        if ByteHints.contains(bytes, needle) { self[flag: needle.flag] = true }
      }
    }
  }

  /// The flags, by number, so the needle table can name them.
  private enum Flag: Int {
    case chainTerminal, subject, future, hasAwait, hasAsync, sync, dispatchQueue, continuation, arrow
  }

  private subscript(flag flag: Flag) -> Bool {
    get {
      switch flag {
      case .chainTerminal: chainTerminal
      case .subject: subject
      case .future: future
      case .hasAwait: hasAwait
      case .hasAsync: hasAsync
      case .sync: sync
      case .dispatchQueue: dispatchQueue
      case .continuation: continuation
      case .arrow: arrow
      }
    }
    set {
      switch flag {
      case .chainTerminal: chainTerminal = newValue
      case .subject: subject = newValue
      case .future: future = newValue
      case .hasAwait: hasAwait = newValue
      case .hasAsync: hasAsync = newValue
      case .sync: sync = newValue
      case .dispatchQueue: dispatchQueue = newValue
      case .continuation: continuation = newValue
      case .arrow: arrow = newValue
      }
    }
  }

  /// A word to find, the flag it sets, and where its least common byte sits in it.
  private struct Needle {
    var bytes: [UInt8]
    var flag: Flag
    /// Index in `bytes` of the byte `memchr` looks for: one that is rare in Swift source.
    var anchor: Int

    init(_ text: String, _ flag: Flag, anchor: Character) {
      self.bytes = Array(text.utf8)
      self.flag = flag
      self.anchor = bytes.firstIndex(of: anchor.asciiValue ?? 0) ?? 0
    }
  }

  private static let needles: [Needle] = [
    Needle("sink", .chainTerminal, anchor: "k"),
    Needle("subscribe", .chainTerminal, anchor: "b"),
    Needle("assign", .chainTerminal, anchor: "g"),
    Needle("receive", .chainTerminal, anchor: "v"),
    Needle("values", .chainTerminal, anchor: "v"),
    Needle("Subject", .subject, anchor: "j"),
    Needle("Future", .future, anchor: "F"),
    Needle("await", .hasAwait, anchor: "w"),
    Needle("async", .hasAsync, anchor: "y"),
    Needle("sync", .sync, anchor: "y"),
    Needle("DispatchQueue", .dispatchQueue, anchor: "Q"),
    Needle("Continuation", .continuation, anchor: "C"),
    Needle("->", .arrow, anchor: ">"),
  ]

  /// True when `needle` occurs in `bytes`.
  private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: Needle) -> Bool {
    guard let base = bytes.baseAddress, bytes.count >= needle.bytes.count else { return false }
    let anchorByte = Int32(needle.bytes[needle.anchor])
    let before = needle.anchor
    let after = needle.bytes.count - needle.anchor
    // An anchor before `from` would start the word before the buffer; one at `limit` or later
    // would end it past the buffer.
    var from = before
    let limit = bytes.count - after + 1
    return needle.bytes.withUnsafeBufferPointer { word in
      while from < limit {
        guard let hit = memchr(base + from, anchorByte, limit - from) else { return false }
        let anchorAt = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        let start = anchorAt - before
        var same = true
        for offset in 0..<word.count where bytes[start + offset] != word[offset] {
          same = false
          break
        }
        if same { return true }
        from = anchorAt + 1
      }
      return false
    }
  }
}
