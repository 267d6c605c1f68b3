extension Lexer.Cursor {
  // MARK: - Boundness (swift-syntax `isLeftBound`, `isRightBound`)

  // The boundness tests and `classifyOperator` are static on the bytes, with inlined instance
  // wrappers: an out-of-line call from a mutating method otherwise passed a copy of the whole
  // cursor (a 233-byte `memcpy` per operator).

  /// Whether the operator starting at `start` touches what precedes it.
  @inline(__always)
  func isLeftBound(_ start: Int) -> Bool { Self.isLeftBound(in: input, start) }

  /// Whether the operator ending at `end` touches what follows it.
  @inline(__always)
  func isRightBound(_ end: Int, isLeftBound: Bool) -> Bool {
    Self.isRightBound(in: input, end, isLeftBound: isLeftBound)
  }

  /// Classifies the operator `input[start..<end]` by its boundness and its spelling.
  @inline(__always)
  func classifyOperator(start: Int, end: Int) -> TokenKind { Self.classifyOperator(in: input, start: start, end: end) }

  /// Whether the operator starting at `start` touches what precedes it. Whitespace, an opening
  /// bracket, `,` `;` `:`, the end of a block comment, a non-breaking space, NUL and the start
  /// of the file all count as separation.
  static func isLeftBound(in input: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
    guard start > 0 else { return false }
    switch input[start - 1] {
    case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
      return false
    case UInt8(ascii: "/"):
      return !(start >= 2 && input[start - 2] == UInt8(ascii: "*"))
    case 0xA0:
      return !(start >= 2 && input[start - 2] == 0xC2)
    default:
      return true
    }
  }

  /// Whether the operator ending at `end` touches what follows it. A following comment counts
  /// as whitespace; a following `.` binds only an operator that is not left-bound (`x^.y` is
  /// postfix `^`, `^.y` prefix).
  static func isRightBound(in input: UnsafeBufferPointer<UInt8>, _ end: Int, isLeftBound: Bool) -> Bool {
    let count = input.count
    guard end < count else { return false }
    switch input[end] {
    case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
      return false
    case UInt8(ascii: "."):
      return !isLeftBound
    case UInt8(ascii: "/"):
      return !(end + 1 < count && (input[end + 1] == UInt8(ascii: "/") || input[end + 1] == UInt8(ascii: "*")))
    case 0xC2:
      return !(end + 1 < count && input[end + 1] == 0xA0)
    default:
      return true
    }
  }

  // MARK: - Operators

  /// `!` or `?` right after an operand: force unwrap or optional chaining, split off before
  /// any operator lexing (`b!=c` is `b`, `!`, `=`, `c`).
  mutating func lexPostfixOptionalChain() -> Lexer.Result? {
    guard isLeftBound(position) else { return nil }
    let kind: TokenKind = input[position] == UInt8(ascii: "!") ? .exclamationMark : .postfixQuestionMark
    position += 1
    // After `try?`/`try!` an expression must follow, so a `/` there starts a regex literal.
    if previousKeyword == .try { return result(kind, .push(.preferRegexOverBinaryOperator)) }
    return Lexer.Result(kind)
  }

  /// Classifies the operator `input[start..<end]` by its boundness and its spelling.
  static func classifyOperator(in input: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> TokenKind {
    let leftBound = isLeftBound(in: input, start)
    let rightBound = isRightBound(in: input, end, isLeftBound: leftBound)
    let length = end - start
    if length == 1 {
      switch input[start] {
      case UInt8(ascii: "="):
        return .equal
      case UInt8(ascii: "&"):
        if !leftBound && rightBound { return .prefixAmpersand }
      case UInt8(ascii: "."):
        return .period
      case UInt8(ascii: "?"):
        return leftBound ? .postfixQuestionMark : .infixQuestionMark
      default:
        break
      }
    } else if length == 2 {
      if input[start] == UInt8(ascii: "-") && input[start + 1] == UInt8(ascii: ">") { return .arrow }
      if input[start] == UInt8(ascii: "*") && input[start + 1] == UInt8(ascii: "/") { return .unknown }
    } else {
      // A `*/` inside an operator would end a block comment: reject the whole operator.
      var index = start
      while index + 1 < end {
        if input[index] == UInt8(ascii: "*") && input[index + 1] == UInt8(ascii: "/") { return .unknown }
        index += 1
      }
    }
    if leftBound == rightBound { return .binaryOperator }
    return leftBound ? .postfixOperator : .prefixOperator
  }

  /// An operator (swift-syntax `lexOperatorIdentifier`): the longest run of operator
  /// characters, cut before a `.` unless it began with one, before an editor placeholder, and
  /// before `//` or `/*`; a `/` in it may start a regex literal instead.
  mutating func lexOperatorIdentifier(preferRegexOverBinaryOperator: Bool) -> Lexer.Result {
    let start = position
    position += input[position] < 0x80 ? 1 : scalar(at: position).length
    let startsWithDot = input[start] == UInt8(ascii: ".")
    while position < count {
      let byte = input[position]
      if byte == UInt8(ascii: ".") && !startsWithDot { break }
      if byte == UInt8(ascii: "<") && hasByte(at: position + 1, is: UInt8(ascii: "#")) && placeholderEndFollows() {
        break
      }
      if byte < 0x80 {
        if classes[Int(byte)] & CharacterClass.operatorCharacter == 0 { break }
        position += 1
      } else if !advance(ifScalar: CharacterClass.isOperatorContinuation) {
        break
      }
    }
    let end = position

    // Only the first `/` of the operator may start a regex literal.
    var slash = start
    while slash < end && input[slash] != UInt8(ascii: "/") { slash += 1 }
    if slash < end,
      let result = tryLexOperatorAsRegexLiteral(
        at: slash,
        operatorStart: start,
        operatorEnd: end,
        preferRegexOverBinaryOperator: preferRegexOverBinaryOperator
      )
    {
      return result
    }

    if end - start > 2 {
      // `//` or `/*` inside the operator starts a comment (not at its first byte: leading
      // trivia already took those).
      var index = start + 1
      while index < end {
        if input[index] == UInt8(ascii: "/")
          && (hasByte(at: index + 1, is: UInt8(ascii: "/")) || hasByte(at: index + 1, is: UInt8(ascii: "*")))
        {
          position = index
          break
        }
        index += 1
      }
    }
    return Lexer.Result(classifyOperator(start: start, end: position))
  }

  /// Whether a `#>` comes before the next `\n` from the position (a `<#` there begins an
  /// editor placeholder, which ends the operator). The answer is cached: it holds for every
  /// start before the `\n` or `#>` found, so a long line of operators is scanned once.
  private mutating func placeholderEndFollows() -> Bool {
    if position >= memo.placeholderScanStart && position <= memo.placeholderEventAt {
      return memo.placeholderEventIsEnd
    }
    var scan = position
    memo.placeholderScanStart = position
    while scan + 1 < count {
      if input[scan] == 0x0A { break }
      if input[scan] == UInt8(ascii: "#") && input[scan + 1] == UInt8(ascii: ">") {
        memo.placeholderEventAt = scan
        memo.placeholderEventIsEnd = true
        return true
      }
      scan += 1
    }
    memo.placeholderEventAt = scan
    memo.placeholderEventIsEnd = false
    return false
  }

  // MARK: - Editor placeholders

  /// `<#…#>` on one line is an identifier (an editor placeholder).
  mutating func tryLexEditorPlaceholder() -> Lexer.Result? {
    var scan = position + 2
    while scan < count {
      let byte = input[scan]
      scan += 1
      if byte == 0x0A { return nil }
      if byte == UInt8(ascii: "<") && hasByte(at: scan, is: UInt8(ascii: "#")) { return nil }
      if byte == UInt8(ascii: "#") && hasByte(at: scan, is: UInt8(ascii: ">")) {
        position = scan + 1
        return Lexer.Result(.identifier)
      }
    }
    return nil
  }
}
