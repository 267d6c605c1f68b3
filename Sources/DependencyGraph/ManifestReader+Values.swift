import SwiftLexer

// MARK: - Values

/// Reading values: lists, calls, arguments, strings and constants, by token position.
extension ManifestReader {
  /// One argument of a call: its label (if any) and the token positions of its value.
  struct Argument {
    var label: String?
    var start: Int
    var end: Int
  }

  /// The elements of the list expression at `position`: an array literal, a constant holding one,
  /// or several joined with `+`. Parentheses around the whole are looked through.
  mutating func listItems(at position: Int, label: String, depth: Int) -> [Int] {
    var items: [Int] = []
    var cursor = unwrapParentheses(position)
    while spend(at: cursor) {
      if tokens.kind(cursor) == .leftSquare {
        // An unclosed list runs to the end of the file: read what is there.
        guard let close = tokens.partner(cursor) else { return items + elements(from: cursor + 1, to: tokens.count) }
        // `[...].map { ... }` or `[...].filter(...)` computes the list: not followed statically.
        let next = tokens.kind(close + 1)
        if next == .period || next == .leftBrace {
          warn(.unreadableList(label: label, line: line(cursor)))
          return items
        }
        let found = elements(from: cursor + 1, to: close)
        // Pay for every element, so re-expanding a long list through constants is bounded too.
        budget -= found.count
        items += found
        cursor = close + 1
      } else if tokens.kind(cursor) == .identifier, tokens.kind(cursor + 1) != .leftParen,
        tokens.kind(cursor + 1) != .period, tokens.kind(cursor + 1) != .leftBrace
      {
        guard depth < Self.maximumDepth else {
          warn(.tooDeep(line: line(cursor)))
          return items
        }
        guard let value = constants[tokens.name(cursor)] else {
          warn(.unreadableList(label: label, line: line(cursor)))
          return items
        }
        items += listItems(at: value, label: label, depth: depth + 1)
        for append in appends[tokens.name(cursor)] ?? [] {
          items += appendedItems(at: append, label: label, depth: depth + 1)
        }
        cursor += 1
      } else {
        warn(.unreadableList(label: label, line: line(cursor)))
        return items
      }
      guard tokens.kind(cursor) == .binaryOperator, tokens.bytes(cursor).elementsEqual("+".utf8) else {
        return items
      }
      cursor = unwrapParentheses(cursor + 1)
    }
    return items
  }

  /// True when `name` at `position` is followed by `.append(` or `+=`.
  func isAppend(after position: Int) -> Bool {
    if tokens.kind(position + 1) == .binaryOperator { return tokens.bytes(position + 1).elementsEqual("+=".utf8) }
    return tokens.kind(position + 1) == .period && tokens.is(position + 2, .identifier, Array("append".utf8))
      && tokens.kind(position + 3) == .leftParen
  }

  /// The items added by the `name.append(x)`, `name.append(contentsOf: xs)` or `name += xs` at
  /// `position`.
  mutating func appendedItems(at position: Int, label: String, depth: Int) -> [Int] {
    if tokens.kind(position + 1) == .binaryOperator {
      return listItems(at: position + 2, label: label, depth: depth)
    }
    guard let argument = arguments(ofCallAt: position + 3).first else { return [] }
    if argument.label == "contentsOf" { return listItems(at: argument.start, label: label, depth: depth) }
    budget -= 1
    return [argument.start]
  }

  /// The start of each comma-separated element between `start` and `end` (exclusive).
  func elements(from start: Int, to end: Int) -> [Int] {
    var result: [Int] = []
    var elementStart = start
    var cursor = start
    while cursor < end {
      let kind = tokens.kind(cursor)
      if kind == .comma {
        if cursor > elementStart { result.append(elementStart) }
        elementStart = cursor + 1
      } else if isOpener(kind), let close = tokens.partner(cursor), close < end {
        cursor = close
      }
      cursor += 1
    }
    if end > elementStart { result.append(elementStart) }
    return result
  }

  /// The arguments of the call whose `(` is at `open`. An unbalanced call runs to the end.
  func arguments(ofCallAt open: Int) -> [Argument] {
    let close = tokens.partner(open) ?? tokens.count
    let starts = elements(from: open + 1, to: close)
    var result: [Argument] = []
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] - 1 : close
      if tokens.isWordLike(start), tokens.kind(start + 1) == .colon {
        result.append(Argument(label: tokens.name(start), start: start + 2, end: end))
      } else {
        result.append(Argument(label: nil, start: start, end: end))
      }
    }
    return result
  }

  /// A factory call at `position`: `.name(`, `Type.name(`, `Type.Nested.name(` or `name(`.
  func call(at position: Int) -> (name: String, open: Int)? {
    var cursor = unwrapParentheses(position)
    if tokens.kind(cursor) == .period {
      cursor += 1
    } else {
      // Skip a type prefix such as `Target.` or `Target.Dependency.`.
      while tokens.kind(cursor) == .identifier, tokens.kind(cursor + 1) == .period { cursor += 2 }
    }
    guard tokens.isWordLike(cursor), tokens.kind(cursor + 1) == .leftParen else { return nil }
    return (tokens.name(cursor), cursor + 1)
  }

  /// A string literal, or a constant holding one, at `position`.
  mutating func string(at position: Int, depth: Int) -> String? {
    let position = unwrapParentheses(position)
    if let (value, _) = tokens.stringLiteral(at: position) { return value }
    guard tokens.kind(position) == .identifier, let value = constant(at: position, depth: depth) else { return nil }
    return string(at: value, depth: depth + 1)
  }

  /// The value position of the constant named at `position`, within the depth budget.
  mutating func constant(at position: Int, depth: Int) -> Int? {
    guard let value = constants[tokens.name(position)] else { return nil }
    guard depth < Self.maximumDepth else {
      warn(.tooDeep(line: line(position)))
      return nil
    }
    return value
  }

  /// Looks through `(((x)))` iteratively, so deep parentheses cost a loop, not a recursion.
  func unwrapParentheses(_ position: Int) -> Int {
    var cursor = position
    // No check for tuples: that would rescan the contents at every level (quadratic on 100,000
    // nested parentheses), and a tuple is no valid manifest value, so it fails later anyway.
    while tokens.kind(cursor) == .leftParen, let close = tokens.partner(cursor), close > cursor + 1 {
      cursor += 1
    }
    return cursor
  }

  /// Skips a type annotation (`[Target.Dependency]`, `Target`, `[String: [String]]`) to the `=`.
  func skipType(from position: Int) -> Int {
    var cursor = position
    while cursor < tokens.count {
      let kind = tokens.kind(cursor)
      if kind == .equal || kind == .semicolon || kind == .leftBrace || kind == .rightBrace { return cursor }
      if kind == .keyword { return cursor }
      if isOpener(kind), let close = tokens.partner(cursor) { cursor = close }
      cursor += 1
    }
    return cursor
  }

  func isOpener(_ kind: TokenKind) -> Bool {
    kind == .leftParen || kind == .leftSquare || kind == .leftBrace
  }

  // MARK: - Warnings

  mutating func line(_ position: Int) -> Int {
    guard position >= 0 && position < tokens.count else { return 0 }
    if lineIndex == nil { lineIndex = LineIndex(tokens.stream.source) }
    return lineIndex?.line(of: Int(tokens.stream.significantToken(position).start)) ?? 0
  }

  mutating func warn(_ warning: ManifestWarning) {
    guard !warned.contains(warning) else { return }
    if manifest.warnings.count == Self.maximumWarnings {
      manifest.warnings.append(.tooManyWarnings)
    }
    guard manifest.warnings.count < Self.maximumWarnings else { return }
    warned.insert(warning)
    manifest.warnings.append(warning)
  }
}
