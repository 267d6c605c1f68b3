import SwiftLexer

/// Which words a file's bytes contain, found before any token analysis.
///
/// A detector whose key words are absent cannot report anything, so it is skipped, and the
/// shared views only it reads (publisher chains, subject declarations) are not built. The test
/// is on raw bytes, comments and strings included, so it only ever says "maybe": a word in a
/// comment keeps a detector running, never the reverse.
package struct ByteHints: Sendable {
  /// `sink`, `assign`, `subscribe`, `receive` or `values`: a publisher chain may end here.
  package var chainTerminal: Bool { has(.chainTerminal) }
  /// `Subject`: `PassthroughSubject` or `CurrentValueSubject` may be declared.
  package var subject: Bool { has(.subject) }
  /// `Future`.
  package var future: Bool { has(.future) }
  /// `await`.
  package var hasAwait: Bool { has(.hasAwait) }
  /// `async`: every bridge helper's head says it.
  package var hasAsync: Bool { has(.hasAsync) }
  /// `sync`: `queue.sync`, `queue.async`, `queue.asyncAfter`.
  package var sync: Bool { has(.sync) }
  /// `DispatchQueue` appears: the queue-guarded-state detector names the type it looks for.
  package var dispatchQueue: Bool { has(.dispatchQueue) }
  /// `Continuation`: `withCheckedContinuation` and the other continuation functions.
  package var continuation: Bool { has(.continuation) }
  /// `->`: a function may take a closure parameter (completion handlers).
  package var arrow: Bool { has(.arrow) }
  /// `StateObject`, `ObservedObject` or `EnvironmentObject` (either case): a view may hold an
  /// `ObservableObject`.
  package var viewUse: Bool { has(.viewUse) }
  /// `onReceive` or `objectWillChange`: a subscription to a model's publishers may be here.
  package var modelSubscription: Bool { has(.modelSubscription) }
  /// `Publisher`, `Subscri…`, `Subject`, `Future`, `Just` or `Async`: publishers (or their async
  /// alternatives) may be declared here.
  package var producer: Bool { has(.producer) || has(.subject) || has(.future) }
  /// `public` or `open`: the file may declare API for other modules (most app files do not,
  /// and asking each of their declarations for its access level was most of the API detector).
  package var access: Bool { has(.access) }

  /// Searches `source` for each needle until its flag is set.
  ///
  /// Each needle is found through its rarest byte (`Needle.anchor`: `Q` in `DispatchQueue`,
  /// `j` in `Subject`) with `memchr`, which reads many bytes per instruction, and then compared
  /// in full. Most files lack most needles, so most searches read the whole file: a dozen
  /// `memchr` passes still cost a third of the old single pass, a table lookup per byte pair
  /// (about 14 instructions a byte). A flag set by one needle skips its other needles.
  package init(_ source: [UInt8]) {
    source.withUnsafeBufferPointer { bytes in
      for needle in ByteHints.needles where !has(needle.flag) {
        let found = needle.bytes.withUnsafeBufferPointer { ByteSearch.contains(bytes, $0, anchor: needle.anchor) }
        if found { flags |= 1 << needle.flag.rawValue }
      }
    }
  }

  /// One bit per `Flag`: set when a needle of that flag was found. (The needle table cannot
  /// name the stored flags by key path: a key path access is a runtime call, a tenth of the
  /// hints' time.)
  private var flags: UInt16 = 0

  /// The flags, by bit number, so the needle table can name them.
  private enum Flag: UInt16 {
    case chainTerminal, subject, future, hasAwait, hasAsync, sync, dispatchQueue, continuation, arrow, viewUse
    case modelSubscription, producer, access
  }

  private func has(_ flag: Flag) -> Bool { flags & (1 << flag.rawValue) != 0 }

  /// A word to find, the flag it sets, and where its least common byte sits in it.
  private struct Needle: Sendable {
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
    // `j` is rare in Swift source; `nvironmentObject` is both `@EnvironmentObject` and
    // `.environmentObject(…)`.
    Needle("StateObject", .viewUse, anchor: "j"),
    Needle("ObservedObject", .viewUse, anchor: "j"),
    Needle("nvironmentObject", .viewUse, anchor: "j"),
    Needle("onReceive", .modelSubscription, anchor: "R"),
    Needle("objectWillChange", .modelSubscription, anchor: "W"),
    Needle("Publisher", .producer, anchor: "P"),
    Needle("Subscri", .producer, anchor: "b"),
    Needle("Just", .producer, anchor: "J"),
    // `AsyncStream`, `AsyncSequence`: a library's async alternative beside its publisher API.
    Needle("Async", .producer, anchor: "A"),
    Needle("public", .access, anchor: "b"),
    Needle("open", .access, anchor: "p"),
  ]
}
