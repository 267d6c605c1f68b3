import SwiftLexer
import Synchronization

/// A file's `LineIndex`, built the first time a line is asked for, and shared by the classifier,
/// the type extents of the reference collector and the suppression directives of one file
/// (three indexes of the same bytes were 1.3% of a scan).
///
/// Most files report no finding and no fact with a line, and building the index (one pass over
/// every byte and an array of line starts) was 1.6% of the per-file work. The `Mutex` only
/// keeps the type `Sendable`: a file is analysed by one thread, so the lock is never contended.
package final class LazyLineIndex: Sendable {
  private let source: [UInt8]
  private let built = Mutex<LineIndex?>(nil)

  /// An index of `source`, not built yet.
  package init(_ source: [UInt8]) {
    self.source = source
  }

  /// The index, built now if it has not been yet.
  package var index: LineIndex { withIndex { $0 } }

  /// The 1-based line of byte `offset`, read in place: a copy of the index per question retained
  /// and released its three buffers, and the facts of a file ask for hundreds of lines.
  package func line(of offset: Int) -> Int { withIndex { $0.line(of: offset) } }

  /// `body` of the index, built first if it has not been yet; the index is lent, not copied.
  private func withIndex<Result>(_ body: (LineIndex) -> Result) -> Result {
    built.withLock { cached in
      if cached == nil { cached = LineIndex(source) }
      return body(cached.unsafelyUnwrapped)
    }
  }
}
