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

  private static let keywords = ["func", "init", "var", "let", "subscript"]

  /// The signature ending at the declaration brace `open`, or nil when none is found nearby.
  package static func find(bodyOpen open: Int, in view: SourceView) -> DeclarationSignature? {
    var scan = open - 1
    var steps = 0
    var keyword = -1
    while scan >= 0 && steps < 400 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .rightParen || kind == .rightSquare {
        guard let other = view.partner(scan) else { return nil }
        scan = other - 1
        continue
      }
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return nil }
      if kind == .keyword, !view.isPeriod(scan - 1), keywords.contains(where: { view.isWord(scan, $0) }) {
        keyword = scan
        break
      }
      scan -= 1
    }
    guard keyword >= 0 else { return nil }
    var signature = DeclarationSignature(
      keyword: keyword, bodyOpen: open, parametersOpen: -1, parametersClose: -1, parameters: [])
    if view.isWord(keyword, "var") || view.isWord(keyword, "let") { return signature }
    var position = keyword + 1
    while position < open {
      if view.kind(position) == .leftParen, let close = view.partner(position), close < open {
        signature.parametersOpen = position
        signature.parametersClose = close
        signature.parameters = parameters(view, open: position, close: close, isFunction: view.isWord(keyword, "func"))
        break
      }
      position += 1
    }
    return signature
  }

  /// True when a word spelled `text` occurs in the parameter list.
  package func parametersContain(_ text: String, in view: SourceView) -> Bool {
    guard parametersOpen >= 0 else { return false }
    for position in parametersOpen...parametersClose where view.isWord(position, text) { return true }
    return false
  }

  /// True when a word spelled `text` occurs anywhere between the keyword and the body.
  package func headContains(_ text: String, in view: SourceView) -> Bool {
    for position in keyword..<bodyOpen where view.isWord(position, text) { return true }
    return false
  }

  /// The argument labels callers write, `_` for none.
  package var labels: [String] { parameters.map(\.label) }

  private static func parameters(_ view: SourceView, open: Int, close: Int, isFunction: Bool) -> [Parameter] {
    var result: [Parameter] = []
    var start = open + 1
    var position = open + 1
    while position <= close {
      let kind = view.kind(position)
      if position == close || (kind == .comma) {
        if let parameter = parameter(view, start, position - 1) { result.append(parameter) }
        start = position + 1
      } else if kind == .leftParen || kind == .leftSquare || kind == .leftBrace, let other = view.partner(position) {
        position = other
      } else if view.has(position, "<") {
        // Generic arguments in a parameter type (`Result<Data, Error>`): skip to the `>`.
        var depth = 0
        var scan = position
        while scan < close {
          if view.has(scan, "<") { depth += 1 }
          if view.text(scan).hasSuffix(">") && view.kind(scan) != .arrow {
            depth -= view.text(scan).utf8.filter { $0 == UInt8(ascii: ">") }.count
          }
          if depth <= 0 { break }
          scan += 1
        }
        position = scan
      }
      position += 1
    }
    return result
  }

  private static func parameter(_ view: SourceView, _ start: Int, _ end: Int) -> Parameter? {
    guard start <= end else { return nil }
    var colon = -1
    for position in start...end where view.kind(position) == .colon {
      colon = position
      break
    }
    // `x:` with no type (malformed code) has no type range.
    guard colon > start, colon < end else { return nil }
    let names = (start..<colon).filter { view.isWord($0) || view.kind($0) == .wildcard }
    guard let last = names.last else { return nil }
    let label = names.count >= 2 ? view.text(names[names.count - 2]) : view.text(last)
    return Parameter(label: label, name: view.text(last), typeStart: colon + 1, typeEnd: end)
  }
}
