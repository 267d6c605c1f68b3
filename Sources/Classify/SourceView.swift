import SwiftLexer

/// The significant tokens of one file with the questions every detector asks of them.
///
/// Built once per file. Besides byte comparisons it classifies every `{` as a statement block
/// (`if x {`), a declaration body (`func f() {`) or a closure (`sink {`), because path analysis
/// and "is this inside the closure" both depend on it, and a token scanner has no parse tree.
package struct SourceView: Sendable {
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
  /// For each statement `{`: the position of the keyword that introduced it (`if`, `else`, …).
  package let braceIntro: [Int32]

  /// Wraps `stream` and classifies its braces (one pass).
  package init(_ stream: TokenStream) {
    self.stream = stream
    self.count = stream.significant.count
    (braceRole, braceIntro) = SourceView.classifyBraces(stream)
  }

  // MARK: - Token questions

  /// The kind at `position`, `endOfFile` out of range (so look-ahead never traps).
  @inlinable
  package func kind(_ position: Int) -> TokenKind {
    guard position >= 0, position < count else { return .endOfFile }
    return stream.significantToken(position).kind
  }

  /// True when the token at `position` has exactly the bytes of `text` (any kind).
  @inlinable
  package func has(_ position: Int, _ text: String) -> Bool {
    guard position >= 0, position < count else { return false }
    let token = stream.significantToken(position)
    let utf8 = text.utf8
    guard Int(token.length) == utf8.count else { return false }
    return stream.source[token.range].elementsEqual(utf8)
  }

  /// True for an identifier or keyword spelled `text` (never a string segment with that text).
  @inlinable
  package func isWord(_ position: Int, _ text: String) -> Bool {
    let kind = kind(position)
    return (kind == .identifier || kind == .keyword) && has(position, text)
  }

  /// True for an identifier or keyword.
  @inlinable
  package func isWord(_ position: Int) -> Bool {
    let kind = kind(position)
    return kind == .identifier || kind == .keyword
  }

  /// True for a projected value name `$query` (an identifier to swift-syntax; `$0` is not one).
  @inlinable
  package func isProjection(_ position: Int) -> Bool {
    let kind = kind(position)
    guard kind == .identifier || kind == .dollarIdentifier else { return false }
    let token = stream.significantToken(position)
    guard token.length >= 2, stream.source[Int(token.start)] == UInt8(ascii: "$") else { return false }
    let second = stream.source[Int(token.start) + 1]
    return !(second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9"))
  }

  /// True for `.` (member access).
  @inlinable
  package func isPeriod(_ position: Int) -> Bool { kind(position) == .period }

  /// The matching bracket of the bracket at `position`, or nil.
  @inlinable
  package func partner(_ position: Int) -> Int? {
    guard position >= 0, position < count else { return nil }
    let other = Int(stream.partner[position])
    return other >= 0 ? other : nil
  }

  /// The text of the token at `position`.
  package func text(_ position: Int) -> String {
    guard position >= 0, position < count else { return "" }
    return stream.text(of: stream.significantToken(position))
  }

  /// Byte offset where the token at `position` starts.
  package func startOffset(_ position: Int) -> Int { Int(stream.significantToken(position).start) }

  /// Byte offset just past the token at `position`.
  package func endOffset(_ position: Int) -> Int { Int(stream.significantToken(position).end) }

  /// The normalised text of `start...end`: token texts joined by one space, so comments,
  /// line breaks and indentation never change it (the fingerprint's input).
  package func normalisedText(_ start: Int, _ end: Int) -> String {
    guard start >= 0, start <= end, end < count else { return "" }
    var bytes: [UInt8] = []
    for position in start...end {
      if position > start { bytes.append(0x20) }
      bytes.append(contentsOf: stream.bytes(of: stream.significantToken(position)))
    }
    return String(decoding: bytes, as: UTF8.self)
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

  private static let statementKeywords: Set<String> = [
    "if", "guard", "while", "for", "switch", "do", "catch", "defer", "repeat", "else",
  ]
  private static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "actor"]
  private static let declarationKeywords: Set<String> = [
    "func", "init", "deinit", "subscript", "class", "struct", "enum", "protocol", "extension", "actor", "var",
    "let", "get", "set", "willSet", "didSet", "_modify", "_read",
  ]

  /// One pass with a stack of bracket frames: a keyword makes the next `{` of its frame a
  /// statement or declaration brace; `=` ends a declaration's head (`let f = { … }` is a closure).
  /// Example: in `if items.contains(where: { $0 > 1 }) {` the inner `{` is in the paren frame, so
  /// it stays a closure, and the last `{` takes the `if`.
  private static func classifyBraces(_ stream: TokenStream) -> ([BraceRole], [Int32]) {
    let count = stream.significant.count
    var roles = [BraceRole](repeating: .none, count: count)
    var intro = [Int32](repeating: -1, count: count)
    // Per open bracket: the pending role and its keyword position.
    var pendingRole: [BraceRole] = [.none]
    var pendingIntro: [Int32] = [-1]
    // Per frame: true at file level and in type bodies, where `var x: T {` opens accessors. In
    // code, `let value: Int` followed by `load { value = $0 }` must leave that brace a closure.
    var declaresProperties: [Bool] = [true]
    for position in 0..<count {
      let token = stream.significantToken(position)
      switch token.kind {
      case .identifier, .keyword:
        let length = Int(token.length)
        guard length >= 2, length <= 11 else { continue }
        if token.kind == .keyword || length <= 8 {
          let word = stream.text(of: token)
          let previousIsPeriod =
            position > 0 && stream.significantToken(position - 1).kind == .period
          if previousIsPeriod { continue }
          if statementKeywords.contains(word) {
            pendingRole[pendingRole.count - 1] = .statement
            pendingIntro[pendingIntro.count - 1] = Int32(position)
          } else if declarationKeywords.contains(word) {
            // `if let x {`, `guard var y = …`, `case let .a(x)`: a binding inside a statement head.
            if (word == "let" || word == "var")
              && (pendingRole[pendingRole.count - 1] == .statement || !declaresProperties[declaresProperties.count - 1])
            {
              continue
            }
            // `get`/`set` and friends only open an accessor when a brace follows at once.
            if word == "get" || word == "set" || word == "willSet" || word == "didSet" || word.hasPrefix("_") {
              let next = position + 1 < count ? stream.significantToken(position + 1).kind : .endOfFile
              if next != .leftBrace && next != .leftParen { continue }
            }
            if token.kind == .identifier && word != "actor" && word != "get" && word != "set"
              && word != "willSet" && word != "didSet"
            {
              continue
            }
            pendingRole[pendingRole.count - 1] = .declaration
            pendingIntro[pendingIntro.count - 1] = Int32(position)
          }
        }
      case .equal:
        if pendingRole[pendingRole.count - 1] == .declaration {
          pendingRole[pendingRole.count - 1] = .none
        }
      case .leftBrace:
        let role = pendingRole[pendingRole.count - 1]
        roles[position] = role == .none ? .closure : role
        intro[position] = pendingIntro[pendingIntro.count - 1]
        let introducer = Int(intro[position])
        var isTypeBody = false
        if role == .declaration, introducer >= 0 {
          let keyword = stream.text(of: stream.significantToken(introducer))
          isTypeBody = typeKeywords.contains(keyword)
        }
        pendingRole[pendingRole.count - 1] = .none
        pendingIntro[pendingIntro.count - 1] = -1
        pendingRole.append(.none)
        pendingIntro.append(-1)
        declaresProperties.append(isTypeBody)
      case .leftParen, .leftSquare:
        pendingRole.append(.none)
        pendingIntro.append(-1)
        declaresProperties.append(false)
      case .rightBrace, .rightParen, .rightSquare:
        if pendingRole.count > 1 {
          pendingRole.removeLast()
          pendingIntro.removeLast()
          declaresProperties.removeLast()
        }
      default:
        continue
      }
    }
    return (roles, intro)
  }
}
