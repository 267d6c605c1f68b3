import Synchronization

/// Line starts of a file, for turning byte offsets into lines and columns on demand.
///
/// Built only when something is reported (ruff's `LineIndex`): lexing and matching work on byte
/// offsets alone. A line ends at `\n`, at `\r\n` or at a lone `\r`, as in the Swift compiler.
package struct LineIndex: Sendable {
  /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
  package let lineStarts: [Int]
  private let source: [UInt8]
  /// Scalar counts at every `ScalarCheckpoints.block` bytes, built the first time a column is
  /// asked for far into a long line.
  private let checkpoints = ScalarCheckpoints()

  package init(_ source: [UInt8]) {
    var starts: [Int] = [0]
    starts.reserveCapacity(source.count / 32 + 1)
    source.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      let raw = UnsafeRawPointer(base)
      let count = bytes.count
      var index = 0
      while index < count {
        // Eight bytes at a time: most words of source hold no line break and are skipped whole.
        if index &+ 8 <= count, !LineIndex.mayBreakLine(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
          index &+= 8
          continue
        }
        let stop = min(index &+ 8, count)
        while index < stop {
          let byte = bytes[index]
          if byte == 0x0A {
            starts.append(index &+ 1)
          } else if byte == 0x0D {
            if index &+ 1 < count && bytes[index &+ 1] == 0x0A { index &+= 1 }
            starts.append(index &+ 1)
          }
          index &+= 1
        }
      }
    }
    self.lineStarts = starts
    self.source = source
  }

  /// True when some byte of `word` is `\n` or `\r` (exact: the zero-byte test has no false
  /// positives when only its truth is used).
  @inline(__always)
  static func mayBreakLine(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let newlines = word ^ (ones &* 0x0A)
    let returns = word ^ (ones &* 0x0D)
    let zeroes = ((newlines &- ones) & ~newlines) | ((returns &- ones) & ~returns)
    return zeroes & highs != 0
  }

  /// The number of lines (a final newline starts an empty last line, as editors count).
  package var lineCount: Int { lineStarts.count }

  /// The 1-based line of `offset`.
  package func line(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  /// The 1-based line and 1-based UTF-8 byte column of `offset`.
  package func location(of offset: Int) -> (line: Int, column: Int) {
    let line = line(of: offset)
    return (line, offset - lineStarts[line - 1] + 1)
  }

  /// The 1-based column of `offset` counted in Unicode scalars (SARIF's `unicodeCodePoints`):
  /// every byte that is not a UTF-8 continuation byte starts a new scalar; an invalid byte
  /// counts as one.
  ///
  /// At most about `2 * ScalarCheckpoints.block` bytes are counted per call, in any order of
  /// calls: a column far into a long line is the difference of two running scalar counts taken
  /// from checkpoints every `block` bytes (built once, in one pass, the first time one is
  /// needed). Counting from the line start each time made a 1 MB one-line file with 10,000
  /// findings quadratic (68 s).
  package func scalarColumn(of offset: Int) -> Int {
    let line = line(of: offset)
    let lineStart = lineStarts[line - 1]
    let end = Swift.max(Swift.min(offset, source.count), lineStart)
    return source.withUnsafeBufferPointer { bytes in
      if end - lineStart <= ScalarCheckpoints.block {
        checkpoints.addWork(end - lineStart)
        return ScalarCheckpoints.scalars(bytes, lineStart..<end) + 1
      }
      return checkpoints.withCounts(bytes) { counts, work in
        func scalarsBefore(_ position: Int) -> Int {
          let block = position / ScalarCheckpoints.block
          let blockStart = block * ScalarCheckpoints.block
          work += position - blockStart
          return Int(counts[block]) + ScalarCheckpoints.scalars(bytes, blockStart..<position)
        }
        return scalarsBefore(end) - scalarsBefore(lineStart) + 1
      }
    }
  }

  /// Bytes counted so far for scalar columns (checkpoints included): the work counter the
  /// scaling tests hold to linear growth, never a clock.
  package var scalarColumnWork: Int { checkpoints.work }
}

/// Running scalar counts every `block` bytes of a file, built on first use; a class so that the
/// `LineIndex` value stays immutable and `Sendable` (its `Mutex` is only ever taken by the one
/// thread analysing the file).
private final class ScalarCheckpoints: Sendable {
  /// Bytes between checkpoints: a column costs at most two partial blocks.
  static let block = 256

  private struct State {
    /// `counts[k]` is the number of scalars in bytes `0 ..< k * block`.
    var counts: [UInt32]?
    var work = 0
  }

  private let state = Mutex(State())

  var work: Int { state.withLock { $0.work } }

  func addWork(_ bytes: Int) {
    state.withLock { $0.work += bytes }
  }

  /// Runs `body` with the counts, building them first if needed.
  func withCounts<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: ([UInt32], inout Int) -> R) -> R {
    state.withLock { state in
      if state.counts == nil {
        let blocks = bytes.count / Self.block + 1
        var counts = [UInt32](repeating: 0, count: blocks)
        var total = 0
        for index in 1..<blocks {
          total += Self.scalars(bytes, (index - 1) * Self.block..<index * Self.block)
          counts[index] = UInt32(truncatingIfNeeded: total)
        }
        state.counts = counts
        state.work += bytes.count
      }
      return body(state.counts!, &state.work)
    }
  }

  /// The number of bytes in `range` that are not UTF-8 continuation bytes, eight at a time.
  static func scalars(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard let base = bytes.baseAddress, !range.isEmpty else { return 0 }
    let raw = UnsafeRawPointer(base)
    var index = range.lowerBound
    var count = 0
    while index &+ 8 <= range.upperBound {
      // A continuation byte is 10xxxxxx: its top bit set and the next bit clear.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
      count &+= 8 &- continuations.nonzeroBitCount
      index &+= 8
    }
    while index < range.upperBound {
      if bytes[index] & 0xC0 != 0x80 { count &+= 1 }
      index &+= 1
    }
    return count
  }
}
