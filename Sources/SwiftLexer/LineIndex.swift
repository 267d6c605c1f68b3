/// Line starts of a file, for turning byte offsets into lines and columns on demand.
///
/// Built only when something is reported (ruff's `LineIndex`): lexing and matching work on byte
/// offsets alone. A line ends at `\n`, at `\r\n` or at a lone `\r`, as in the Swift compiler.
package struct LineIndex: Sendable {
  /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
  package let lineStarts: [Int]
  private let source: [UInt8]

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
  package func scalarColumn(of offset: Int) -> Int {
    let line = line(of: offset)
    var column = 1
    var index = lineStarts[line - 1]
    let end = min(offset, source.count)
    while index < end {
      if source[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return column
  }
}
