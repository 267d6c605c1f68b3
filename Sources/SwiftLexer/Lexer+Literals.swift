extension Lexer.Cursor {
  // MARK: - Identifiers

  /// An identifier or keyword; `_` alone is the wildcard.
  mutating func lexIdentifier() -> Lexer.Result {
    let start = position
    if input[position] < 0x80 {
      position += 1
    } else {
      position += scalar(at: position).length
    }
    advanceWhileIdentifierContinuation()
    let tag = Keywords.tag(input, start, position)
    if tag != .none {
      var result = Lexer.Result(.keyword)
      result.keyword = tag
      return result
    }
    if position - start == 1 && input[start] == UInt8(ascii: "_") { return Lexer.Result(.wildcard) }
    return Lexer.Result(.identifier)
  }

  /// `$0` is a dollar identifier, and so is a lone `$` (swift-syntax's check for it compares
  /// the wrong cursor); `$name` and `$0abc` are identifiers.
  mutating func lexDollarIdentifier() -> Lexer.Result {
    position += 1
    var isAllDigits = true
    while position < count {
      let byte = input[position]
      if classOf(byte) & CharacterClass.digit != 0 {
        position += 1
      } else if advance(ifScalar: CharacterClass.isIdentifierContinuation) {
        isAllDigits = false
      } else {
        break
      }
    }
    return Lexer.Result(isAllDigits ? .dollarIdentifier : .identifier)
  }

  /// `` `name` `` (any text up to a backtick on the same line) is an identifier; a backtick
  /// without its partner is a `backtick` token, flagged `unterminated`. A raw identifier the
  /// compiler rejects (empty, only blanks or operator characters, a backslash, a control
  /// character, invalid UTF-8) is flagged `hasError`.
  mutating func lexEscapedIdentifier() -> Lexer.Result {
    let identifierStart = position + 1
    var scan = identifierStart
    var isEmpty = true
    var hasNonWhitespace = false
    var hasNonOperator = false
    var hasError = false
    while scan < count {
      let byte = input[scan]
      if byte == UInt8(ascii: "`") {
        position = scan + 1
        var result = Lexer.Result(.identifier)
        if hasError || isEmpty || !hasNonWhitespace || !hasNonOperator { result.flags = .hasError }
        return result
      }
      if byte == 0x0A || byte == 0x0D { break }
      let (value, length) = scalar(at: scan)
      scan += length
      guard let value else {
        hasError = true
        continue
      }
      if Self.isForbiddenRawIdentifierWhitespace(value) || value == 0x5C || value < 0x20 || value == 0x7F {
        hasError = true
      }
      if value != 0x20 && value != 0x200E && value != 0x200F { hasNonWhitespace = true }
      if (isEmpty && !CharacterClass.isOperatorStart(value)) || !CharacterClass.isOperatorContinuation(value) {
        hasNonOperator = true
      }
      isEmpty = false
    }
    position = identifierStart
    var result = Lexer.Result(.backtick)
    result.flags = .unterminated
    return result
  }

  /// White space other than a plain space and the direction marks, which a raw identifier may
  /// not contain.
  private static func isForbiddenRawIdentifierWhitespace(_ c: UInt32) -> Bool {
    (0x09...0x0D).contains(c) || c == 0x85 || c == 0xA0 || c == 0x1680 || (0x2000...0x200A).contains(c)
      || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000
  }

  // MARK: - Numbers (swift-syntax `lexNumber`, `lexHexNumber`)

  @inline(__always)
  private func isDigit(at index: Int) -> Bool { hasByte(at: index, in: CharacterClass.digit) }

  @inline(__always)
  private func isHexDigit(at index: Int) -> Bool { hasByte(at: index, in: CharacterClass.hexDigit) }

  @inline(__always)
  private mutating func advanceWhile(_ mask: UInt8, orUnderscore: Bool = true) {
    while position < count {
      let byte = input[position]
      if classes[Int(byte)] & mask != 0 || (orUnderscore && byte == UInt8(ascii: "_")) {
        position += 1
      } else {
        return
      }
    }
  }

  /// Steps over identifier characters stuck to a number; true when there were any (an error:
  /// `12abc`, `0b12`).
  @inline(__always)
  private mutating func advanceOverTrailingIdentifierCharacters() -> Bool {
    let start = position
    advanceWhileIdentifierContinuation()
    return position > start
  }

  /// A number literal result, flagged when the literal has an error.
  @inline(__always)
  private func number(_ kind: TokenKind, error: Bool = false) -> Lexer.Result {
    var result = Lexer.Result(kind)
    if error { result.flags = .hasError }
    return result
  }

  /// An integer or float literal. Letters and digits that cannot belong to it stay inside it
  /// (`12abc`, `0b12`, `0xG`), as the compiler keeps them to diagnose; such a literal is
  /// flagged `hasError`.
  mutating func lexNumber() -> Lexer.Result {
    if hasByte(at: position + 1, is: UInt8(ascii: "x")) && input[position] == UInt8(ascii: "0") {
      return lexHexNumber()
    }
    if input[position] == UInt8(ascii: "0")
      && (hasByte(at: position + 1, is: UInt8(ascii: "o")) || hasByte(at: position + 1, is: UInt8(ascii: "b")))
    {
      let isOctal = input[position + 1] == UInt8(ascii: "o")
      position += 2
      let validDigit: (UInt8) -> Bool =
        isOctal
        ? { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
        : { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
      if position < count && !validDigit(input[position]) {
        advanceWhileIdentifierContinuation()
        return number(.integerLiteral, error: true)
      }
      while position < count && (validDigit(input[position]) || input[position] == UInt8(ascii: "_")) {
        position += 1
      }
      return number(.integerLiteral, error: advanceOverTrailingIdentifierCharacters())
    }

    advanceWhile(CharacterClass.digit)

    if hasByte(at: position, is: UInt8(ascii: ".")) {
      // `1.` then a non-digit is an integer and a member access; `x.0.1` is two tuple indices.
      if position + 1 >= count || !isDigit(at: position + 1) || previousKind == .period {
        return number(.integerLiteral)
      }
    } else if position >= count || (input[position] != UInt8(ascii: "e") && input[position] != UInt8(ascii: "E")) {
      return number(.integerLiteral, error: advanceOverTrailingIdentifierCharacters())
    }

    if hasByte(at: position, is: UInt8(ascii: ".")) {
      position += 1
      advanceWhile(CharacterClass.digit)
    }
    if position < count && (input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E")) {
      position += 1
      if position < count && (input[position] == UInt8(ascii: "-") || input[position] == UInt8(ascii: "+")) {
        position += 1
      }
      guard isDigit(at: position) else {
        advanceWhileIdentifierContinuation()
        return number(.floatLiteral, error: true)
      }
      advanceWhile(CharacterClass.digit)
      return number(.floatLiteral, error: advanceOverTrailingIdentifierCharacters())
    }
    return number(.floatLiteral)
  }

  /// `0x…`, an integer or (with a `p` exponent) a float.
  private mutating func lexHexNumber() -> Lexer.Result {
    position += 2
    guard position < count else { return number(.integerLiteral, error: true) }
    guard isHexDigit(at: position) else {
      advanceWhileIdentifierContinuation()
      return number(.integerLiteral, error: true)
    }
    advanceWhile(CharacterClass.hexDigit)

    if position >= count
      || (input[position] != UInt8(ascii: ".") && input[position] != UInt8(ascii: "p")
        && input[position] != UInt8(ascii: "P"))
    {
      return number(.integerLiteral, error: advanceOverTrailingIdentifierCharacters())
    }

    var dot: Int? = nil
    if input[position] == UInt8(ascii: ".") {
      dot = position
      position += 1
      // `0xff.description`: an integer and a member access.
      if position < count && !isHexDigit(at: position) {
        position -= 1
        return number(.integerLiteral)
      }
      advanceWhile(CharacterClass.hexDigit)
      if position >= count || (input[position] != UInt8(ascii: "p") && input[position] != UInt8(ascii: "P")) {
        if position + 1 < count && !isDigit(at: position + 1), let dot {
          position = dot
          return number(.integerLiteral)
        }
        // A hexadecimal fraction needs a `p` exponent.
        return number(.integerLiteral, error: true)
      }
    }

    // [pP][+-]?[0-9][0-9_]*
    if position < count { position += 1 }
    var signedExponent = false
    if position < count && (input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-")) {
      position += 1
      signedExponent = true
    }
    if position < count && !isDigit(at: position) {
      // `0xff.fp`: an integer, a member access.
      if let dot, dot + 1 < count, !isDigit(at: dot + 1), !signedExponent {
        position = dot
        return number(.integerLiteral)
      }
      advanceWhileIdentifierContinuation()
      return number(.floatLiteral, error: true)
    }
    advanceWhile(CharacterClass.digit)
    return number(.floatLiteral, error: advanceOverTrailingIdentifierCharacters())
  }
}
