extension Lexer.Cursor {
  // MARK: - Trivia (swift-syntax `lexTrivia` and `TriviaParser`)

  /// Lexes trivia in `mode` and emits it as pieces: runs of horizontal whitespace, runs of
  /// newlines, comments, and unexpected text (a byte-order mark, conflict markers, bytes that
  /// cannot start a token).
  @inline(__always)
  mutating func lexTrivia(_ mode: Lexer.TriviaMode) {
    // Most calls find a token right away (no space before `(`, `.`, `)`…): answer those with
    // one table lookup instead of a call and a dispatch.
    if mode != .escapedNewline, position < count {
      if classes[Int(input[position])] & CharacterClass.tokenStart != 0 { return }
      // The next commonest is one space, then a token (`let x = y`): a piece of its own,
      // without the general loop.
      if input[position] == 0x20, position + 1 < count,
        classes[Int(input[position + 1])] & CharacterClass.tokenStart != 0
      {
        position += 1
        emit(.whitespace, from: position - 1)
        return
      }
      // Trailing trivia ends at a line break, the end of most lines: no call to find that out.
      if mode == .noNewlines, input[position] == 0x0A || input[position] == 0x0D { return }
    }
    lexTriviaPieces(mode)
  }

  /// The first index from `start` that is not `\n` or `\r`.
  @inline(__always)
  private func skipLineBreaks(from start: Int) -> Int {
    var index = start
    while index < count && (input[index] == 0x0A || input[index] == 0x0D) { index += 1 }
    return index
  }

  private mutating func lexTriviaPieces(_ mode: Lexer.TriviaMode) {
    triviaRunStart = tokens.count
    if mode == .escapedNewline {
      lexEscapedNewlineTrivia()
      return
    }
    // The start of a line: line breaks, indentation, then a token. Settled before the loop,
    // that is two pieces without a dispatch each and one check for the token. (In `lexTrivia`
    // it made the compiler outline that, costing a call on every token.)
    if mode == .normal, position < count, input[position] == 0x0A {
      let start = position
      position = skipLineBreaks(from: position + 1)
      emit(.newline, from: start)
      guard position < count else { return }
      if input[position] == 0x20 {
        let indentation = position
        position = skipHorizontalSpace(from: position)
        emit(.whitespace, from: indentation)
        guard position < count else { return }
      }
      if classes[Int(input[position])] & CharacterClass.tokenStart != 0 { return }
    }
    while position < count {
      let start = position
      let byte = input[position]
      switch byte {
      case 0x0A, 0x0D:
        if mode == .noNewlines { return }
        position = skipLineBreaks(from: position + 1)
        emit(.newline, from: start)
      case 0x20, 0x09, 0x0B, 0x0C:
        position = skipHorizontalSpace(from: position + 1)
        emit(.whitespace, from: start)
      case UInt8(ascii: "/"):
        guard position + 1 < count else { return }
        let next = input[position + 1]
        if next == UInt8(ascii: "/") {
          // `///` (and `////…`) is a doc comment.
          let isDoc = hasByte(at: position + 2, is: UInt8(ascii: "/"))
          advanceToEndOfLine()
          emit(isDoc ? .docLineComment : .lineComment, from: start)
        } else if next == UInt8(ascii: "*") {
          // `/**` is a doc comment, but `/**/` is an empty plain one.
          let isDoc =
            position + 3 < count && input[position + 2] == UInt8(ascii: "*") && input[position + 3] != UInt8(ascii: "/")
          position += 2
          let terminated = advanceToEndOfBlockComment()
          emit(isDoc ? .docBlockComment : .blockComment, from: start, flags: terminated ? [] : .unterminated)
        } else {
          return
        }
      case UInt8(ascii: "<"), UInt8(ascii: ">"):
        guard tryLexConflictMarker() else { return }
        // A conflict marker is a piece of its own; unexpected text after it joins it.
        emit(.unexpectedText, from: start)
      case 0xEF where hasByte(at: position + 1, is: 0xBB) && hasByte(at: position + 2, is: 0xBF):
        // A byte-order mark.
        position += 3
        emitUnexpectedText(from: start)
      case 0x21...0x7E:
        // Every printable ASCII character other than those above starts a token.
        return
      default:
        let (value, _) = scalar(at: position)
        if let value, CharacterClass.isIdentifierStart(value) || CharacterClass.isOperatorStart(value) { return }
        guard let end = unknownTriviaEnd() else { return }
        position = end
        emitUnexpectedText(from: start)
      }
    }
  }

  /// The trivia after the backslash that escapes a line break in a multi-line string
  /// (`\\?#*[ \t]*(\r\n|\r|\n)`), split as swift-syntax's trivia parser splits it.
  private mutating func lexEscapedNewlineTrivia() {
    var start = position
    if position < count && input[position] == UInt8(ascii: "\\") {
      position += 1
      emit(.backslashes, from: start)
      start = position
    }
    while position < count && input[position] == UInt8(ascii: "#") { position += 1 }
    if position > start { emit(.pounds, from: start) }
    start = position
    while position < count && (input[position] == 0x20 || input[position] == 0x09) { position += 1 }
    if position > start { emit(.whitespace, from: start) }
    start = position
    if position < count && input[position] == 0x0D {
      position += 1
      if position < count && input[position] == 0x0A { position += 1 }
      emit(.newline, from: start)
    } else if position < count && input[position] == 0x0A {
      position += 1
      emit(.newline, from: start)
    }
  }

  /// Emits unexpected text, merged into the previous piece when that is unexpected text of the
  /// same trivia run (swift-syntax's trivia parser merges them).
  private mutating func emitUnexpectedText(from start: Int) {
    if tokens.count > triviaRunStart, let last = tokens.lastOther, last.kind == .unexpectedText,
      Int(last.end) == start
    {
      tokens.setLastOtherEnd(UInt32(truncatingIfNeeded: position))
    } else {
      emit(.unexpectedText, from: start)
    }
  }

  /// Steps over the rest of a block comment, nested ones included; the position is just after
  /// the opening `/*`. An unterminated comment runs to the end of the file.
  private mutating func advanceToEndOfBlockComment() -> Bool {
    var depth = 1
    while position < count {
      let byte = input[position]
      position += 1
      if byte == UInt8(ascii: "*") {
        if position < count && input[position] == UInt8(ascii: "/") {
          position += 1
          depth -= 1
          if depth == 0 { return true }
        }
      } else if byte == UInt8(ascii: "/") {
        if position < count && input[position] == UInt8(ascii: "*") {
          position += 1
          depth += 1
        }
      }
    }
    return false
  }

  // MARK: - Unknown characters (swift-syntax `lexUnknown`)

  /// The end of the bytes at the position that are trivia although they are not whitespace:
  /// invalid UTF-8, runs of non-breaking spaces, NUL, and characters that are neither
  /// identifier nor operator characters. `nil` when they form a token instead (an identifier
  /// continuation character, a curly quote).
  private func unknownTriviaEnd() -> Int? {
    let (value, length) = scalar(at: position)
    guard let value else { return position + length }
    if CharacterClass.isIdentifierContinuation(value) || value == 0x201C || value == 0x201D { return nil }
    var end = position + length
    if value == 0xA0 {
      while hasByte(at: end, is: 0xC2) && hasByte(at: end + 1, is: 0xA0) { end += 2 }
    }
    return end
  }

  /// Lexes the token form of an unknown character: identifier continuation characters as an
  /// identifier, `”` as unknown, `“…”` as one identifier. `nil` when the character is trivia.
  mutating func lexUnknownToken() -> Lexer.Result? {
    let (value, length) = scalar(at: position)
    guard let value else { return nil }
    var result: Lexer.Result
    if CharacterClass.isIdentifierContinuation(value) {
      // A character that may continue an identifier but not start one (`·`, a combining mark).
      position += length
      advanceWhileIdentifierContinuation()
      result = Lexer.Result(.identifier)
    } else if value == 0x201D {
      position += length
      result = Lexer.Result(.unknown)
    } else if value == 0x201C {
      position += length
      if let end = findEndOfCurlyQuoteStringLiteral() { position = end }
      // The closest thing to a static string the parser has; it diagnoses the quotes.
      result = Lexer.Result(.identifier)
    } else {
      return nil
    }
    result.flags = .hasError
    return result
  }

  /// After `“`, the end of a string the user meant to write with curly quotes, or `nil`.
  private mutating func findEndOfCurlyQuoteStringLiteral() -> Int? {
    let start = position
    // A scan from inside a region that already failed fails the same way (it starts on a
    // character boundary of that scan); without this a line of `“` would be quadratic.
    if start > memo.curlyFailStart && start <= memo.curlyFailEnd { return nil }
    var body = position
    defer { position = start }
    while true {
      if hasByte(at: body, is: UInt8(ascii: "\\")) && hasByte(at: body + 1, is: UInt8(ascii: "(")) { break }
      if body >= count || input[body] == 0x0A || input[body] == 0x0D { break }
      position = body
      let character = lexCharacterInStringLiteral(kind: .singleLine, delimiterLength: 0)
      body = position
      switch character {
      case .error:
        memo.curlyFailStart = start
        memo.curlyFailEnd = body
        return nil
      case .endOfString:
        return body
      case .success(let value) where value == 0x201D:
        return body
      default:
        continue
      }
    }
    memo.curlyFailStart = start
    memo.curlyFailEnd = body
    return nil
  }

  // MARK: - Conflict markers

  /// At `<<<<<<< ` or `>>>> ` at the start of a line: if the matching end marker follows,
  /// steps over the whole conflict (to the end of the end marker's line) and returns true.
  private mutating func tryLexConflictMarker() -> Bool {
    guard position == 0 || input[position - 1] == 0x0A || input[position - 1] == 0x0D || input[position - 1] == 0
    else { return false }
    let normal = input[position] == UInt8(ascii: "<")
    let introducer: [UInt8] =
      normal ? [0x3C, 0x3C, 0x3C, 0x3C, 0x3C, 0x3C, 0x3C, 0x20] : [0x3E, 0x3E, 0x3E, 0x3E, 0x20]
    let terminator: [UInt8] =
      normal ? [0x3E, 0x3E, 0x3E, 0x3E, 0x3E, 0x3E, 0x3E, 0x20] : [0x3C, 0x3C, 0x3C, 0x3C, 0x0A]
    guard starts(at: position, with: introducer) else { return false }
    var scan = position + introducer.count
    // A failed search fails from any later start too: remember where it began.
    if scan >= (normal ? memo.noNormalConflictEndFrom : memo.noPerforceConflictEndFrom) { return false }
    let searchStart = scan
    while scan < count {
      if input[scan] == terminator[0] && (input[scan - 1] == 0x0A || input[scan - 1] == 0x0D)
        && starts(at: scan, with: terminator)
      {
        position = scan + terminator.count
        advanceToEndOfLine()
        return true
      }
      scan += 1
    }
    if normal { memo.noNormalConflictEndFrom = searchStart } else { memo.noPerforceConflictEndFrom = searchStart }
    return false
  }
}
