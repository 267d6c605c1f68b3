/// The pieces the cursor has emitted so far, in manually managed memory, already split the way
/// `TokenStream` keeps them: the significant tokens as columns (kind, flags, start, length) and
/// the other pieces (trivia, zero-width string segments, the end of file) as whole `Token`s, each
/// with the number of significant tokens before it.
///
/// An `Array` append checks uniqueness (a runtime call) and capacity on every piece; here an
/// append is one capacity compare and a store per column. The capacities are generous (one
/// significant token per input byte): pages never written are never resident, so the estimate
/// costs address space, not memory. The cursor owns the buffer for one `Lexer.tokenize` call,
/// which moves it into arrays with `moveToStream(source:)`, one column at a time, freeing each
/// column as soon as it is copied (the peak is the columns plus the largest one, never two
/// copies of everything).
struct TokenBuffer {
  private var kinds: UnsafeMutablePointer<TokenKind>
  private var flags: UnsafeMutablePointer<Token.Flags>
  private var starts: UnsafeMutablePointer<UInt32>
  /// Lengths up to 254; 255 means the length is in `longLengths`.
  private var lengths: UnsafeMutablePointer<UInt8>
  private var longTokens: [Int32] = []
  private var longLengths: [UInt32] = []
  private var significantCapacity: Int
  /// How many significant tokens have been appended.
  private(set) var significantCount = 0

  private var others: UnsafeMutablePointer<Token>
  private var othersBefore: UnsafeMutablePointer<Int32>
  private var otherCapacity: Int
  private var otherCount = 0
  /// Whether the last piece appended was one of the others.
  private var lastIsOther = false

  init(inputCount: Int) {
    significantCapacity = Swift.max(inputCount + 16, 16)
    otherCapacity = Swift.max(inputCount / 2 + 16, 16)
    kinds = .allocate(capacity: significantCapacity)
    flags = .allocate(capacity: significantCapacity)
    starts = .allocate(capacity: significantCapacity)
    lengths = .allocate(capacity: significantCapacity)
    others = .allocate(capacity: otherCapacity)
    othersBefore = .allocate(capacity: otherCapacity)
  }

  /// How many pieces have been appended.
  var count: Int { significantCount &+ otherCount }

  /// True when `token` is one a pattern sees: no trivia, not the end of file, not an empty
  /// string segment.
  @inline(__always)
  static func isSignificant(_ token: Token) -> Bool {
    !(token.kind.isTrivia || token.kind == .endOfFile || (token.start == token.end && token.kind == .stringSegment))
  }

  /// Appends `token`, growing the allocation when it is full.
  @inline(__always)
  mutating func append(_ token: Token) {
    if Self.isSignificant(token) {
      if significantCount == significantCapacity { growSignificant() }
      (kinds + significantCount).initialize(to: token.kind)
      (flags + significantCount).initialize(to: token.flags)
      (starts + significantCount).initialize(to: token.start)
      let length = token.end &- token.start
      if length < 0xFF {
        (lengths + significantCount).initialize(to: UInt8(truncatingIfNeeded: length))
      } else {
        (lengths + significantCount).initialize(to: 0xFF)
        appendLong(length)
      }
      significantCount &+= 1
      lastIsOther = false
    } else {
      if otherCount == otherCapacity { growOthers() }
      (others + otherCount).initialize(to: token)
      (othersBefore + otherCount).initialize(to: Int32(truncatingIfNeeded: significantCount))
      otherCount &+= 1
      lastIsOther = true
    }
  }

  /// Out of line: tokens of 255 bytes or more (long string segments) are rare.
  @inline(never)
  private mutating func appendLong(_ length: UInt32) {
    longTokens.append(Int32(truncatingIfNeeded: significantCount))
    longLengths.append(length)
  }

  /// Kept out of line: it runs a handful of times per file at most.
  @inline(never)
  private mutating func growSignificant() {
    let newCapacity = significantCapacity * 2
    kinds = Self.moved(kinds, count: significantCount, to: newCapacity)
    flags = Self.moved(flags, count: significantCount, to: newCapacity)
    starts = Self.moved(starts, count: significantCount, to: newCapacity)
    lengths = Self.moved(lengths, count: significantCount, to: newCapacity)
    significantCapacity = newCapacity
  }

  @inline(never)
  private mutating func growOthers() {
    let newCapacity = otherCapacity * 2
    others = Self.moved(others, count: otherCount, to: newCapacity)
    othersBefore = Self.moved(othersBefore, count: otherCount, to: newCapacity)
    otherCapacity = newCapacity
  }

  private static func moved<T>(_ base: UnsafeMutablePointer<T>, count: Int, to capacity: Int) -> UnsafeMutablePointer<T>
  {
    let newBase = UnsafeMutablePointer<T>.allocate(capacity: capacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    return newBase
  }

  /// Marks the significant token at `position` (an opening quote) as never closed.
  mutating func flagUnterminated(significant position: Int) {
    if position >= 0 && position < significantCount { flags[position].insert(.unterminated) }
  }

  /// The last piece when it is one of the others (trivia), `nil` otherwise.
  var lastOther: Token? { lastIsOther && otherCount > 0 ? others[otherCount - 1] : nil }

  /// Moves the end of the last piece, which must be one of the others.
  mutating func setLastOtherEnd(_ end: UInt32) {
    precondition(lastIsOther && otherCount > 0, "the last piece is not trivia")
    others[otherCount - 1].end = end
  }

  /// Copies the pieces into a stream's arrays and frees the buffer; it must not be used after.
  mutating func moveToStream(source: [UInt8]) -> TokenStream {
    func take<T>(_ base: UnsafeMutablePointer<T>, _ count: Int) -> [T] {
      let array = [T](UnsafeBufferPointer(start: base, count: count))
      base.deallocate()
      return array
    }
    let count = significantCount
    // Flags are rare (interpolated code, unterminated literals, errors): kept sparse.
    var flaggedPositions: [Int32] = []
    var flaggedFlags: [Token.Flags] = []
    for position in 0..<count where !flags[position].isEmpty {
      flaggedPositions.append(Int32(truncatingIfNeeded: position))
      flaggedFlags.append(flags[position])
    }
    flags.deallocate()
    let stream = TokenStream(
      source: source, kinds: take(kinds, count), starts: take(starts, count), lengths: take(lengths, count),
      longTokens: longTokens, longLengths: longLengths, flaggedPositions: flaggedPositions,
      flaggedFlags: flaggedFlags, others: take(others, otherCount), othersBefore: take(othersBefore, otherCount))
    significantCount = 0
    otherCount = 0
    significantCapacity = 0
    otherCapacity = 0
    return stream
  }

  /// Frees the buffer without building a stream.
  mutating func discard() {
    kinds.deallocate()
    flags.deallocate()
    starts.deallocate()
    lengths.deallocate()
    others.deallocate()
    othersBefore.deallocate()
    significantCount = 0
    otherCount = 0
  }
}
