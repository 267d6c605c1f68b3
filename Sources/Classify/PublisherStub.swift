/// A `Just`, `Fail` or `Empty` that is the value of a publisher-typed property: a mock's stub
/// (`var isInternalUserPublisher: AnyPublisher<Bool, Never> = Just(false).eraseToAnyPublisher()`,
/// `var updates: AnyPublisher<Void, Never> { Just(()).eraseToAnyPublisher() }`,
/// `underlyingSuggestionsPublisher = Just([])`) or a property's default.
///
/// It is part of that property's type, which a protocol or its consumers decide: it changes when
/// they move off Combine, so it is no one-shot operation to plan on its own (duckduckgo's test
/// mocks of a protocol declared outside the tree, element-x's generated service mocks).
enum PublisherStub {
  /// Tokens looked back through for a property's type annotation.
  private static let annotationLimit = 40

  /// True when the publisher at `position` is a publisher-typed property's value or body.
  static func isPropertyValue(_ view: SignificantTokenView, at position: Int) -> Bool {
    var before = position - 1
    if view.isWord(before, "return") { before -= 1 }
    switch view.kind(before) {
    case .leftBrace:
      // `var name: Type { Just(…) }` (or `get { return Just(…) }` inside it).
      if view.isWord(before - 1, "get"), view.kind(before - 2) == .leftBrace { before -= 2 }
      guard let colon = annotationColon(view, before: before) else { return false }
      return view.isIdentifier(colon - 1) && view.isWord(colon - 2, "var")
    case .equal:
      let name = before - 1
      let declares = view.isWord(name - 1, "var") || view.isWord(name - 1, "let")
      // `self.namePublisher = Just(…)`, `namePublisher = Just(…)`: a member assigned, anywhere.
      if view.isIdentifier(name), !declares, endsWithPublisher(view.text(name)) { return true }
      // `var namePublisher = Just(…)` as a member (a local `let publisher = Just(…)` is not).
      if view.isIdentifier(name), declares, endsWithPublisher(view.text(name)) {
        return isMember(view, declaration: name - 1)
      }
      // `var name: AnyPublisher<…> = Just(…)` as a member.
      guard let colon = annotationColon(view, before: before), view.isIdentifier(colon - 1),
        view.isWord(colon - 2, "var") || view.isWord(colon - 2, "let"), isMember(view, declaration: colon - 2)
      else { return false }
      for type in (colon + 1)..<before where view.isIdentifier(type) && endsWithPublisher(view.text(type)) {
        return true
      }
      return false
    default:
      return false
    }
  }

  /// The `:` of the type annotation that ends just before `end` (a `{` or `=`), if the tokens
  /// between are a type's: names, `.`, `<`, `>`, `,`, `?`, `!`, `[`, `]`, `(`, `)`, `->`.
  private static func annotationColon(_ view: SignificantTokenView, before end: Int) -> Int? {
    var scan = end - 1
    while scan > 0, end - scan <= annotationLimit {
      switch view.kind(scan) {
      case .colon:
        return scan
      case .identifier, .period, .comma, .postfixQuestionMark, .exclamationMark, .binaryOperator, .prefixOperator,
        .postfixOperator, .leftSquare, .rightSquare, .leftParen, .rightParen, .arrow:
        scan -= 1
      case .keyword where view.isWord(scan, "any") || view.isWord(scan, "some"):
        scan -= 1
      default:
        return nil
      }
    }
    return nil
  }

  /// True when the declaration whose `var`/`let` is at `keyword` sits directly in a type's body.
  private static func isMember(_ view: SignificantTokenView, declaration keyword: Int) -> Bool {
    guard let brace = view.openBrace(before: keyword, limit: 4_000) else { return false }
    let intro = view.braceIntro(brace)
    return intro >= 0 && typeKeywords.contains { view.isWord(intro, $0) }
  }

  private static let typeKeywords = ["class", "struct", "enum", "extension", "actor", "protocol"]

  private static func endsWithPublisher(_ name: String) -> Bool {
    name.hasSuffix("Publisher") || name.hasSuffix("publisher")
  }
}
