extension Lexer {
  /// The three kinds of string literal, by opening quote.
  enum StringLiteralKind: UInt8, Equatable {
    /// `"…"`.
    case singleLine
    /// `"""…"""`.
    case multiLine
    /// `'…'` (not valid Swift, but lexed as a literal for recovery).
    case singleQuote
  }

  /// One entry of the lexer's explicit state stack (swift-syntax `Lexer.Cursor.State`).
  ///
  /// Nesting lives here, never on the call stack: a string pushes a state, an interpolation
  /// inside it pushes another, a string inside that pushes a third, so 10,000 nested
  /// interpolations cost 20,000 small array entries and no recursion. The bottom `normal` state
  /// is implicit (an empty stack).
  enum State: Equatable {
    /// Normal lexing. Only ever implicit, as the bottom of the stack.
    case normal
    /// One token after `try?`/`try!`, where a `/` starts a regex literal even where it would
    /// otherwise be a binary operator (`try? /^ x/.wholeMatch(in: s)`).
    case preferRegexOverBinaryOperator
    /// After the `#`s of a raw string, before its quote.
    case afterRawStringDelimiter(delimiterLength: Int)
    /// Inside the text of a string literal opened with `delimiterLength` `#`s. `openingQuote`
    /// is the significant position of its opening quote, flagged `unterminated` if it never closes.
    case inStringLiteral(kind: StringLiteralKind, delimiterLength: Int, openingQuote: Int)
    /// At the closing quote of a string literal.
    case afterStringLiteral(kind: StringLiteralKind, isRawString: Bool, openingQuote: Int)
    /// After the closing quote of a raw string, at its closing `#`s.
    case afterClosingStringQuote
    /// At the `\`, the `#`s or the `(` that open an interpolation.
    case inStringInterpolationStart(kind: StringLiteralKind)
    /// Inside an interpolation's code, with `parenCount` unclosed `(` besides the opening one.
    case inStringInterpolation(kind: StringLiteralKind, parenCount: Int)
  }

  /// How a state change after a token is applied.
  enum Transition {
    case push(State)
    case replace(State)
    case pop
  }

  /// How trivia is read around a token.
  enum TriviaMode {
    /// All trivia.
    case normal
    /// All but newlines: trailing trivia, and trivia inside a single-line string's
    /// interpolation, which a newline ends.
    case noNewlines
    /// The `\`, `#`s, blanks and newline that escape a line break in a multi-line string.
    case escapedNewline
  }

  /// What lexing one token produced.
  ///
  /// Four bytes, so that it is returned in registers: a state change after the token (rare,
  /// and a `State` is up to 24 bytes) waits in the cursor's `pendingTransition` instead, see
  /// `Cursor.result(_:_:trailingTrivia:)`.
  struct Result {
    var kind: TokenKind
    var flags: Token.Flags
    var keyword: KeywordTag
    /// Overrides the state's trailing trivia mode for this token.
    var trailingTrivia: TriviaMode?

    @inline(__always)
    init(_ kind: TokenKind, trailingTrivia: TriviaMode? = nil) {
      self.kind = kind
      self.flags = []
      self.keyword = .none
      self.trailingTrivia = trailingTrivia
    }
  }

  /// Results of earlier scans that a later scan would repeat, kept so that no input makes the
  /// lexer quadratic. Each records a position from which a search is known to fail.
  struct Memo {
    /// A `#` run `[start, end)` already measured.
    var poundRunStart = -1
    var poundRunEnd = -1
    /// From this offset on, no `>>>>>>> ` line ends a `<<<<<<< ` conflict marker.
    var noNormalConflictEndFrom = Int.max
    /// From this offset on, no `<<<<\n` line ends a `>>>> ` conflict marker.
    var noPerforceConflictEndFrom = Int.max
    /// An extended multi-line regex scan from `unterminatedRegexFrom` found no closing delimiter
    /// before the end of the file; `regexCloseCandidates` keeps what a later scan could still
    /// close on (see `RegexCloseCandidate`).
    var unterminatedRegexFrom = Int.max
    var regexCloseCandidates: [Lexer.RegexCloseCandidate] = []
    /// A curly-quoted string scan from inside `(curlyFailStart, curlyFailEnd]` finds no end.
    var curlyFailStart = Int.max
    var curlyFailEnd = -1
    /// The first `\n` or `#>` at or after `placeholderScanStart`, and whether it was `#>`.
    var placeholderScanStart = Int.max
    var placeholderEventAt = -1
    var placeholderEventIsEnd = false
  }
}

extension Lexer.State {
  /// True for the states of the code inside `\( … )`, whose pieces get `inInterpolation`.
  var isInterpolation: Bool {
    switch self {
    case .inStringInterpolationStart, .inStringInterpolation: return true
    default: return false
    }
  }
}

extension Lexer.Cursor {
  /// The innermost state.
  @inline(__always)
  var currentState: Lexer.State { states.last ?? .normal }

  /// Applies `transition` to the stack. Popping the implicit bottom state does nothing.
  @inline(__always)
  mutating func perform(_ transition: Lexer.Transition) {
    switch transition {
    case .push(let state):
      if state.isInterpolation { interpolationDepth += 1 }
      states.append(state)
    case .replace(let state):
      if let last = states.last, last.isInterpolation { interpolationDepth -= 1 }
      if state.isInterpolation { interpolationDepth += 1 }
      if states.isEmpty { states.append(state) } else { states[states.count - 1] = state }
    case .pop:
      if let last = states.popLast(), last.isInterpolation { interpolationDepth -= 1 }
    }
  }

  /// A result whose token changes the state: the main loop applies `transition` once it has
  /// emitted the token (whose `inInterpolation` flag depends on the state before the change).
  @inline(__always)
  mutating func result(_ kind: TokenKind, _ transition: Lexer.Transition, trailingTrivia: Lexer.TriviaMode? = nil)
    -> Lexer.Result
  {
    pendingTransition = transition
    return Lexer.Result(kind, trailingTrivia: trailingTrivia)
  }

  /// Marks the significant token at `position` (an opening quote) as never closed.
  mutating func flagUnterminated(_ position: Int) {
    tokens.flagUnterminated(significant: position)
  }

  /// The leading trivia mode of `state`, `nil` when it reads no trivia.
  func leadingTriviaMode(_ state: Lexer.State) -> Lexer.TriviaMode? {
    switch state {
    case .normal, .preferRegexOverBinaryOperator: return .normal
    case .inStringInterpolation(let kind, _): return kind == .multiLine ? .normal : .noNewlines
    default: return nil
    }
  }

  /// The trailing trivia mode of `state`, `nil` when it reads no trivia.
  func trailingTriviaMode(_ state: Lexer.State) -> Lexer.TriviaMode? {
    switch state {
    case .normal, .preferRegexOverBinaryOperator, .inStringInterpolation: return .noNewlines
    default: return nil
    }
  }
}
