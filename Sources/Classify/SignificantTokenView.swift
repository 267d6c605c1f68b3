import SwiftLexer

/// The significant tokens of one file with the questions every detector asks of them.
///
/// Built once per file. Besides byte comparisons it classifies every `{` as a statement block
/// (`if x {`), a declaration body (`func f() {`) or a closure (`sink {`), because path analysis
/// and "is this inside the closure" both depend on it, and a token scanner has no parse tree.
///
/// A class, not a struct: every detector and pass starts with `let view = file.view`, and each
/// copy of a struct retained its eight arrays and its stream's (1.6M retains and 1M releases on
/// the generated million lines, atomic each). Its stored properties are all `let`.
package final class SignificantTokenView: Sendable {
  /// What opens a brace.
  package enum BraceRole: UInt8, Sendable {
    /// Not a `{`.
    case none
    /// `if`, `guard … else`, `while`, `for`, `switch`, `do`, `catch`, `defer`, `repeat`, `else`.
    case statement
    /// The body of a type, function, initialiser or accessor.
    case declaration
    /// Anything else: a closure expression.
    case closure
  }

  /// The lexed file.
  package let stream: TokenStream
  /// The number of significant tokens.
  package let count: Int
  /// For each position: how a `{` there was opened.
  package let braceRole: [BraceRole]
  /// The `{` positions, ascending, that a keyword introduced (statement and declaration braces),
  /// and that keyword's position at the same index (`if`, `else`, `func`, …). Sparse rather than
  /// one entry per token: only braces have an intro, and a per-token array was 4 bytes a token.
  private let introducedBraces: [IntroducedBrace]

  /// A `{` and the keyword that introduced it; one array of pairs is one append per brace.
  struct IntroducedBrace {
    var brace: Int32
    var intro: Int32
  }
  /// For each position: its kind (the stream's column, shared). Detectors ask for kinds in
  /// every loop; one flat array saves the copy of a whole `Token` per question.
  package let kinds: [TokenKind]
  /// For each position: the byte offset where its token starts.
  package let starts: [UInt32]
  /// For each position: its byte length, 255 for 255 or more (`byteLength(_:)` reads on).
  package let lengths: [UInt8]
  /// The positions, ascending, of the words that may start a declaration `SymbolIndex` names
  /// (`func`, `init`, `deinit`, `subscript`, `var`, `let`, the type keywords, `actor`,
  /// `typealias`), not after a `.`. The brace pass looks every word up once for both: the
  /// index then only looks at these few instead of every word of the file.
  package let declarationWords: [Int32]

  /// Wraps `stream` and classifies its braces (one pass).
  package init(_ stream: TokenStream) {
    self.stream = stream
    let count = stream.significantCount
    self.count = count
    // The stream's own columns, shared rather than copied: a copy was 9 bytes a token.
    let kinds = stream.kinds
    let starts = stream.starts
    let lengths = stream.lengths
    self.kinds = kinds
    self.starts = starts
    self.lengths = lengths
    (braceRole, introducedBraces, declarationWords) = kinds.withUnsafeBufferPointer { kinds in
      starts.withUnsafeBufferPointer { starts in
        lengths.withUnsafeBufferPointer { lengths in
          stream.source.withUnsafeBufferPointer { source in
            SignificantTokenView.classifyBraces(source: source, kinds: kinds, starts: starts, lengths: lengths)
          }
        }
      }
    }
  }

  /// The position of the keyword that introduced the `{` at `position` (`if`, `else`, `func`, …),
  /// -1 for a closure brace, a brace no keyword introduced, or any other token.
  package func braceIntro(_ position: Int) -> Int {
    // Binary search: asked at statement braces only, a few per function.
    var low = 0
    var high = introducedBraces.count
    let target = Int32(truncatingIfNeeded: position)
    while low < high {
      let middle = (low + high) / 2
      if introducedBraces[middle].brace < target { low = middle + 1 } else { high = middle }
    }
    return low < introducedBraces.count && introducedBraces[low].brace == target ? Int(introducedBraces[low].intro) : -1
  }

  // MARK: - Token questions

  /// The kind at `position`, `endOfFile` out of range (so look-ahead never traps).
  @inlinable
  package func kind(_ position: Int) -> TokenKind {
    guard position >= 0, position < count else { return .endOfFile }
    return kinds[position]
  }

  /// The byte length of the token at `position` (0 out of range).
  @inlinable
  package func length(_ position: Int) -> Int {
    guard position >= 0, position < count else { return 0 }
    return byteLength(position)
  }

  /// The byte length of the token at `position`, which must be in range.
  @inlinable @inline(__always)
  package func byteLength(_ position: Int) -> Int {
    let short = lengths[position]
    return short != 0xFF ? Int(short) : stream.length(position)
  }

  /// True when a line break (in whitespace or a comment) separates the token at `position` from
  /// the one before it: where a statement can end without a `;`.
  package func startsLine(_ position: Int) -> Bool {
    guard position > 0, position < count else { return position == 0 }
    let from = Int(starts[position - 1]) + byteLength(position - 1)
    let to = Int(starts[position])
    return from < to && stream.source[from..<to].contains(UInt8(ascii: "\n"))
  }

  /// True when the token at `position` has exactly the bytes of `text` (any kind).
  ///
  /// Inlined up to the length test, which rejects almost every call; the compare is out of line.
  @inlinable @inline(__always)
  package func has(_ position: Int, _ text: String) -> Bool {
    guard position >= 0, position < count else { return false }
    let start = Int(starts[position])
    guard byteLength(position) == text.utf8.count else { return false }
    return sameBytes(at: start, as: text)
  }

  /// True when the source holds the bytes of `text` at `start` (the caller checked the length).
  @usableFromInline
  func sameBytes(at start: Int, as text: String) -> Bool {
    let utf8 = text.utf8
    return stream.source.withUnsafeBufferPointer { source in
      // Literals are contiguous UTF-8: compare buffers, not through the generic view iterator.
      let fast = utf8.withContiguousStorageIfAvailable { text in
        for offset in 0..<text.count where source[start + offset] != text[offset] { return false }
        return true
      }
      if let fast { return fast }
      var index = start
      for byte in utf8 {
        if source[index] != byte { return false }
        index += 1
      }
      return true
    }
  }

  /// True when the token at `position` has exactly `bytes` (any kind).
  @inlinable
  package func has(_ position: Int, bytes: [UInt8]) -> Bool {
    guard position >= 0, position < count else { return false }
    let start = Int(starts[position])
    guard byteLength(position) == bytes.count else { return false }
    return SignificantTokenView.equal(stream.source, start, bytes)
  }

  /// True when `source` holds `bytes` at `start` (the caller checked the length).
  @inlinable
  static func equal(_ source: [UInt8], _ start: Int, _ bytes: [UInt8]) -> Bool {
    source.withUnsafeBufferPointer { source in
      bytes.withUnsafeBufferPointer { bytes in
        for offset in 0..<bytes.count where source[start + offset] != bytes[offset] { return false }
        return true
      }
    }
  }

  /// True for an identifier or keyword spelled `text` (never a string segment with that text).
  @inlinable @inline(__always)
  package func isWord(_ position: Int, _ text: String) -> Bool {
    isWord(position) && has(position, text)
  }

  // The kind tests below match cases rather than use `==`: `TokenKind.==` is a call into
  // SwiftLexer that is not inlined, and in some callers it resolved to the generic
  // `RawRepresentable` one, a witness call per token. A pattern is a compare of the tag.

  /// True for an identifier or keyword.
  @inlinable @inline(__always)
  package func isWord(_ position: Int) -> Bool {
    switch kind(position) {
    case .identifier, .keyword: return true
    default: return false
    }
  }

  /// True for an identifier.
  @inlinable @inline(__always)
  package func isIdentifier(_ position: Int) -> Bool {
    if case .identifier = kind(position) { return true }
    return false
  }

  /// The `(` of the argument list `position` sits in: back over earlier arguments, balanced
  /// groups (closures among them) jumped, at most 200 tokens. Nil at a `{` or `[` first: a
  /// block, a closure's body or a literal, not an argument list.
  package func enclosingParen(of position: Int) -> Int? {
    var scan = position - 1
    var steps = 0
    while scan >= 0 && steps < 200 {
      steps += 1
      switch kind(scan) {
      case .leftParen: return scan
      case .rightParen, .rightSquare, .rightBrace:
        guard let open = partner(scan) else { return nil }
        scan = open - 1
      case .leftBrace, .leftSquare: return nil
      default: scan -= 1
      }
    }
    return nil
  }

  /// Each `{` enclosing `position`, innermost first, above `floor` (exclusive): back over the
  /// balanced groups in between, at most `limit` steps. `visit` answers nil to go on outward, or
  /// what the walk returns (`.some(nil)` stops it with nothing); nil when no brace decided.
  package func enclosingBrace<Result>(
    of position: Int, above floor: Int, limit: Int = 4_000, _ visit: (Int) -> Result??
  ) -> Result? {
    var scan = position - 1
    var steps = 0
    while scan > floor, steps < limit {
      steps += 1
      switch kind(scan) {
      case .rightBrace, .rightParen, .rightSquare:
        guard let open = partner(scan), open < scan else { return nil }
        scan = open - 1
        continue
      case .leftBrace:
        if let decided = visit(scan) { return decided }
      default:
        break
      }
      scan -= 1
    }
    return nil
  }

  /// True when the token at `position` ends with the ASCII `suffix` (a literal: no allocation).
  package func endsWith(_ position: Int, _ suffix: StaticString) -> Bool {
    let end = endOffset(position)
    let count = suffix.utf8CodeUnitCount
    guard end - startOffset(position) >= count else { return false }
    return stream.source.withUnsafeBufferPointer { source in
      let bytes = suffix.utf8Start
      for index in 0..<count where source[end - count + index] != bytes[index] { return false }
      return true
    }
  }

  /// True for a projected value name `$query` (an identifier to swift-syntax; `$0` is not one).
  @inlinable
  package func isProjection(_ position: Int) -> Bool {
    switch kind(position) {
    case .identifier, .dollarIdentifier: break
    default: return false
    }
    let start = Int(starts[position])
    guard byteLength(position) >= 2, stream.source[start] == UInt8(ascii: "$") else { return false }
    let second = stream.source[start + 1]
    return !(second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9"))
  }

  /// True for `.` (member access).
  @inlinable @inline(__always)
  package func isPeriod(_ position: Int) -> Bool {
    if case .period = kind(position) { return true }
    return false
  }

  /// The matching bracket of the bracket at `position`, or nil.
  @inlinable
  package func partner(_ position: Int) -> Int? {
    guard position >= 0, position < count else { return nil }
    let other = Int(stream.partner[position])
    return other >= 0 ? other : nil
  }

  /// The nearest `{` before `position` that is still open there: balanced `(…)`, `[…]` and
  /// `{…}` on the way back are skipped whole. nil when none is found within `limit` steps or a
  /// closing bracket has no partner.
  package func openBrace(before position: Int, limit: Int) -> Int? {
    var scan = position - 1
    var steps = 0
    while scan >= 0, steps < limit {
      steps += 1
      switch kind(scan) {
      case .rightParen, .rightSquare, .rightBrace:
        guard let open = partner(scan) else { return nil }
        scan = open - 1
      case .leftBrace:
        return scan
      default:
        scan -= 1
      }
    }
    return nil
  }

  /// The text of the token at `position`.
  package func text(_ position: Int) -> String {
    guard position >= 0, position < count else { return "" }
    let start = Int(starts[position])
    return String(decoding: stream.source[start..<start + byteLength(position)], as: UTF8.self)
  }

  /// Byte offset where the token at `position` starts.
  @inlinable
  package func startOffset(_ position: Int) -> Int { Int(starts[position]) }

  /// Byte offset just past the token at `position`.
  @inlinable
  package func endOffset(_ position: Int) -> Int { Int(starts[position]) + byteLength(position) }

  /// The normalised text of `start...end`: token texts joined by one space, so comments,
  /// line breaks and indentation never change it (the fingerprint's input).
  package func normalisedText(_ start: Int, _ end: Int) -> String {
    guard start >= 0, start <= end, end < count else { return "" }
    // Sized first and copied through buffers: appending each token's slice was most of the cost.
    var length = end - start
    for position in start...end { length += byteLength(position) }
    return stream.source.withUnsafeBufferPointer { source in
      String(unsafeUninitializedCapacity: length) { buffer in
        var next = 0
        for position in start...end {
          if position > start {
            buffer[next] = 0x20
            next += 1
          }
          let from = Int(starts[position])
          let count = byteLength(position)
          if count > 0 {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[next..<next + count])
              .initialize(from: UnsafeBufferPointer(rebasing: source[from..<from + count]))
          }
          next += count
        }
        return next
      }
    }
  }

  /// The normalised text of `start...end` with each of the sorted, disjoint ranges `inner` (all
  /// inside it) written as one `…`: linear in what is kept, however much is left out.
  package func normalisedText(_ start: Int, _ end: Int, skipping inner: [(Int, Int)]) -> String {
    var pieces: [String] = []
    var next = start
    for (from, to) in inner where from >= next && to <= end {
      if from > next { pieces.append(normalisedText(next, from - 1)) }
      pieces.append("…")
      next = to + 1
    }
    if next <= end { pieces.append(normalisedText(next, end)) }
    return pieces.joined(separator: " ")
  }

  /// True when `position` lies inside the brace pair `open…close` (exclusive).
  @inlinable
  package func inside(_ position: Int, _ open: Int, _ close: Int) -> Bool { position > open && position < close }

  /// The position after a call's arguments and trailing closures starting at `position` (the
  /// callee name): `f(a) { } label: { }` → the token after the last `}`.
  package func skipCall(from position: Int) -> Int {
    var next = position + 1
    if kind(next) == .leftParen, let close = partner(next) { next = close + 1 }
    while kind(next) == .leftBrace, braceRole[next] == .closure, let close = partner(next) {
      next = close + 1
      // A labelled extra trailing closure: `} receiveValue: { … }`.
      if isWord(next), kind(next + 1) == .colon, kind(next + 2) == .leftBrace { next += 2 }
    }
    return next
  }

  // MARK: - Brace roles

  /// The words brace classification acts on, found by bytes so no token becomes a `String`.
  private enum BraceWord: UInt8 {
    case none, statement, let_, var_, accessor, underscoreAccessor, actor, type, otherDeclaration
    /// Only a `SymbolIndex` declaration word: no brace role.
    case typealias_
  }

  /// One bracket frame: the role its next `{` gets and the keyword that decided it.
  private struct BraceFrame {
    var role: BraceRole
    var intro: Int32
    var word: BraceWord
    /// True at file level and in type bodies, where `var x: T {` opens accessors. In code,
    /// `let value: Int` followed by `load { value = $0 }` must leave that brace a closure.
    var declaresProperties: Bool
  }

  /// The enclosing frames of `classifyBraces`, innermost last.
  private struct FrameStack {
    private var frames = UnsafeMutablePointer<BraceFrame>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    mutating func append(_ frame: BraceFrame) {
      if count == capacity {
        let larger = UnsafeMutablePointer<BraceFrame>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: frames, count: count)
        frames.deallocate()
        frames = larger
        capacity *= 2
      }
      (frames + count).initialize(to: frame)
      count += 1
    }

    /// The innermost frame, removed; the caller checked `count > 0`.
    mutating func pop() -> BraceFrame {
      count -= 1
      return (frames + count).move()
    }

    func deallocate() { frames.deallocate() }
  }

  private static let braceTable: (words: ByteWords, roles: [BraceWord]) = {
    var table: [(String, BraceWord)] = [
      ("let", .let_), ("var", .var_), ("actor", .actor), ("get", .accessor), ("set", .accessor),
      ("willSet", .accessor), ("didSet", .accessor), ("_modify", .underscoreAccessor),
      ("_read", .underscoreAccessor), ("typealias", .typealias_),
    ]
    for word in ["if", "guard", "while", "for", "switch", "do", "catch", "defer", "repeat", "else"] {
      table.append((word, .statement))
    }
    for word in ["class", "struct", "enum", "protocol", "extension"] { table.append((word, .type)) }
    for word in ["func", "init", "deinit", "subscript"] { table.append((word, .otherDeclaration)) }
    return (ByteWords(table.map(\.0)), table.map(\.1))
  }()

  /// One pass with a stack of bracket frames: a keyword makes the next `{` of its frame a
  /// statement or declaration brace; `=` ends a declaration's head (`let f = { … }` is a closure).
  /// Example: in `if items.contains(where: { $0 > 1 }) {` the inner `{` is in the paren frame, so
  /// it stays a closure, and the last `{` takes the `if`.
  private static func classifyBraces(
    source: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<TokenKind>, starts: UnsafeBufferPointer<UInt32>,
    lengths: UnsafeBufferPointer<UInt8>
  ) -> ([BraceRole], [IntroducedBrace], [Int32]) {
    let count = kinds.count
    var braces: [IntroducedBrace] = []
    // About one token in twenty is a `{` a keyword introduced: growing from empty was a copy
    // per doubling on every file.
    braces.reserveCapacity(count / 16)
    var declarations: [Int32] = []
    // Filled by one bulk initialisation, then written through the buffer at braces only.
    let roles = [BraceRole](unsafeUninitializedCapacity: count) { roles, rolesCount in
      roles.initialize(repeating: .none)
      rolesCount = count
      classifyBraces(
        source: source, kinds: kinds, starts: starts, lengths: lengths, roles: roles, braces: &braces,
        declarations: &declarations)
    }
    return (roles, braces, declarations)
  }

  /// The pass itself, writing the role of each `{` into `roles`, appending each `{` a keyword
  /// introduced, with that keyword, to `braces`, and each declaration word (see
  /// `declarationWords`) to `declarations`.
  private static func classifyBraces(
    source: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<TokenKind>, starts: UnsafeBufferPointer<UInt32>,
    lengths: UnsafeBufferPointer<UInt8>, roles: UnsafeMutableBufferPointer<BraceRole>, braces: inout [IntroducedBrace],
    declarations: inout [Int32]
  ) {
    let count = kinds.count
    // The innermost bracket frame lives in `top`; only opening and closing a bracket touches
    // the stack, so the per-word updates cost no array write.
    var top = BraceFrame(role: .none, intro: -1, word: .none, declaresProperties: true)
    // A stack grown by hand: `Array.append` and `popLast` each cost a uniqueness check call,
    // and a third of all tokens open or close a bracket.
    var outer = FrameStack()
    defer { outer.deallocate() }
    // Hoisted: a static read in the loop is a `swift_once` check per word.
    let (table, tableWords) = braceTable
    for position in 0..<count {
      let kind = kinds[position]
      switch kind {
      case .identifier, .keyword:
        // 255 stands for 255 or more: too long either way.
        let length = Int(lengths[position])
        guard length >= 2, length <= 11 else { continue }
        // Patterns, not `==`: `TokenKind.==` is an out-of-line call (see `isWord`).
        let isKeyword: Bool
        if case .keyword = kind { isKeyword = true } else { isKeyword = false }
        // An identifier of 9 bytes may still be a declaration word for `SymbolIndex`, which
        // takes `actor`, the type keywords and `typealias` in any kind.
        guard isKeyword || length <= 9 else { continue }
        if position > 0, case .period = kinds[position - 1] { continue }
        guard let found = table.index(in: source, start: Int(starts[position]), length: length) else { continue }
        let word = tableWords[found]
        switch word {
        case .let_, .var_, .actor, .type, .otherDeclaration, .typealias_:
          declarations.append(Int32(truncatingIfNeeded: position))
        default:
          break
        }
        switch word {
        case .none, .typealias_:
          continue
        case .statement:
          // An argument or parameter label (`value(for: key, done: { … })`, `func f(for key: K)`),
          // not a loop: its closure arguments stay closures. Swift has no statement after `(` or
          // `,`, and none is followed by `:`.
          if position + 1 < count, case .colon = kinds[position + 1] { continue }
          if position > 0 {
            switch kinds[position - 1] {
            case .leftParen, .comma: continue
            default: break
            }
          }
          top.role = .statement
          top.intro = Int32(position)
          top.word = .statement
        default:
          // `if let x {`, `guard var y = …`, `case let .a(x)`: a binding inside a statement head.
          if word == .let_ || word == .var_, top.role == .statement || !top.declaresProperties {
            continue
          }
          // `get`/`set` and friends only open an accessor when a brace follows at once.
          if word == .accessor || word == .underscoreAccessor {
            guard position + 1 < count else { continue }
            switch kinds[position + 1] {
            case .leftBrace, .leftParen: break
            default: continue
            }
          }
          if !isKeyword && word != .actor && word != .accessor { continue }
          top.role = .declaration
          top.intro = Int32(position)
          top.word = word
        }
      case .equal:
        if top.role == .declaration { top.role = .none }
      case .leftBrace:
        let role = top.role
        roles[position] = role == .none ? .closure : role
        if top.intro >= 0 {
          braces.append(IntroducedBrace(brace: Int32(truncatingIfNeeded: position), intro: top.intro))
        }
        // In a type body, `var x: T {` opens accessors.
        let isTypeBody = role == .declaration && top.intro >= 0 && (top.word == .type || top.word == .actor)
        top.role = .none
        top.intro = -1
        top.word = .none
        outer.append(top)
        top = BraceFrame(role: .none, intro: -1, word: .none, declaresProperties: isTypeBody)
      case .leftParen, .leftSquare:
        outer.append(top)
        top = BraceFrame(role: .none, intro: -1, word: .none, declaresProperties: false)
      case .rightBrace, .rightParen, .rightSquare:
        if outer.count > 0 { top = outer.pop() }
      default:
        continue
      }
    }
  }
}
