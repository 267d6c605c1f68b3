/// The head of a declaration whose body brace is known: `func load(id: Int, completion: …) {`.
///
/// Found by walking back from the body's `{` over balanced groups to the declaration keyword,
/// then forward to the first parameter list, so `func f<T: P>(x: T) async throws -> T where … {`
/// gives keyword `func`, name `f` and the `( … )` range.
package struct DeclarationSignature: Sendable, Hashable {
  /// One parameter: `completion handler: @escaping (Result<Data, Error>) -> Void`.
  package struct Parameter: Sendable, Hashable {
    /// External label (`_` when none is written and the name is used, as Swift does for funcs).
    package var label: String
    /// The name inside the body.
    package var name: String
    /// Positions of the type (after `:`), inclusive.
    package var typeStart: Int
    /// Last position of the type.
    package var typeEnd: Int
  }

  /// Position of `func`, `init`, `var`, `let` or `subscript`.
  package var keyword: Int
  /// Position of the body `{`.
  package var bodyOpen: Int
  /// Position of the parameter list `(`, or -1 (properties).
  package var parametersOpen: Int
  /// Position of the parameter list `)`, or -1.
  package var parametersClose: Int
  /// The parameters, in order.
  package var parameters: [Parameter]

  /// `func`, `init`, `var`, `let`, `subscript`, looked up by bytes (see `Keyword` for indices).
  private static let keywords = ByteWords(["func", "init", "var", "let", "subscript"])

  /// Indices into `keywords`.
  private enum Keyword {
    static let `func` = 0
    static let binding = 2...3
  }

  /// The signature ending at the declaration brace `open`, or nil when none is found nearby.
  ///
  /// Runs for every function body of most files: kinds are matched by pattern (`TokenKind.==` is
  /// an out-of-line call) and keywords by bytes, never as `String`s.
  package static func find(bodyOpen open: Int, in view: SignificantTokenView) -> DeclarationSignature? {
    let keywords = Self.keywords
    var scan = open - 1
    var steps = 0
    var keyword = -1
    var found = -1
    while scan >= 0 && steps < 400 {
      steps += 1
      switch view.kind(scan) {
      case .rightParen, .rightSquare:
        guard let other = view.partner(scan) else { return nil }
        scan = other - 1
        continue
      case .leftBrace, .rightBrace, .semicolon:
        return nil
      case .keyword:
        if !view.isPeriod(scan - 1), let index = keywords.index(at: scan, in: view) {
          keyword = scan
          found = index
        }
      default:
        break
      }
      if keyword >= 0 { break }
      scan -= 1
    }
    guard keyword >= 0 else { return nil }
    var signature = DeclarationSignature(
      keyword: keyword, bodyOpen: open, parametersOpen: -1, parametersClose: -1, parameters: [])
    if Keyword.binding.contains(found) { return signature }
    var position = keyword + 1
    while position < open {
      if case .leftParen = view.kind(position), let close = view.partner(position), close < open {
        signature.parametersOpen = position
        signature.parametersClose = close
        signature.parameters = parameters(view, open: position, close: close, isFunction: found == Keyword.func)
        break
      }
      position += 1
    }
    return signature
  }

  /// True when a word spelled `text` occurs in the parameter list.
  package func parametersContain(_ text: String, in view: SignificantTokenView) -> Bool {
    guard parametersOpen >= 0 else { return false }
    for position in parametersOpen...parametersClose where view.isWord(position, text) { return true }
    return false
  }

  /// True when a word spelled `text` occurs anywhere between the keyword and the body.
  package func headContains(_ text: String, in view: SignificantTokenView) -> Bool {
    for position in keyword..<bodyOpen where view.isWord(position, text) { return true }
    return false
  }

  /// True for a `func` whose own head says `async`: after its parameter list and before its
  /// result arrow, so `func run(_ work: () async -> Void)` is not.
  package func isAsyncFunction(in view: SignificantTokenView) -> Bool {
    guard view.isWord(keyword, "func"), parametersClose >= 0 else { return false }
    for position in (parametersClose + 1)..<bodyOpen {
      if case .arrow = view.kind(position) { return false }
      if view.isWord(position, "async") { return true }
    }
    return false
  }

  /// True when the `func` is `static` or `class` (among the few modifiers before it).
  package func isStatic(in view: SignificantTokenView) -> Bool {
    guard view.isWord(keyword, "func") else { return false }
    var position = keyword - 1
    while position >= 0, keyword - position <= 4, view.isWord(position) {
      if view.isWord(position, "static") || view.isWord(position, "class") { return true }
      position -= 1
    }
    return false
  }

  /// The argument labels callers write, `_` for none.
  package var labels: [String] { parameters.map(\.label) }

  private static func parameters(_ view: SignificantTokenView, open: Int, close: Int, isFunction: Bool) -> [Parameter] {
    var result: [Parameter] = []
    var start = open + 1
    var position = open + 1
    while position <= close {
      let kind = view.kind(position)
      var isComma = false
      var isOpener = false
      switch kind {
      case .comma: isComma = true
      case .leftParen, .leftSquare, .leftBrace: isOpener = true
      default: break
      }
      if position == close || isComma {
        if let parameter = parameter(view, start, position - 1) { result.append(parameter) }
        start = position + 1
      } else if isOpener, let other = view.partner(position) {
        position = other
      } else if view.has(position, "<") {
        // Generic arguments in a parameter type (`Result<Data, Error>`): skip to the `>`.
        var depth = 0
        var scan = position
        while scan < close {
          if view.has(scan, "<") { depth += 1 }
          depth -= closingAngles(view, scan)
          if depth <= 0 { break }
          scan += 1
        }
        position = scan
      }
      position += 1
    }
    return result
  }

  /// The `>`s a token ending in `>` closes (`>>` closes two), 0 for `->` and other tokens.
  /// Counted on bytes: making each token of a generic argument a `String` was most of the cost.
  private static func closingAngles(_ view: SignificantTokenView, _ position: Int) -> Int {
    let start = view.startOffset(position)
    let end = view.endOffset(position)
    if case .arrow = view.kind(position) { return 0 }
    return view.stream.source.withUnsafeBufferPointer { source in
      guard end > start, source[end - 1] == UInt8(ascii: ">") else { return 0 }
      var count = 0
      for offset in start..<end where source[offset] == UInt8(ascii: ">") { count += 1 }
      return count
    }
  }

  private static func parameter(_ view: SignificantTokenView, _ start: Int, _ end: Int) -> Parameter? {
    guard start <= end else { return nil }
    var colon = -1
    for position in start...end {
      if case .colon = view.kind(position) {
        colon = position
        break
      }
    }
    // `x:` with no type (malformed code) has no type range.
    guard colon > start, colon < end else { return nil }
    // The last two words (or `_`) before the colon: label and name.
    var last = -1
    var beforeLast = -1
    for position in start..<colon {
      switch view.kind(position) {
      case .identifier, .keyword, .wildcard:
        beforeLast = last
        last = position
      default:
        break
      }
    }
    guard last >= 0 else { return nil }
    let label = beforeLast >= 0 ? view.text(beforeLast) : view.text(last)
    return Parameter(label: label, name: view.text(last), typeStart: colon + 1, typeEnd: end)
  }
}
