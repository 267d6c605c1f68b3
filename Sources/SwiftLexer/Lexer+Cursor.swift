extension Lexer {
  /// The lexer's working state: the input bytes, the position, the pieces emitted so far and the
  /// state stack.
  ///
  /// Reads through an `UnsafeBufferPointer` (valid only inside `Lexer.tokenize`), with one byte
  /// of look-behind taken straight from the buffer, as swift-syntax's `Lexer.Cursor` carries
  /// its `previous` byte. Every piece is appended to `tokens` as soon as it is known.
  struct Cursor {
    /// The file's bytes.
    let input: UnsafeBufferPointer<UInt8>
    /// `input.count`, kept apart so bounds checks read a stored `Int`.
    let count: Int
    /// The byte class table, `CharacterClass.table`, pinned for the whole run.
    let classes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position: Int = 0
    /// Every piece so far, contiguous from 0 to `position` (or to the start of the token being
    /// lexed).
    var tokens: TokenBuffer
    /// The state stack above the implicit bottom `normal` state (see `Lexer+State.swift`).
    var states: [State] = []
    /// How many interpolation states the stack holds: while positive, pieces are code inside
    /// `\( … )` and carry `inInterpolation`.
    var interpolationDepth = 0
    /// Where the token being lexed starts; a regex literal lexed from inside an operator moves
    /// it, because it emits the operator and the literal's first pieces itself.
    var tokenStart: Int = 0
    /// The kind of the last significant token (meaningless until `hasPreviousToken`): the
    /// regex heuristics and `x.0.1` look at it.
    var previousKind: TokenKind = .endOfFile
    /// False until the first token: a regex literal may start the file.
    var hasPreviousToken = false
    /// For `poundDirective`: whether the previous directive was `#available`, `#unavailable` or
    /// `#sourceLocation` (after which a `/` is not a regex), not `#if` and friends.
    var previousDirectiveIsAvailability = false
    /// The keyword class of the previous token, `.none` when it was not a keyword.
    var previousKeyword: KeywordTag = .none
    /// Index in `tokens` of the first piece of the trivia run being lexed: adjacent unexpected
    /// text merges only within one run, as swift-syntax's trivia parser merges it.
    var triviaRunStart = 0
    /// The state change of the token being lexed, applied by the main loop after it emits the
    /// token; `nil` for most tokens.
    var pendingTransition: Lexer.Transition?
    /// Results of earlier scans that keep pathological inputs linear (see `Lexer.Memo`).
    var memo = Memo()
    /// Characters visited by look-ahead scans that may end without a token (regex literals):
    /// the work counter the scaling tests hold to linear growth.
    var lookAheadWork = 0

    init(input: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) {
      self.input = input
      self.count = input.count
      self.classes = classes
      // Capacities from the input size: pages never written cost no memory (see `TokenBuffer`).
      self.tokens = TokenBuffer(inputCount: input.count)
    }

    // MARK: - Reading

    /// The byte at `offset` past the position, or `nil` past the end.
    @inline(__always)
    func peek(_ offset: Int = 0) -> UInt8? {
      let index = position + offset
      return index < count ? input[index] : nil
    }

    /// True when the byte at `index` exists and is `byte`.
    @inline(__always)
    func hasByte(at index: Int, is byte: UInt8) -> Bool {
      index >= 0 && index < count && input[index] == byte
    }

    /// True when the byte at `index` exists and has any of the class bits `mask`.
    @inline(__always)
    func hasByte(at index: Int, in mask: UInt8) -> Bool {
      index < count && classes[Int(input[index])] & mask != 0
    }

    /// The class bits of `byte`.
    @inline(__always)
    func classOf(_ byte: UInt8) -> UInt8 {
      classes[Int(byte)]
    }

    /// True when the input at `index` starts with `literal`.
    func starts(at index: Int, with literal: [UInt8]) -> Bool {
      guard index + literal.count <= count else { return false }
      for offset in 0..<literal.count where input[index + offset] != literal[offset] { return false }
      return true
    }

    /// Decodes the UTF-8 scalar at `index` as swift-syntax's `Unicode.Scalar.lexing` does: the
    /// value, or `nil` for invalid UTF-8, and in both cases how many bytes the lexer steps
    /// over (an invalid lead byte skips the continuation bytes that follow it).
    @inline(__always)
    func scalar(at index: Int) -> (value: UInt32?, length: Int) {
      Self.scalar(in: input, at: index)
    }

    /// `scalar(at:)` on the bytes alone: static, so that a call from a mutating method passes
    /// two words instead of a copy of the whole cursor (which the optimiser made with `memcpy`
    /// on every identifier, before knowing whether the slow path would run).
    static func scalar(in input: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32?, length: Int) {
      let count = input.count
      let lead = input[index]
      if lead < 0x80 { return (UInt32(lead), 1) }
      guard CharacterClass.isUTF8Start(lead) else {
        var end = index + 1
        while end < count && !CharacterClass.isUTF8Start(input[end]) { end += 1 }
        return (nil, end - index)
      }
      let length = (~lead).leadingZeroBitCount
      var value = UInt32(lead & (0xFF >> UInt8(length + 1)))
      var end = index + 1
      for _ in 1..<length {
        guard end < count else { return (nil, end - index) }
        let next = input[end]
        if next < 0x80 || next >= 0xC0 { return (nil, end - index) }
        value = value << 6 | UInt32(next & 0x3F)
        end += 1
      }
      // Reject overlong encodings, surrogates and values past U+10FFFF.
      let bits = 32 - value.leadingZeroBitCount
      let minimal = bits <= 11 ? length == 2 : bits <= 16 ? length == 3 : length == 4
      guard minimal, Unicode.Scalar(value) != nil else { return (nil, end - index) }
      return (value, end - index)
    }

    /// If the scalar at the position satisfies `predicate`, steps over it and returns true.
    @inline(__always)
    mutating func advance(ifScalar predicate: (UInt32) -> Bool) -> Bool {
      guard position < count else { return false }
      let (value, length) = scalar(at: position)
      guard let value, predicate(value) else { return false }
      position += length
      return true
    }

    /// Steps over identifier continuation characters: ASCII through the table, eight bytes per
    /// bounds check, other scalars by their code point.
    @inline(__always)
    mutating func advanceWhileIdentifierContinuation() {
      // Locals, not `self.position`: the loop then stays in registers.
      var index = position
      let input = self.input
      // Identifiers average about ten bytes. A byte through the table is three instructions
      // when the bounds check is taken once per eight, and the scan stops at the first byte
      // that is not ASCII `[A-Za-z0-9_$]`; a word-at-a-time (SWAR) test cost about thirty per
      // word, the last one included, so twice as much on typical lengths.
      while index &+ 8 <= count {
        let run = Self.identifierContinuationRun(input.baseAddress.unsafelyUnwrapped + index, classes)
        index &+= run
        if run < 8 {
          // Bytes from 0x80 up have no class bits: an ASCII byte ends the identifier; a
          // non-ASCII one is decided below.
          if input[index] < 0x80 {
            position = index
            return
          }
          break
        }
      }
      while index < count {
        let byte = input[index]
        if byte < 0x80 {
          if classes[Int(byte)] & CharacterClass.identifierContinue == 0 { break }
          index += 1
        } else {
          let (value, length) = scalar(at: index)
          guard let value, CharacterClass.isIdentifierContinuation(value) else { break }
          index += length
        }
      }
      position = index
    }

    /// How many of the eight bytes at `bytes` are ASCII `[A-Za-z0-9_$]` before the first that
    /// is not (8 when all are): written out, so each byte is a load, a table test and a branch.
    @inline(__always)
    static func identifierContinuationRun(_ bytes: UnsafePointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>)
      -> Int
    {
      let mask = CharacterClass.identifierContinue
      if classes[Int(bytes[0])] & mask == 0 { return 0 }
      if classes[Int(bytes[1])] & mask == 0 { return 1 }
      if classes[Int(bytes[2])] & mask == 0 { return 2 }
      if classes[Int(bytes[3])] & mask == 0 { return 3 }
      if classes[Int(bytes[4])] & mask == 0 { return 4 }
      if classes[Int(bytes[5])] & mask == 0 { return 5 }
      if classes[Int(bytes[6])] & mask == 0 { return 6 }
      if classes[Int(bytes[7])] & mask == 0 { return 7 }
      return 8
    }

    /// The first index from `start` whose byte has none of the class bits `mask`.
    @inline(__always)
    func skip(_ mask: UInt8, from start: Int) -> Int {
      var index = start
      let input = self.input
      let classes = self.classes
      while index < count && classes[Int(input[index])] & mask != 0 { index += 1 }
      return index
    }

    /// The first index from `start` that is not a space, tab, vertical tab or form feed.
    ///
    /// Indentation is long runs of spaces, so after the first byte this compares eight at a
    /// time; tabs and the rarer blanks fall back to the table, one byte each.
    @inline(__always)
    func skipHorizontalSpace(from start: Int) -> Int {
      var index = start
      let input = self.input
      let classes = self.classes
      // Most runs between tokens are a single space: one table lookup settles them.
      while index < count && classes[Int(input[index])] & CharacterClass.horizontalSpace != 0 {
        index += 1
        while index &+ 8 <= count {
          let spaces = Self.word(in: input, at: index) ^ 0x2020_2020_2020_2020
          if spaces != 0 {
            // Little-endian: the lowest set bit lies in the first byte that is not a space.
            index &+= spaces.trailingZeroBitCount &>> 3
            break
          }
          index &+= 8
        }
      }
      return index
    }

    /// Steps to the next `\n` or `\r` (or the end).
    ///
    /// Comments are most of the bytes a line ends scan crosses, at tens of bytes each: eight
    /// bytes per step (a SWAR zero-byte test) costs about a quarter of a byte-at-a-time loop.
    @inline(__always)
    mutating func advanceToEndOfLine() {
      var index = position
      let input = self.input
      while index &+ 8 <= count {
        let word = Self.word(in: input, at: index)
        let lineFeeds = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let returns = word ^ 0x0D0D_0D0D_0D0D_0D0D
        // `(x - 0x01…) & ~x & 0x80…` has the high bit of x's first zero byte set, and no bit
        // below it (bits above may be borrow noise, which the lowest set bit ignores).
        let found =
          ((lineFeeds &- 0x0101_0101_0101_0101) & ~lineFeeds | (returns &- 0x0101_0101_0101_0101) & ~returns)
          & 0x8080_8080_8080_8080
        if found != 0 {
          position = index &+ (found.trailingZeroBitCount &>> 3)
          return
        }
        index &+= 8
      }
      while index < count {
        let byte = input[index]
        if byte == 0x0A || byte == 0x0D { break }
        index += 1
      }
      position = index
    }

    /// The eight bytes at `index` (which has eight bytes after it) as a little-endian word, so
    /// that byte `index` is the lowest byte on every platform.
    @inline(__always)
    static func word(in input: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
      UInt64(littleEndian: UnsafeRawPointer(input.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    // MARK: - Emitting

    /// Appends a piece from `start` to the position.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, flags: Token.Flags = []) {
      emit(kind, from: start, to: position, flags: flags)
    }

    /// Appends a piece with explicit bounds.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, to end: Int, flags: Token.Flags = []) {
      var flags = flags
      if interpolationDepth > 0 { flags.insert(.inInterpolation) }
      tokens.append(
        Token(kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
      )
    }
  }
}
