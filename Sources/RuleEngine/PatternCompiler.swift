import SwiftLexer

/// Turns pattern text into a `Pattern`: the text is lexed by the same lexer as the scanned
/// files (ast-grep's "patterns are code"), so pattern syntax and source syntax cannot drift.
///
/// Metavariables are spelled with the lexer's own `$` identifiers:
/// - `$NAME` (uppercase letters, digits, `_`) binds one unit: a token, a bracketed group or a
///   whole literal. `$0` and `$lower` stay literal, so closure shorthand can be matched.
/// - `$$$` and `...` match any run of units, possibly empty; `$$$NAME` also binds it.
package enum PatternCompiler {
  /// The deepest bracket nesting a pattern may have.
  package static let maximumNesting = 64

  /// Why and where a pattern failed to compile; 1-based line and column within the pattern.
  package struct Failure: Error, Equatable, Sendable {
    package var problem: RuleCatalogError.PatternProblem
    package var line: Int
    package var column: Int

    package init(problem: RuleCatalogError.PatternProblem, line: Int, column: Int) {
      self.problem = problem
      self.line = line
      self.column = column
    }
  }

  /// Compiles one pattern.
  ///
  /// - Throws: `Failure` for text that does not lex cleanly, unbalanced brackets, an empty
  ///   pattern, or a pattern made only of metavariables (nothing to anchor on).
  package static func compile(_ text: String) throws(Failure) -> Pattern {
    let bytes = Array(text.utf8)
    let stream = Lexer.tokenize(bytes)
    let lines = LineIndex(bytes)
    func failure(_ problem: RuleCatalogError.PatternProblem, at offset: Int) -> Failure {
      let line = lines.line(of: offset)
      return Failure(problem: problem, line: line, column: lines.scalarColumn(of: offset))
    }

    for token in stream.tokens {
      if token.flags.contains(.unterminated) || isUnterminatedBlockComment(token, in: stream) {
        throw failure(.unterminatedLiteral, at: Int(token.start))
      }
      if token.kind == .unknown || token.kind == .unexpectedText || token.flags.contains(.hasError) {
        throw failure(.unlexable(stream.text(of: token)), at: Int(token.start))
      }
    }
    guard !stream.kinds.isEmpty else { throw failure(.empty, at: 0) }
    // Checked before anything is built: the runner recurses per element and memoises per
    // element and file token, so a hostile pattern must be refused here (`RuleLimits`).
    if stream.significantCount > RuleLimits.patternTokens {
      let first = stream.significantToken(RuleLimits.patternTokens)
      throw failure(.tooManyTokens(limit: RuleLimits.patternTokens), at: Int(first.start))
    }
    var runs = 0

    let literals = LiteralStructure(stream)
    var sequences: [[Pattern.Element]] = [[]]
    // Open groups: sequence index and the opening token's position.
    var open: [(sequence: Int, position: Int)] = [(0, -1)]
    var slots: [String] = []
    var occurrences: [String: Int] = [:]
    var words = Set<[UInt8]>()
    func slot(_ name: String) -> Int {
      occurrences[name, default: 0] += 1
      if let index = slots.firstIndex(of: name) { return index }
      slots.append(name)
      return slots.count - 1
    }

    var position = 0
    let count = stream.significantCount
    while position < count {
      let token = stream.significantToken(position)
      let tokenBytes = Array(stream.bytes(of: token))
      let current = open[open.count - 1].sequence
      if literals.isPiece[position] {
        let last = Int(literals.partner[position])
        guard last > position else { throw failure(.unterminatedLiteral, at: Int(token.start)) }
        let pieces = (position...last).map { index in
          let piece = stream.significantToken(index)
          let pieceClass = literals.isPiece[index] ? Pattern.Literal.Class.exact(piece.kind) : literalClass(piece.kind)
          return Pattern.Literal(tokenClass: pieceClass, bytes: Array(stream.bytes(of: piece)))
        }
        sequences[current].append(.literal(pieces))
        position = last + 1
        continue
      }
      switch token.kind {
      case .leftParen, .leftSquare, .leftBrace:
        // Matching recurses once per pattern bracket level, so a limit keeps a hostile
        // rules file from exhausting the stack; real patterns nest a handful of levels.
        guard open.count <= maximumNesting else {
          throw failure(.nestingTooDeep(limit: maximumNesting), at: Int(token.start))
        }
        sequences.append([])
        sequences[current].append(.group(open: tokenBytes[0], sequence: sequences.count - 1))
        open.append((sequences.count - 1, position))
      case .rightParen, .rightSquare, .rightBrace:
        guard open.count > 1, let innermost = open.last else {
          throw failure(.unexpectedCloser(stream.text(of: token)), at: Int(token.start))
        }
        let opener = stream.significantToken(innermost.position)
        guard stream.partner[innermost.position] == Int32(position) else {
          throw failure(
            .mismatchedCloser(open: stream.text(of: opener), close: stream.text(of: token)), at: Int(token.start))
        }
        open.removeLast()
      default:
        if let metavariable = Metavariable(tokenBytes, kind: token.kind) {
          switch metavariable {
          case .single(let name): sequences[current].append(.single(slot: slot(name)))
          case .run(let name):
            runs += 1
            guard runs <= RuleLimits.runsPerPattern else {
              throw failure(.tooManyRuns(limit: RuleLimits.runsPerPattern), at: Int(token.start))
            }
            sequences[current].append(.run(slot: name.map(slot)))
          }
        } else {
          let tokenClass = literalClass(token.kind)
          var literalBytes = tokenBytes
          if tokenClass == .word {
            literalBytes = Self.strippingBackticks(literalBytes)
            words.insert(literalBytes)
          }
          sequences[current].append(.token(Pattern.Literal(tokenClass: tokenClass, bytes: literalBytes)))
        }
      }
      position += 1
    }
    if let unclosed = open.last, open.count > 1 {
      let opener = stream.significantToken(unclosed.position)
      throw failure(.unbalanced(stream.text(of: opener)), at: Int(opener.start))
    }

    let top = sequences[0]
    guard let anchorIndex = top.firstIndex(where: { !$0.isMetavariable }) else {
      throw failure(.noLiteralToken, at: Int(stream.significantToken(0).start))
    }
    let anchorBytes: [UInt8]
    switch top[anchorIndex] {
    case .token(let literal): anchorBytes = literal.bytes
    case .literal(let pieces): anchorBytes = pieces.first?.bytes ?? []
    case .group(let open, _): anchorBytes = [open]
    case .single, .run: anchorBytes = []
    }
    return Pattern(
      text: text, sequences: sequences, slotNames: slots, anchorIndex: anchorIndex, anchorBytes: anchorBytes,
      requiredWords: words.sorted { $0.lexicographicallyPrecedes($1) },
      hasRepeatedMetavariables: occurrences.values.contains { $0 > 1 })
  }

  /// `/* …` running to the end of the pattern would silently swallow the rest of it.
  private static func isUnterminatedBlockComment(_ token: Token, in stream: TokenStream) -> Bool {
    guard token.kind == .blockComment || token.kind == .docBlockComment else { return false }
    return !stream.bytes(of: token).reversed().starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")])
  }

  /// How a literal token of `kind` compares with source tokens.
  static func literalClass(_ kind: TokenKind) -> Pattern.Literal.Class {
    switch kind {
    case .identifier, .keyword, .dollarIdentifier, .wildcard: return .word
    case .integerLiteral, .floatLiteral, .unknown, .stringSegment, .regexPattern, .stringQuote, .multilineStringQuote,
      .singleQuote, .rawStringPoundDelimiter, .regexSlash, .regexPoundDelimiter:
      return .exact(kind)
    default: return .symbol
    }
  }

  /// `` `class` `` → `class`, so an escaped identifier matches its plain spelling.
  static func strippingBackticks(_ bytes: [UInt8]) -> [UInt8] {
    let backtick = UInt8(ascii: "`")
    guard bytes.count >= 2, bytes.first == backtick, bytes.last == backtick else { return bytes }
    return Array(bytes[1..<bytes.count - 1])
  }

  /// The metavariable spellings.
  private enum Metavariable {
    case single(String)
    case run(String?)

    /// Recognises `$NAME`, `$$$`, `$$$NAME` and `...`; anything else is a literal.
    init?(_ bytes: [UInt8], kind: TokenKind) {
      let dollar = UInt8(ascii: "$")
      switch kind {
      case .binaryOperator, .prefixOperator, .postfixOperator:
        guard bytes == Array("...".utf8) else { return nil }
        self = .run(nil)
      case .identifier, .dollarIdentifier:
        guard bytes.first == dollar else { return nil }
        if bytes.starts(with: [dollar, dollar, dollar]) {
          let name = bytes.dropFirst(3)
          if name.isEmpty {
            self = .run(nil)
            return
          }
          guard Self.isName(name) else { return nil }
          self = .run(String(decoding: name, as: UTF8.self))
        } else {
          let name = bytes.dropFirst()
          guard Self.isName(name) else { return nil }
          self = .single(String(decoding: name, as: UTF8.self))
        }
      default:
        return nil
      }
    }

    /// `[A-Z][A-Z0-9_]*`: uppercase, so `$0` and `$projected` stay literal.
    private static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
      guard let first = bytes.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
      return bytes.allSatisfy { byte in
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "_")
      }
    }
  }
}

extension Pattern.Element {
  /// True for `$NAME`, `$$$` and `$$$NAME`.
  var isMetavariable: Bool {
    switch self {
    case .single, .run: return true
    case .token, .literal, .group: return false
    }
  }
}
