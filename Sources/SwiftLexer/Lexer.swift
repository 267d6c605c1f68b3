/// The public entry point of the lexer.
///
/// A port of swift-syntax's raw lexer (`SwiftParser/Lexer/Cursor.swift` and
/// `RegexLiteralLexer.swift`) without parser feedback: the same tokens, byte ranges and kinds,
/// plus every byte of trivia as pieces of its own, so that the stream is lossless.
package enum Lexer {
  /// Lexes `bytes` into a lossless token stream. Never fails: bytes it cannot read become
  /// `unknown` tokens or `unexpectedText` trivia.
  ///
  /// The pieces are contiguous from 0 to `bytes.count` and end with a zero-width `endOfFile`.
  /// Time is linear in the input and nesting depth costs heap, never stack.
  /// - Parameter bytes: The bytes of one file, in any encoding (UTF-8 is expected; anything
  ///   else is lexed as unexpected text).
  /// - Returns: The pieces with their significant-token index and bracket pairs.
  package static func tokenize(_ bytes: [UInt8]) -> TokenStream {
    // Offsets are `UInt32`; a file of 4 GiB or more is left as one unknown piece.
    guard bytes.count < Int(UInt32.max) else {
      let end = UInt32.max - 1
      return TokenStream(
        source: bytes,
        tokens: [Token(kind: .unknown, start: 0, end: end), Token(kind: .endOfFile, start: end, end: end)]
      )
    }
    var buffer = bytes.withUnsafeBufferPointer { input in
      CharacterClass.table.withUnsafeBufferPointer { classes in
        var cursor = Cursor(input: input, classes: classes)
        cursor.run()
        return cursor.tokens
      }
    }
    return buffer.moveToStream(source: bytes)
  }

  /// Lexes `bytes` and returns only how many characters its look-ahead scans visited (regex
  /// literals that may end without a token): the work counter behind the scaling tests, which
  /// hold it to linear growth without timing anything.
  package static func lookAheadWork(_ bytes: [UInt8]) -> Int {
    guard bytes.count < Int(UInt32.max) else { return 0 }
    return bytes.withUnsafeBufferPointer { input in
      CharacterClass.table.withUnsafeBufferPointer { classes in
        var cursor = Cursor(input: input, classes: classes)
        cursor.run()
        cursor.tokens.discard()
        return cursor.lookAheadWork
      }
    }
  }
}

extension Lexer.Cursor {
  // MARK: - Main loop

  /// Lexes the whole input, one token with its surrounding trivia per iteration
  /// (swift-syntax's `nextToken`).
  mutating func run() {
    // Iterations in a row that consumed no byte, and the stack depth when the run began: real
    // input only goes without bytes while it unwinds states (a newline closing nested
    // single-line interpolations), which takes at most two iterations per state.
    var stalledIterations = 0
    var stalledFromDepth = 0
    while true {
      // Fast path for code outside any literal, which is most of a file: no state to consult.
      if states.isEmpty {
        let startPosition = position
        lexTrivia(.normal)
        tokenStart = position
        // Identifiers and keywords are half of all tokens and one-byte punctuation most of the
        // rest: settled here, they skip `lexNormal`'s call, frame and dispatch.
        let result: Lexer.Result
        if position < count, classes[Int(input[position])] & CharacterClass.identifierStart != 0 {
          result = lexIdentifier()
        } else if position < count, let kind = Self.punctuationKind(input[position]) ?? loneDotOrEqualKind() {
          position += 1
          result = Lexer.Result(kind)
        } else {
          result = lexNormal(preferRegexOverBinaryOperator: false)
        }
        if result.kind == .endOfFile {
          finish()
          return
        }
        emit(result.kind, from: tokenStart, flags: result.flags)
        if let transition = pendingTransition {
          pendingTransition = nil
          perform(transition)
          if let mode = result.trailingTrivia ?? trailingTriviaMode(currentState) { lexTrivia(mode) }
          popSingleLineStringAtNewline()
        } else {
          lexTrivia(result.trailingTrivia ?? .noNewlines)
        }
        previousKind = result.kind
        previousKeyword = result.keyword
        hasPreviousToken = true
        // Every normal token but the end of the file is at least one byte long.
        assert(position > startPosition, "lexer loop must advance")
        continue
      }

      let startPosition = position
      let startDepth = states.count
      let startState = currentState

      if let mode = leadingTriviaMode(currentState) { lexTrivia(mode) }

      tokenStart = position
      let result: Lexer.Result
      switch currentState {
      case .normal:
        result = lexNormal(preferRegexOverBinaryOperator: false)
      case .preferRegexOverBinaryOperator:
        // The preference lasts one token.
        result = lexNormal(preferRegexOverBinaryOperator: true)
        perform(.pop)
      case .afterRawStringDelimiter(let delimiterLength):
        result = lexAfterRawStringDelimiter(delimiterLength: delimiterLength)
      case .inStringLiteral(let kind, let delimiterLength, let openingQuote):
        result = lexInStringLiteral(kind: kind, delimiterLength: delimiterLength, openingQuote: openingQuote)
      case .afterStringLiteral(let kind, _, _):
        result = lexAfterStringLiteral(kind: kind)
      case .afterClosingStringQuote:
        result = lexAfterClosingStringQuote()
      case .inStringInterpolationStart(let kind):
        result = lexInStringInterpolationStart(kind: kind)
      case .inStringInterpolation(let kind, let parenCount):
        result = lexInStringInterpolation(kind: kind, parenCount: parenCount)
      }

      if result.kind == .endOfFile {
        finish()
        return
      }
      // A state that gives up on impossible input reports a zero-width unknown: drop it.
      if result.kind != .unknown || position > tokenStart { emit(result.kind, from: tokenStart, flags: result.flags) }
      if let transition = pendingTransition {
        pendingTransition = nil
        perform(transition)
      }

      if let mode = result.trailingTrivia ?? trailingTriviaMode(currentState) { lexTrivia(mode) }
      popSingleLineStringAtNewline()

      previousKind = result.kind
      hasPreviousToken = true
      previousKeyword = result.keyword

      // swift-syntax's `hasProgressed(comparedTo:)`: a zero-width token must change the state.
      let progressed = position > startPosition || states.count != startDepth || currentState != startState
      assert(progressed, "lexer loop must advance")
      if position > startPosition {
        stalledIterations = 0
      } else {
        if stalledIterations == 0 { stalledFromDepth = startDepth }
        stalledIterations += 1
        // Never loop forever, even if states were to cycle: give up on one byte and the stack.
        if !progressed || stalledIterations > 2 * stalledFromDepth + 16 {
          if position < count {
            tokenStart = position
            position += 1
            emit(.unknown, from: tokenStart)
          }
          states.removeAll()
          interpolationDepth = 0
          stalledIterations = 0
        }
      }
    }
  }

  /// A newline ends a single-line string that is still open (swift-syntax's
  /// `shouldPopStateWhenReachingNewlineInTrailingTrivia`).
  @inline(__always)
  private mutating func popSingleLineStringAtNewline() {
    if case .inStringLiteral(let kind, _, let openingQuote) = currentState, kind != .multiLine, position < count,
      input[position] == 0x0A || input[position] == 0x0D
    {
      flagUnterminated(openingQuote)
      perform(.pop)
    }
  }

  /// Ends the stream: whatever is left (nothing, unless a state gave up early) becomes unknown,
  /// then the zero-width `endOfFile`.
  private mutating func finish() {
    // Every string still open at the end of the file is unterminated.
    for state in states {
      switch state {
      case .inStringLiteral(_, _, let openingQuote), .afterStringLiteral(_, _, let openingQuote):
        flagUnterminated(openingQuote)
      default:
        continue
      }
    }
    interpolationDepth = 0
    if position < count {
      let start = position
      position = count
      emit(.unknown, from: start)
    }
    emit(.endOfFile, from: count, to: count)
  }

  // MARK: - Normal tokens

  /// Lexes one token in code (swift-syntax `lexNormal`).
  mutating func lexNormal(preferRegexOverBinaryOperator: Bool) -> Lexer.Result {
    guard position < count else { return Lexer.Result(.endOfFile) }
    let byte = input[position]
    // Identifiers and keywords are half of all tokens; the switch below reached them only
    // after a jump table and a chain of compares for its other cases.
    if classOf(byte) & CharacterClass.identifierStart != 0 { return lexIdentifier() }
    switch byte {
    case UInt8(ascii: "@"): position += 1; return Lexer.Result(.atSign)
    case UInt8(ascii: "{"): position += 1; return Lexer.Result(.leftBrace)
    case UInt8(ascii: "["): position += 1; return Lexer.Result(.leftSquare)
    case UInt8(ascii: "("): position += 1; return Lexer.Result(.leftParen)
    case UInt8(ascii: "}"): position += 1; return Lexer.Result(.rightBrace)
    case UInt8(ascii: "]"): position += 1; return Lexer.Result(.rightSquare)
    case UInt8(ascii: ")"): position += 1; return Lexer.Result(.rightParen)
    case UInt8(ascii: ","): position += 1; return Lexer.Result(.comma)
    case UInt8(ascii: ";"): position += 1; return Lexer.Result(.semicolon)
    case UInt8(ascii: "\\"): position += 1; return Lexer.Result(.backslash)
    case UInt8(ascii: ":"):
      position += 1
      if position < count && input[position] == UInt8(ascii: ":") {
        position += 1
        return Lexer.Result(.colonColon)
      }
      return Lexer.Result(.colon)
    case UInt8(ascii: "#"):
      return lexNormalPound()
    case UInt8(ascii: "!"), UInt8(ascii: "?"):
      if let result = lexPostfixOptionalChain() { return result }
      return lexOperatorIdentifier(preferRegexOverBinaryOperator: preferRegexOverBinaryOperator)
    case UInt8(ascii: "<"):
      if hasByte(at: position + 1, is: UInt8(ascii: "#")), let result = tryLexEditorPlaceholder() { return result }
      return lexOperatorIdentifier(preferRegexOverBinaryOperator: preferRegexOverBinaryOperator)
    case UInt8(ascii: "$"):
      return lexDollarIdentifier()
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return lexNumber()
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      return lexStringQuote(matchingOpening: nil, leadingDelimiterLength: 0)
    case UInt8(ascii: "`"):
      return lexEscapedIdentifier()
    default:
      return lexNormalMiscellaneous(preferRegexOverBinaryOperator: preferRegexOverBinaryOperator)
    }
  }

  /// The kind of the one-byte token `byte` always is in code, whatever follows it.
  @inline(__always)
  static func punctuationKind(_ byte: UInt8) -> TokenKind? {
    switch byte {
    case UInt8(ascii: "@"): return .atSign
    case UInt8(ascii: "{"): return .leftBrace
    case UInt8(ascii: "["): return .leftSquare
    case UInt8(ascii: "("): return .leftParen
    case UInt8(ascii: "}"): return .rightBrace
    case UInt8(ascii: "]"): return .rightSquare
    case UInt8(ascii: ")"): return .rightParen
    case UInt8(ascii: ","): return .comma
    case UInt8(ascii: ";"): return .semicolon
    case UInt8(ascii: "\\"): return .backslash
    default: return nil
    }
  }

  /// `.` or `=` (the commonest operators) with no operator character after it: a whole
  /// operator whose kind does not depend on its surroundings, as `lexOperatorIdentifier` would
  /// find after measuring its boundness. `nil` for anything else.
  @inline(__always)
  func loneDotOrEqualKind() -> TokenKind? {
    let byte = input[position]
    guard byte == UInt8(ascii: ".") || byte == UInt8(ascii: "=") else { return nil }
    if position + 1 < count {
      let next = input[position + 1]
      // A non-ASCII character may continue the operator (a combining mark): not lone then.
      if next >= 0x80 || classes[Int(next)] & CharacterClass.operatorCharacter != 0 { return nil }
    }
    return byte == UInt8(ascii: ".") ? .period : .equal
  }

  /// Operators and non-ASCII identifiers, or bytes nothing else claims.
  private mutating func lexNormalMiscellaneous(preferRegexOverBinaryOperator: Bool) -> Lexer.Result {
    // An ASCII operator character (`.` `=` `-` …, the commonest case here) needs no decoding:
    // identifier starts were taken before.
    if classOf(input[position]) & CharacterClass.operatorCharacter != 0 {
      return lexOperatorIdentifier(preferRegexOverBinaryOperator: preferRegexOverBinaryOperator)
    }
    let (value, length) = scalar(at: position)
    if let value {
      if CharacterClass.isIdentifierStart(value) { return lexIdentifier() }
      if CharacterClass.isOperatorStart(value) {
        return lexOperatorIdentifier(preferRegexOverBinaryOperator: preferRegexOverBinaryOperator)
      }
    }
    if let result = lexUnknownToken() { return result }
    // Unreachable in practice: leading trivia has already eaten what is not a token. Keep the
    // stream going with one unknown character.
    position += length
    return Lexer.Result(.unknown)
  }

  /// A `#`: shebang, raw string, extended regex literal, directive or plain `#`.
  private mutating func lexNormalPound() -> Lexer.Result {
    // swift-syntax's "start of file" is "the previous byte is NUL", which includes byte 0.
    if (position == 0 || input[position - 1] == 0) && hasByte(at: position + 1, is: UInt8(ascii: "!")) {
      advanceToEndOfLine()
      return Lexer.Result(.shebang)
    }
    let poundEnd = poundRunEnd(from: position)
    if hasByte(at: poundEnd, is: UInt8(ascii: "\"")) {
      let length = poundEnd - position
      position = poundEnd
      return result(.rawStringPoundDelimiter, .push(.afterRawStringDelimiter(delimiterLength: length)))
    }
    if let result = lexRegexLiteral() { return result }
    return lexMagicPoundLiteral()
  }

  /// The end of the `#` run starting at `start`, measured once per run so a long run of `#`
  /// (each of which is a `pound` token) stays linear.
  mutating func poundRunEnd(from start: Int) -> Int {
    if start >= memo.poundRunStart && start < memo.poundRunEnd { return memo.poundRunEnd }
    var end = start
    while end < count && input[end] == UInt8(ascii: "#") { end += 1 }
    memo.poundRunStart = start
    memo.poundRunEnd = end
    return end
  }

  /// `#if`, `#else`, `#elseif`, `#endif`, `#available`, `#unavailable` and `#sourceLocation`
  /// are directives; any other `#` is a `pound` token and what follows is lexed on its own.
  private mutating func lexMagicPoundLiteral() -> Lexer.Result {
    position += 1
    var end = position
    while end < count && classes[Int(input[end])] & CharacterClass.identifierStart != 0 { end += 1 }
    let word = UnsafeBufferPointer(rebasing: input[position..<end])
    let availability: Bool
    switch word.count {
    case 2 where word.elementsEqual([0x69, 0x66]),  // if
      4 where word.elementsEqual([0x65, 0x6C, 0x73, 0x65]),  // else
      5 where word.elementsEqual([0x65, 0x6E, 0x64, 0x69, 0x66]),  // endif
      6 where word.elementsEqual([0x65, 0x6C, 0x73, 0x65, 0x69, 0x66]):  // elseif
      availability = false
    // available, unavailable, sourceLocation
    case 9 where word.elementsEqual([0x61, 0x76, 0x61, 0x69, 0x6C, 0x61, 0x62, 0x6C, 0x65]),
      11 where word.elementsEqual([0x75, 0x6E, 0x61, 0x76, 0x61, 0x69, 0x6C, 0x61, 0x62, 0x6C, 0x65]),
      14 where word.elementsEqual([0x73, 0x6F, 0x75, 0x72, 0x63, 0x65, 0x4C, 0x6F, 0x63, 0x61, 0x74, 0x69, 0x6F, 0x6E]):
      availability = true
    default:
      return Lexer.Result(.pound)
    }
    position = end
    previousDirectiveIsAvailability = availability
    return Lexer.Result(.poundDirective)
  }
}
