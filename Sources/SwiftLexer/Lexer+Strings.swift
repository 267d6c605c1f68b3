extension Lexer.Cursor {
  // MARK: - String quotes

  /// The state change after a string quote, from the state it was lexed in.
  private func transitionAfterStringQuote(kind: Lexer.StringLiteralKind) -> Lexer.Transition {
    switch currentState {
    case .afterStringLiteral(_, let isRawString, _):
      return isRawString ? .replace(.afterClosingStringQuote) : .pop
    case .afterRawStringDelimiter(let delimiterLength):
      // The quote is the next significant token emitted.
      return .replace(
        .inStringLiteral(kind: kind, delimiterLength: delimiterLength, openingQuote: tokens.significantCount))
    default:
      return .push(.inStringLiteral(kind: kind, delimiterLength: 0, openingQuote: tokens.significantCount))
    }
  }

  /// An opening or closing quote: `'`, `"` or `"""`. `matchingOpening` is the kind of the
  /// literal a closing quote ends, `nil` for an opening quote.
  mutating func lexStringQuote(matchingOpening: Lexer.StringLiteralKind?, leadingDelimiterLength: Int) -> Lexer.Result {
    if input[position] == UInt8(ascii: "'") {
      position += 1
      return result(.singleQuote, transitionAfterStringQuote(kind: .singleQuote))
    }
    position += 1
    // `"a"""` is not a closing `"""`: a single-line literal closes with one quote.
    guard matchingOpening != .singleLine, hasByte(at: position, is: 0x22), hasByte(at: position + 1, is: 0x22) else {
      return result(.stringQuote, transitionAfterStringQuote(kind: .singleLine))
    }
    let afterTripleQuote = position + 2
    if leadingDelimiterLength > 0 {
      // `#"""#` and `#"""a"#` are single-line raw strings that start with quotes: look for the
      // closing delimiter on the same line.
      var scan = afterTripleQuote
      if advanceIfStringDelimiter(&scan, delimiterLength: leadingDelimiterLength) {
        return result(.stringQuote, transitionAfterStringQuote(kind: .singleLine))
      }
      while scan < count && input[scan] != 0x0A && input[scan] != 0x0D {
        if input[scan] == 0x22 {
          scan += 1
          if advanceIfStringDelimiter(&scan, delimiterLength: leadingDelimiterLength) {
            return result(.stringQuote, transitionAfterStringQuote(kind: .singleLine))
          }
          continue
        }
        scan += 1
      }
    }
    position = afterTripleQuote
    // The newline after an opening `"""` is not part of the string: it is trivia.
    let trailing: Lexer.TriviaMode? =
      matchingOpening == nil && position < count && (input[position] == 0x0A || input[position] == 0x0D)
      ? .escapedNewline : nil
    return result(.multilineStringQuote, transitionAfterStringQuote(kind: .multiLine), trailingTrivia: trailing)
  }

  /// If `delimiterLength` `#`s follow `index`, steps over them and returns true. Like
  /// swift-syntax's `advanceIfStringDelimiter`, it steps over one `#` more when there is one
  /// (its loop advances before it compares): that decides how `\##(` reads in a `#"…"#` string.
  @inline(__always)
  func advanceIfStringDelimiter(_ index: inout Int, delimiterLength: Int) -> Bool {
    guard delimiterLength > 0 else { return true }
    var scan = index
    var pounds = 0
    while scan < count && input[scan] == UInt8(ascii: "#") {
      scan += 1
      if pounds >= delimiterLength { break }
      pounds += 1
    }
    guard pounds >= delimiterLength else { return false }
    index = scan
    return true
  }

  mutating func lexAfterRawStringDelimiter(delimiterLength: Int) -> Lexer.Result {
    guard position < count else { return Lexer.Result(.endOfFile) }
    let byte = input[position]
    guard byte == 0x22 || byte == 0x27 else {
      perform(.pop)
      return Lexer.Result(.unknown)
    }
    return lexStringQuote(matchingOpening: nil, leadingDelimiterLength: delimiterLength)
  }

  mutating func lexAfterStringLiteral(kind: Lexer.StringLiteralKind) -> Lexer.Result {
    guard position < count else { return Lexer.Result(.endOfFile) }
    let byte = input[position]
    guard byte == 0x22 || byte == 0x27 else {
      perform(.pop)
      return Lexer.Result(.unknown)
    }
    return lexStringQuote(matchingOpening: kind, leadingDelimiterLength: 0)
  }

  /// The closing `#`s of a raw string: all of them, even more than the opening ones.
  mutating func lexAfterClosingStringQuote() -> Lexer.Result {
    guard position < count else { return Lexer.Result(.endOfFile) }
    while position < count && input[position] == UInt8(ascii: "#") { position += 1 }
    return result(.rawStringPoundDelimiter, .pop)
  }

  // MARK: - Interpolations

  /// The `\`, then the `#`s of a raw interpolation, then its `(`.
  mutating func lexInStringInterpolationStart(kind: Lexer.StringLiteralKind) -> Lexer.Result {
    guard position < count else { return Lexer.Result(.endOfFile) }
    switch input[position] {
    case UInt8(ascii: "\\"):
      position += 1
      return Lexer.Result(.backslash)
    case UInt8(ascii: "#"):
      while position < count && input[position] == UInt8(ascii: "#") { position += 1 }
      return Lexer.Result(.rawStringPoundDelimiter)
    case UInt8(ascii: "("):
      position += 1
      return result(.leftParen, .replace(.inStringInterpolation(kind: kind, parenCount: 0)))
    default:
      perform(.pop)
      return Lexer.Result(.unknown)
    }
  }

  /// Code inside `\( … )`: parentheses are counted so the one that closes the interpolation is
  /// known; a newline ends an interpolation in a single-line string with an empty segment.
  mutating func lexInStringInterpolation(kind: Lexer.StringLiteralKind, parenCount: Int) -> Lexer.Result {
    guard position < count else { return lexNormal(preferRegexOverBinaryOperator: false) }
    switch input[position] {
    case UInt8(ascii: "("):
      position += 1
      return result(.leftParen, .replace(.inStringInterpolation(kind: kind, parenCount: parenCount + 1)))
    case UInt8(ascii: ")"):
      position += 1
      if parenCount == 0 { return result(.rightParen, .pop) }
      return result(.rightParen, .replace(.inStringInterpolation(kind: kind, parenCount: parenCount - 1)))
    case 0x0A, 0x0D:
      return result(.stringSegment, .pop)
    default:
      return lexNormal(preferRegexOverBinaryOperator: false)
    }
  }

  // MARK: - String text

  /// True at `\`, the delimiter `#`s and `(`: an interpolation.
  private func isAtStringInterpolationAnchor(delimiterLength: Int) -> Bool {
    var scan = position + 1
    return advanceIfStringDelimiter(&scan, delimiterLength: delimiterLength) && hasByte(at: scan, is: UInt8(ascii: "("))
  }

  /// True at `\`, the delimiter `#`s, blanks and a newline: a line continuation.
  private func isAtEscapedNewline(delimiterLength: Int) -> Bool {
    var scan = position + 1
    guard advanceIfStringDelimiter(&scan, delimiterLength: delimiterLength) else { return false }
    while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
    return scan < count && (input[scan] == 0x0A || input[scan] == 0x0D)
  }

  /// One string segment (swift-syntax `lexInStringLiteral`). A segment ends before an
  /// interpolation, a line continuation, the closing quote or the end of the file; in a
  /// multi-line string after each newline, and after each escape that stands for a newline
  /// (`\n`, `\r`, `\u{a}`), which is how the compiler checks indentation line by line.
  mutating func lexInStringLiteral(kind: Lexer.StringLiteralKind, delimiterLength: Int, openingQuote: Int)
    -> Lexer.Result
  {
    guard position < count else { return Lexer.Result(.endOfFile) }
    let afterString = Lexer.Transition.replace(
      .afterStringLiteral(kind: kind, isRawString: delimiterLength > 0, openingQuote: openingQuote)
    )
    var flags: Token.Flags = []
    func segment(_ transition: Lexer.Transition? = nil, trailingTrivia: Lexer.TriviaMode? = nil) -> Lexer.Result {
      pendingTransition = transition
      var result = Lexer.Result(.stringSegment, trailingTrivia: trailingTrivia)
      result.flags = flags
      return result
    }
    while true {
      // Plain printable text cannot end a segment.
      position = skip(CharacterClass.plainStringText, from: position)
      guard position < count else { return segment(afterString) }
      switch input[position] {
      case UInt8(ascii: "\\"):
        if isAtStringInterpolationAnchor(delimiterLength: delimiterLength) {
          return segment(.push(.inStringInterpolationStart(kind: kind)))
        }
        if kind == .multiLine && isAtEscapedNewline(delimiterLength: delimiterLength) {
          return segment(trailingTrivia: .escapedNewline)
        }
      case 0x0A, 0x0D:
        if kind == .multiLine {
          if input[position] == 0x0D && hasByte(at: position + 1, is: 0x0A) { position += 1 }
          position += 1
          return segment()
        }
        // A single-line string cannot span lines: it ends here, unterminated.
        flagUnterminated(openingQuote)
        return segment(.pop)
      default:
        break
      }
      let characterStart = position
      switch lexCharacterInStringLiteral(kind: kind, delimiterLength: delimiterLength) {
      case .endOfString:
        // The closing quote is the next token.
        position = characterStart
        return segment(afterString)
      case .escape(let value) where value == 0x0A || value == 0x0D:
        return segment()
      case .error:
        flags.insert(.hasError)
      default:
        continue
      }
    }
  }

  /// What one character of string text turned out to be.
  enum CharacterLex {
    /// A character as written.
    case success(UInt32)
    /// An escape sequence standing for this scalar.
    case escape(UInt32)
    /// The closing quote (and delimiter) of the literal.
    case endOfString
    /// Something the compiler rejects; the lexer steps over it.
    case error
  }

  /// Steps over one character of string text, an escape sequence counting as one
  /// (swift-syntax `lexCharacterInStringLiteral`).
  mutating func lexCharacterInStringLiteral(kind: Lexer.StringLiteralKind, delimiterLength: Int) -> CharacterLex {
    let byte = input[position]
    switch byte {
    case 0x22:
      position += 1
      var scan = position
      switch kind {
      case .singleLine:
        guard advanceIfStringDelimiter(&scan, delimiterLength: delimiterLength) else { return .success(0x22) }
        position = scan
        return .endOfString
      case .multiLine:
        guard hasByte(at: scan, is: 0x22) && hasByte(at: scan + 1, is: 0x22) else { return .success(0x22) }
        scan += 2
        guard advanceIfStringDelimiter(&scan, delimiterLength: delimiterLength) else { return .success(0x22) }
        position = scan
        return .endOfString
      case .singleQuote:
        return .success(0x22)
      }
    case 0x27:
      position += 1
      return kind == .singleQuote ? .endOfString : .success(0x27)
    case 0:
      position += 1
      return .error
    case 0x0A, 0x0D:
      position += 1
      return .success(UInt32(byte))
    case UInt8(ascii: "\\"):
      position += 1
      var scan = position
      guard advanceIfStringDelimiter(&scan, delimiterLength: delimiterLength) else { return .success(0x5C) }
      position = scan
      return lexEscapedCharacter(isMultiline: kind == .multiLine)
    default:
      let (value, length) = scalar(at: position)
      position += length
      guard let value else { return .error }
      // Tabs are allowed in multi-line strings only; other control characters nowhere.
      if value >= 0x80 || (value >= 0x20 && value < 0x7F) || (kind == .multiLine && value == 0x09) {
        return .success(value)
      }
      return .error
    }
  }

  /// After `\` (and the delimiter): one escape sequence.
  private mutating func lexEscapedCharacter(isMultiline: Bool) -> CharacterLex {
    guard position < count else { return .error }
    let byte = input[position]
    switch byte {
    case UInt8(ascii: "0"): position += 1; return .escape(0)
    case UInt8(ascii: "n"): position += 1; return .escape(0x0A)
    case UInt8(ascii: "r"): position += 1; return .escape(0x0D)
    case UInt8(ascii: "t"): position += 1; return .escape(0x09)
    case 0x22, 0x27, 0x5C: position += 1; return .escape(UInt32(byte))
    case UInt8(ascii: "u"):
      position += 1
      guard position < count && input[position] == UInt8(ascii: "{") else { return .error }
      position += 1
      let digitsStart = position
      var value: UInt64 = 0
      while position < count && classes[Int(input[position])] & CharacterClass.hexDigit != 0 {
        let digit = input[position]
        let nibble = digit <= 0x39 ? digit - 0x30 : (digit | 0x20) - 0x61 + 10
        if position - digitsStart < 9 { value = value << 4 | UInt64(nibble) }
        position += 1
      }
      let digits = position - digitsStart
      guard position < count && input[position] == UInt8(ascii: "}") else { return .error }
      position += 1
      guard digits >= 1 && digits <= 8, value <= 0x10FFFF, Unicode.Scalar(UInt32(value)) != nil else {
        return .error
      }
      return .escape(UInt32(value))
    case 0x0A, 0x0D:
      if isMultiline && maybeConsumeNewlineEscape() { return .escape(0x0A) }
      return .error
    default:
      // A letter or digit after `\` is taken as a bad escape; anything else is left alone.
      // (swift-syntax tests the byte as a Latin-1 scalar, and its `isLetter` is ASCII only.)
      if classes[Int(byte)] & (CharacterClass.identifierStart | CharacterClass.digit) != 0
        && byte != UInt8(ascii: "_")
      {
        position += 1
      }
      return .error
    }
  }

  /// Blanks then a newline after `\` in a multi-line string.
  private mutating func maybeConsumeNewlineEscape() -> Bool {
    var scan = position
    while scan < count {
      let byte = input[scan]
      scan += 1
      switch byte {
      case 0x20, 0x09:
        continue
      case 0x0D:
        if scan < count && input[scan] == 0x0A { scan += 1 }
        position = scan
        return true
      case 0x0A:
        position = scan
        return true
      default:
        return false
      }
    }
    return false
  }
}
