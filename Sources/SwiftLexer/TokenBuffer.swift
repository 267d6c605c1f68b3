/// The pieces the cursor has emitted so far, in manually managed memory.
///
/// An `Array` append checks uniqueness (a runtime call) and capacity on every piece, and a
/// file has about one piece per four bytes; here an append is one capacity compare and a store.
/// The cursor owns the buffer for one `Lexer.tokenize` call, which turns it into an array with
/// `moveToArray()`; nothing in between can throw, so the memory is never leaked.
struct TokenBuffer {
  /// The first piece; `count` are initialised, `capacity` allocated.
  private var base: UnsafeMutablePointer<Token>
  /// How many pieces have been appended.
  private(set) var count = 0
  private var capacity: Int
  /// Pieces with a significant kind (not trivia), counted as they are appended, so that the
  /// stream can size its significant-token index without a counting pass. It may over-count
  /// (`endOfFile`, empty string segments), never under-count.
  private(set) var significantEstimate = 0

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 16)
    self.base = .allocate(capacity: self.capacity)
  }

  /// Appends `token`, doubling the allocation when it is full.
  @inline(__always)
  mutating func append(_ token: Token) {
    if count == capacity { grow() }
    (base + count).initialize(to: token)
    count &+= 1
    significantEstimate &+= token.kind.isTrivia ? 0 : 1
  }

  /// Kept out of line: it runs a handful of times per file at most.
  @inline(never)
  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Token>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// The piece at `index`, which must be below `count`.
  @inline(__always)
  subscript(index: Int) -> Token {
    get {
      precondition(index >= 0 && index < count, "token index out of range")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "token index out of range")
      base[index] = newValue
    }
  }

  /// The last piece, `nil` when there is none.
  var last: Token? { count > 0 ? base[count - 1] : nil }

  /// Copies the pieces into an array and frees the buffer; the buffer must not be used after.
  mutating func moveToArray() -> [Token] {
    let tokens = [Token](UnsafeBufferPointer(start: base, count: count))
    base.deallocate()
    capacity = 0
    count = 0
    return tokens
  }
}
