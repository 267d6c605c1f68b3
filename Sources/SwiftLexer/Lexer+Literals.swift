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
  /// without its partner is a `backtick` token.
  mutating func lexEscapedIdentifier() -> Lexer.Result {
    let identifierStart = position + 1
    var scan = identifierStart
    while scan < count {
      let byte = input[scan]
      if byte == UInt8(ascii: "`") {
        position = scan + 1
        return Lexer.Result(.identifier)
      }
      if byte == 0x0A || byte == 0x0D { break }
      scan += scalar(at: scan).length
    }
    position = identifierStart
    return Lexer.Result(.backtick)
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

  /// An integer or float literal. Letters and digits that cannot belong to it stay inside it
  /// (`12abc`, `0b12`, `0xG`), as the compiler keeps them to diagnose.
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
        return Lexer.Result(.integerLiteral)
      }
      while position < count && (validDigit(input[position]) || input[position] == UInt8(ascii: "_")) {
        position += 1
      }
      advanceWhileIdentifierContinuation()
      return Lexer.Result(.integerLiteral)
    }

    advanceWhile(CharacterClass.digit)

    if hasByte(at: position, is: UInt8(ascii: ".")) {
      // `1.` then a non-digit is an integer and a member access; `x.0.1` is two tuple indices.
      if position + 1 >= count || !isDigit(at: position + 1) || previousKind == .period {
        return Lexer.Result(.integerLiteral)
      }
    } else if position >= count || (input[position] != UInt8(ascii: "e") && input[position] != UInt8(ascii: "E")) {
      advanceWhileIdentifierContinuation()
      return Lexer.Result(.integerLiteral)
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
        return Lexer.Result(.floatLiteral)
      }
      advanceWhile(CharacterClass.digit)
      advanceWhileIdentifierContinuation()
    }
    return Lexer.Result(.floatLiteral)
  }

  /// `0x…`, an integer or (with a `p` exponent) a float.
  private mutating func lexHexNumber() -> Lexer.Result {
    position += 2
    guard position < count else { return Lexer.Result(.integerLiteral) }
    guard isHexDigit(at: position) else {
      advanceWhileIdentifierContinuation()
      return Lexer.Result(.integerLiteral)
    }
    advanceWhile(CharacterClass.hexDigit)

    if position >= count
      || (input[position] != UInt8(ascii: ".") && input[position] != UInt8(ascii: "p")
        && input[position] != UInt8(ascii: "P"))
    {
      advanceWhileIdentifierContinuation()
      return Lexer.Result(.integerLiteral)
    }

    var dot: Int? = nil
    if input[position] == UInt8(ascii: ".") {
      dot = position
      position += 1
      // `0xff.description`: an integer and a member access.
      if position < count && !isHexDigit(at: position) {
        position -= 1
        return Lexer.Result(.integerLiteral)
      }
      advanceWhile(CharacterClass.hexDigit)
      if position >= count || (input[position] != UInt8(ascii: "p") && input[position] != UInt8(ascii: "P")) {
        if position + 1 < count && !isDigit(at: position + 1), let dot {
          position = dot
          return Lexer.Result(.integerLiteral)
        }
        return Lexer.Result(.integerLiteral)
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
        return Lexer.Result(.integerLiteral)
      }
      advanceWhileIdentifierContinuation()
      return Lexer.Result(.floatLiteral)
    }
    advanceWhile(CharacterClass.digit)
    advanceWhileIdentifierContinuation()
    return Lexer.Result(.floatLiteral)
  }
}
