extension Lexer {
  /// The pieces of one regex literal, by their lengths: `#`s, `/`, pattern, `/`, `#`s
  /// (swift-syntax `RegexLiteralLexemes`). An unterminated literal has no closing pieces.
  struct RegexLexemes {
    var start: Int
    var openPounds = 0
    var patternLength = 0
    var hasClosingSlash = false
    var closePounds = 0
    /// No real closing delimiter was found (one may have been inferred for recovery).
    var isUnterminated = false
  }

  /// A `/` that a multi-line extended regex scan passed over, with the `#`s after it: too few to
  /// close that literal, perhaps enough to close a later one with fewer `#`s.
  ///
  /// A scan that reaches the end of the file keeps only the candidates no later one outdoes, a
  /// staircase of strictly decreasing `#` counts (`/###`, then `/##` further on, then `/#`).
  /// Each step takes its own bytes, so a file of n bytes has at most about √(2n) of them.
  struct RegexCloseCandidate {
    /// The offset of the `/`.
    var slash: Int
    /// The `#`s right after it.
    var pounds: Int
  }
}

extension Lexer.Cursor {
  // MARK: - Where a regex literal may start (swift-syntax `isInRegexLiteralPosition`)

  /// Whether the previous token leaves the lexer expecting an expression, where a `/` starts
  /// a regex literal rather than a division: after `(`, `=`, `,`, a binary operator, `return`…
  /// but not after an operand such as `x`, `)`, `1`, `self`.
  func isInRegexLiteralPosition() -> Bool {
    guard hasPreviousToken else { return true }
    switch previousKind {
    case .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .binaryOperator, .equal, .semicolon,
      .comma, .colon, .infixQuestionMark, .unknown:
      return true
    case .keyword:
      return previousKeyword != .valueLike
    case .poundDirective:
      // `#if`/`#else`/`#elseif`/`#endif` sequence expressions; `#available` and friends do not.
      return !previousDirectiveIsAvailability
    default:
      return false
    }
  }

  // MARK: - Entry points

  /// At a `#`: an extended regex literal `#/…/#`, lexed without hesitation (mustBeRegex).
  mutating func lexRegexLiteral() -> Lexer.Result? {
    guard let lexemes = scanRegexLiteral(from: position, mustBeRegex: true) else { return nil }
    return emitRegexLiteral(lexemes)
  }

  /// A `/` at `regexStart` inside the operator `operatorStart..<operatorEnd`: a regex literal
  /// when the heuristics allow, with the operator characters before it (`-/a/`) split off as an
  /// operator of their own.
  mutating func tryLexOperatorAsRegexLiteral(
    at regexStart: Int,
    operatorStart: Int,
    operatorEnd: Int,
    preferRegexOverBinaryOperator: Bool
  ) -> Lexer.Result? {
    let leftBound = isLeftBound(operatorStart)
    let rightBound = isRightBound(operatorEnd, isLeftBound: leftBound)
    // Left-bound, it is a postfix `/` or a binary operator (`x/2`, `x+/y/`).
    guard !leftBound else { return nil }
    // `operator /^/` and `func /^/ (…)` name operators; re-lexing later is not an option,
    // because a regex may hold unbalanced braces.
    guard previousKeyword != .funcOrOperator else { return nil }

    var mustBeRegex = false
    if leftBound == rightBound {
      // `try? /^ x/`: an expression must follow `try?`, even though a postfix `?` would
      // normally call for a binary operator.
      if preferRegexOverBinaryOperator { mustBeRegex = true }
      // Spaced on both sides, out of expression position: `a / b / c` is division.
      if !mustBeRegex && !isInRegexLiteralPosition() { return nil }
      // In expression position a binary operator would be illegal, so lex a regex with
      // confidence, except in an argument list where an unapplied operator is legal: `f(/, 2)`.
      switch previousKind {
      case .leftParen, .leftSquare, .comma, .colon, .colonColon:
        break
      default:
        mustBeRegex = true
      }
    }
    guard let lexemes = scanRegexLiteral(from: regexStart, mustBeRegex: mustBeRegex) else { return nil }
    if regexStart > operatorStart {
      position = regexStart
      emit(classifyOperator(start: operatorStart, end: regexStart), from: operatorStart)
    }
    return emitRegexLiteral(lexemes)
  }

  /// Emits every piece of `lexemes` but the last and returns the last as the token, so the main
  /// loop records it as the previous token (no trivia separates the pieces).
  private mutating func emitRegexLiteral(_ lexemes: Lexer.RegexLexemes) -> Lexer.Result {
    var pieces: [(TokenKind, Int)] = []
    var end = lexemes.start
    if lexemes.openPounds > 0 {
      end += lexemes.openPounds
      pieces.append((.regexPoundDelimiter, end))
    }
    end += 1
    pieces.append((.regexSlash, end))
    end += lexemes.patternLength
    pieces.append((.regexPattern, end))
    if lexemes.hasClosingSlash {
      end += 1
      pieces.append((.regexSlash, end))
      if lexemes.closePounds > 0 {
        end += lexemes.closePounds
        pieces.append((.regexPoundDelimiter, end))
      }
    }
    // An unterminated literal is flagged on its first piece, as a string on its opening quote.
    let firstFlags: Token.Flags = lexemes.isUnterminated ? .unterminated : []
    var start = lexemes.start
    for (kind, pieceEnd) in pieces.dropLast() {
      emit(kind, from: start, to: pieceEnd, flags: start == lexemes.start ? firstFlags : [])
      start = pieceEnd
    }
    tokenStart = start
    position = end
    var result = Lexer.Result(pieces[pieces.count - 1].0)
    if start == lexemes.start { result.flags = firstFlags }
    return result
  }

  // MARK: - Scanning (swift-syntax `RegexLiteralLexer`)

  /// Scans a regex literal at `start` (at its `#`s or `/`) without moving the position.
  /// `nil` when it is not one: no `/`, a `/` that opens a comment, and, unless `mustBeRegex`,
  /// a blank after the opening `/` or before the closing one, an unbalanced `)`, or no closing
  /// `/` on the line.
  mutating func scanRegexLiteral(from start: Int, mustBeRegex: Bool) -> Lexer.RegexLexemes? {
    var lexemes = Lexer.RegexLexemes(start: start)
    var cursor = poundRunEnd(from: start)
    lexemes.openPounds = cursor - start
    let hasPounds = lexemes.openPounds > 0
    guard cursor < count && input[cursor] == UInt8(ascii: "/") else { return nil }
    let openSlash = cursor
    cursor += 1
    let patternStart = cursor

    if !hasPounds {
      if cursor < count {
        switch input[cursor] {
        case 0x20, 0x09:
          // `/ 1 /` in a result builder is two divisions, not a regex.
          if !mustBeRegex { return nil }
        case UInt8(ascii: "*"), UInt8(ascii: "/"):
          return nil
        default:
          break
        }
      }
      if openSlash > 0 && input[openSlash - 1] == UInt8(ascii: "*") { return nil }
    }

    // An extended literal whose `/` ends its line is multi-line.
    var firstNewline: Int? = nil
    if hasPounds {
      var scan = cursor
      while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
      if scan < count && (input[scan] == 0x0A || input[scan] == 0x0D) {
        firstNewline = scan
        cursor = scan
      }
    }
    // A multi-line scan that found no end from an earlier start finds none from here either,
    // unless a `/` it passed had enough `#`s for this literal's fewer ones: past the first
    // newline both scans are in step, at the same character boundaries. Without this, openers
    // with ever fewer `#`s (`####/`, `###/`, `##/`, each on its own line) would each rescan the
    // rest of the file.
    if let firstNewline, start > memo.unterminatedRegexFrom,
      Self.mostPounds(in: memo.regexCloseCandidates, from: firstNewline) < lexemes.openPounds
    {
      lexemes.patternLength = firstNewline - patternStart
      lexemes.isUnterminated = true
      return lexemes
    }
    // The staircase of close candidates, kept only by a multi-line scan.
    var candidates: [Lexer.RegexCloseCandidate] = []

    var groupDepth = 0
    var customCharacterClassDepth = 0
    var lastUnescapedSpaceOrTab = -2
    var candidateCloseSlashEnd: Int? = nil

    while true {
      // Try the closing delimiter.
      if cursor < count && input[cursor] == UInt8(ascii: "/") {
        let slashBegin = cursor
        var scan = cursor + 1
        candidateCloseSlashEnd = scan
        var closePounds = 0
        if hasPounds {
          while scan < count && input[scan] == UInt8(ascii: "#") {
            scan += 1
            closePounds += 1
          }
        }
        if closePounds >= lexemes.openPounds {
          var accepted = true
          if closePounds == 0 {
            // `/.../` ending on `//` or `/*`: more likely a comment than a regex.
            if scan < count && (input[scan] == UInt8(ascii: "*") || input[scan] == UInt8(ascii: "/")) {
              return mustBeRegex
                ? unterminated(lexemes, patternStart: patternStart, end: slashBegin, candidate: nil) : nil
            }
            if lastUnescapedSpaceOrTab + 1 == slashBegin && !mustBeRegex { return nil }
          }
          if accepted {
            lexemes.patternLength = slashBegin - patternStart
            lexemes.hasClosingSlash = true
            lexemes.closePounds = closePounds
            return lexemes
          }
          accepted = false
        } else if firstNewline != nil && closePounds > 0 {
          while let last = candidates.last, last.pounds <= closePounds { candidates.removeLast() }
          candidates.append(Lexer.RegexCloseCandidate(slash: slashBegin, pounds: closePounds))
        }
      }

      // One pattern character.
      guard cursor < count else {
        let end = firstNewline ?? cursor
        if firstNewline != nil { rememberUnterminatedRegex(from: start, candidates: candidates) }
        guard mustBeRegex else { return nil }
        return unterminated(lexemes, patternStart: patternStart, end: end, candidate: candidateCloseSlashEnd)
      }
      let characterStart = cursor
      lookAheadWork &+= 1
      var escaped = false
      var byte = input[cursor]
      if byte == UInt8(ascii: "\\") {
        cursor += 1
        escaped = true
        guard cursor < count else {
          let end = firstNewline ?? cursor
          // A `\` ending the file ends every later scan in step the same way.
          if firstNewline != nil { rememberUnterminatedRegex(from: start, candidates: candidates) }
          guard mustBeRegex else { return nil }
          return unterminated(lexemes, patternStart: patternStart, end: end, candidate: candidateCloseSlashEnd)
        }
        byte = input[cursor]
      }
      let scalarStart = cursor
      cursor += scalar(at: cursor).length
      switch byte {
      case 0x0A, 0x0D:
        guard firstNewline != nil else {
          // A single-line literal ends at the line end, before the newline.
          guard mustBeRegex else { return nil }
          return unterminated(lexemes, patternStart: patternStart, end: scalarStart, candidate: candidateCloseSlashEnd)
        }
      case UInt8(ascii: "(") where !escaped && customCharacterClassDepth == 0:
        groupDepth += 1
      case UInt8(ascii: ")") where !escaped && customCharacterClassDepth == 0:
        if groupDepth == 0 {
          // `(x /y)`: an unbalanced `)` says this was never a regex.
          if !mustBeRegex { return nil }
        } else {
          groupDepth -= 1
        }
      case UInt8(ascii: "[") where !escaped:
        customCharacterClassDepth += 1
      case UInt8(ascii: "]") where !escaped:
        if customCharacterClassDepth > 0 { customCharacterClassDepth -= 1 }
      case 0x20, 0x09:
        if !escaped { lastUnescapedSpaceOrTab = characterStart }
      default:
        break
      }
    }
  }

  /// Records that a multi-line scan from `start` reached the end of the file, with the close
  /// candidates a later, in-step scan could still end on.
  private mutating func rememberUnterminatedRegex(from start: Int, candidates: [Lexer.RegexCloseCandidate]) {
    memo.unterminatedRegexFrom = start
    memo.regexCloseCandidates = candidates
  }

  /// The most `#`s after any candidate `/` at or after `offset`: the first step of the
  /// staircase there, since the steps descend (binary search, `candidates` sorted by offset).
  static func mostPounds(in candidates: [Lexer.RegexCloseCandidate], from offset: Int) -> Int {
    var low = 0
    var high = candidates.count
    while low < high {
      let middle = (low + high) / 2
      if candidates[middle].slash < offset { low = middle + 1 } else { high = middle }
    }
    return low < candidates.count ? candidates[low].pounds : -1
  }

  /// The pieces of an unterminated literal ending at `end`. An extended literal whose text ends
  /// with what looks like its closing delimiter (`/` or `/` then too few `#`s) gets those
  /// pieces back, for the parser to diagnose.
  private func unterminated(
    _ lexemes: Lexer.RegexLexemes,
    patternStart: Int,
    end: Int,
    candidate: Int?
  ) -> Lexer.RegexLexemes {
    var lexemes = lexemes
    lexemes.isUnterminated = true
    let length = end - patternStart
    if lexemes.openPounds > 0 && length > 0 {
      if input[end - 1] == UInt8(ascii: "/") {
        lexemes.patternLength = length - 1
        lexemes.hasClosingSlash = true
        return lexemes
      }
      if input[end - 1] == UInt8(ascii: "#"), let candidate {
        var scan = candidate
        var pounds = 0
        while scan < end {
          let byte = input[scan]
          scan += 1
          if byte != UInt8(ascii: "#") { break }
          pounds += 1
        }
        if scan == end {
          lexemes.patternLength = candidate - 1 - patternStart
          lexemes.hasClosingSlash = true
          lexemes.closePounds = pounds
          return lexemes
        }
      }
    }
    lexemes.patternLength = length
    return lexemes
  }
}
