import SwiftLexer

/// The type a declaration or a simple expression names, read from the tokens of one file: what a
/// view's `@StateObject var model = ProfileViewModel()` or `.environmentObject(Settings.shared)`
/// holds, without a type checker.
///
/// Only the cheap, sure spellings resolve; anything else is nil (unknown), never a guess:
/// - an annotation: `var model: ProfileViewModel`, `: Feature.Model<Item>?` (generic arguments and
///   optionality dropped, the dotted path kept);
/// - a construction: `= ProfileViewModel()`, `= Feature.Model(…)`, `= Model.init(…)`, `= Model { … }`;
/// - a singleton: `= Settings.shared` (also `default`, `current`, `instance`, `standard`, `main`),
///   or a fixture: `= TimelineViewModel.mock` (also `preview`, `sample`, `example`, `placeholder`,
///   `stub`), as previews and tests hold their models: by convention a type's own instance;
/// - a name: a local declared earlier in the same member, or a property of the enclosing type
///   declared in this file (`.environmentObject(model)` after `@StateObject var model = Model()`).
enum WrittenType {
  /// Static members that hold the type's own instance by convention.
  private static let singletonNames: Set<String> = [
    "shared", "default", "current", "instance", "standard", "main", "mock", "preview", "sample", "example",
    "placeholder", "stub",
  ]

  /// The type written after `var`/`let name` at `name`, and the last position of the
  /// declaration's type or initialiser (`name` itself when neither is written).
  static func ofDeclaration(_ view: SignificantTokenView, name: Int) -> (type: String?, end: Int) {
    if view.kind(name + 1) == .colon {
      guard let (type, end) = annotation(view, at: name + 2) else { return (nil, name) }
      return (type, end)
    }
    if view.kind(name + 1) == .equal {
      return expression(view, at: name + 2)
    }
    return (nil, name)
  }

  /// The type annotation starting at `position` (`Feature.Model<T>?`) and its last position.
  static func annotation(_ view: SignificantTokenView, at position: Int) -> (String, Int)? {
    var next = position
    if view.isWord(next, "any") || view.isWord(next, "some") { next += 1 }
    guard view.isIdentifier(next) else { return nil }
    var path = view.text(next)
    while view.isPeriod(next + 1), view.isIdentifier(next + 2) {
      next += 2
      path += "." + view.text(next)
    }
    if view.text(next + 1).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, next + 1) {
      next = close
    }
    while view.kind(next + 1) == .postfixQuestionMark || view.kind(next + 1) == .exclamationMark { next += 1 }
    return (path, next)
  }

  /// The type of the expression starting at `position` when it is a construction or a singleton
  /// (see the type's summary), and the expression's last position.
  static func expression(_ view: SignificantTokenView, at position: Int, through limit: Int = Int.max) -> (
    type: String?, end: Int
  ) {
    guard view.isIdentifier(position) else { return (nil, position) }
    var parts = [view.text(position)]
    var next = position
    while next + 2 <= limit, view.isPeriod(next + 1), view.isWord(next + 2) {
      next += 2
      parts.append(view.text(next))
    }
    if parts.last == "init", parts.count > 1 { parts.removeLast() }
    if view.text(next + 1).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, next + 1) {
      next = close
    }
    let calls =
      view.kind(next + 1) == .leftParen || (view.kind(next + 1) == .leftBrace && view.braceRole[next + 1] == .closure)
    let end = calls ? view.skipCall(from: next) - 1 : next
    if calls, parts.allSatisfy(isCapitalised) { return (parts.joined(separator: "."), end) }
    // `Settings.shared`, and `TimelineViewModel.mock(timelineKind: .live)`: a fixture a static
    // function makes.
    if parts.count >= 2, let last = parts.last, singletonNames.contains(last),
      parts.dropLast().allSatisfy(isCapitalised)
    {
      return (parts.dropLast().joined(separator: "."), end)
    }
    return (nil, end)
  }

  /// The written type of `name` as seen at `position`: a local or parameter declared before it
  /// in the same member, else a property of the enclosing type declared anywhere in this file.
  static func ofName(_ file: FileContext, _ name: String, at position: Int) -> String? {
    let view = file.view
    let symbols = file.symbols
    let here = symbols.scope(at: position)
    var local: String??
    var property: String??
    var scan = 0
    while scan + 1 < view.count {
      defer { scan += 1 }
      guard view.isWord(scan, "var") || view.isWord(scan, "let"), view.isIdentifier(scan + 1),
        view.has(scan + 1, name)
      else { continue }
      let scope = symbols.scope(at: scan)
      guard scope.typePath == here.typePath else { continue }
      if scope.member == nil && scope.isType {
        if property == nil { property = .some(ofDeclaration(view, name: scan + 1).type) }
      } else if here.member != nil, scope.member == here.member, scope.open == here.open, scan < position {
        // `if let model {`, `guard let model, …`: the property unwrapped, whose type stays.
        let next = view.kind(scan + 2)
        if next == .leftBrace || next == .comma || view.isWord(scan + 2, "else") { continue }
        local = .some(ofDeclaration(view, name: scan + 1).type)
      }
    }
    if let local { return local }
    // A parameter of the enclosing function (`func makeFlow(coordinator: Coordinator) -> some View
    // { … .environmentObject(coordinator) }`), which shadows a property.
    if here.member != nil {
      let parameter = FactsCollector.localType(file, of: name, before: position)
      if isCapitalised(parameter) { return parameter }
    }
    if let property { return property }
    return nil
  }

  /// `let editorManager = workspace.editorManager` (also in `guard let`/`if let`) declared before
  /// `position` in the same member, for a `name` whose type is not written: the written type of
  /// the first name and the member read from it, for the tree to resolve as `ofMember` does.
  static func ofBoundMember(_ file: FileContext, _ name: String, at position: Int) -> (type: String, member: String)? {
    let view = file.view
    let here = file.symbols.scope(at: position)
    guard here.member != nil, here.open >= 0 else { return nil }
    var scan = position - 1
    while scan > max(0, here.open - 1, position - 3_000) {
      defer { scan -= 1 }
      guard view.isIdentifier(scan), view.has(scan, name), view.isWord(scan - 1, "let") || view.isWord(scan - 1, "var")
      else { continue }
      guard view.kind(scan + 1) == .equal else { return nil }
      var first = scan + 2
      if view.isWord(first, "self"), view.isPeriod(first + 1) { first += 2 }
      guard view.isIdentifier(first), !isCapitalised(view.text(first)), view.isPeriod(first + 1),
        view.isIdentifier(first + 2), !view.isPeriod(first + 3), view.kind(first + 3) != .leftParen,
        view.kind(first + 3) != .postfixQuestionMark,
        let type = ofName(file, view.text(first), at: first)
      else { return nil }
      return (type, view.text(first + 2))
    }
    return nil
  }

  /// The type of the expression `start...end` when it is `model`, `self.model` or a
  /// constructing or singleton expression (an argument, the qualifier of `model.$query`); nil for
  /// anything longer (`viewModel.context` is not `viewModel`'s type).
  static func ofValue(_ file: FileContext, from start: Int, to end: Int) -> String? {
    let view = file.view
    var first = start
    if view.isWord(first, "self"), view.isPeriod(first + 1) { first += 2 }
    guard view.isIdentifier(first), end >= first else { return nil }
    if isCapitalised(view.text(first)) {
      let (type, last) = expression(view, at: first, through: end)
      return last == end ? type : nil
    }
    return first == end ? ofName(file, view.text(first), at: first) : nil
  }

  /// `viewModel.context`, `self.appState.imageCache`: the written type of the first name and the
  /// member read from it, for the tree to resolve (a member's type is often declared in another
  /// file: a protocol, a base class). Nil for any other shape.
  static func ofMember(_ file: FileContext, from start: Int, to end: Int) -> (type: String, member: String)? {
    let view = file.view
    var first = start
    if view.isWord(first, "self"), view.isPeriod(first + 1) { first += 2 }
    guard first + 2 == end, view.isIdentifier(first), view.isPeriod(first + 1), view.isIdentifier(end),
      !isCapitalised(view.text(first)), let type = ofName(file, view.text(first), at: first)
    else { return nil }
    return (type, view.text(end))
  }

  /// `workspace` or `self.workspace` that nothing in the enclosing member declares (no `let`/`var`,
  /// parameter or closure parameter of that name before it) and this file does not declare as a
  /// property: the enclosing type's property, declared in another file, as `Type#workspace` for
  /// the tree to resolve. Nil for any other shape.
  static func propertyElsewhere(_ file: FileContext, from start: Int, to end: Int) -> String? {
    let view = file.view
    var first = start
    if view.isWord(first, "self"), view.isPeriod(first + 1) { first += 2 }
    guard first == end, view.isIdentifier(first), !isCapitalised(view.text(first)) else { return nil }
    let here = file.symbols.scope(at: first)
    guard here.member != nil, here.open >= 0, !here.typePath.isEmpty else { return nil }
    let name = view.text(first)
    // The member's parameters sit just before its body.
    for position in max(0, here.open - 120)..<first where view.isIdentifier(position) && view.has(position, name) {
      let declares = view.isWord(position - 1, "let") || view.isWord(position - 1, "var")
      if declares, isUnwrap(view, name, at: position) { continue }
      if declares || view.kind(position + 1) == .colon || view.isWord(position + 1, "in")
        || (view.kind(position + 1) == .comma && !view.isPeriod(position - 1))
      {
        return nil
      }
    }
    // Declared in this file: `ofName` has had its say.
    for position in 0..<view.count - 1
    where (view.isWord(position, "var") || view.isWord(position, "let")) && view.isIdentifier(position + 1)
      && view.has(position + 1, name)
    {
      let scope = file.symbols.scope(at: position)
      if scope.member == nil, scope.typePath == here.typePath { return nil }
    }
    return here.typePath + "#" + name
  }

  /// `guard let workspace = workspace`, `if let workspace = self.workspace`, `if let workspace {`:
  /// the property itself, unwrapped.
  private static func isUnwrap(_ view: SignificantTokenView, _ name: String, at position: Int) -> Bool {
    let intro =
      view.isWord(position - 2, "guard") || view.isWord(position - 2, "if")
      || view.kind(position - 2) == .comma
    guard intro else { return false }
    let next = view.kind(position + 1)
    if next == .leftBrace || next == .comma || view.isWord(position + 1, "else") { return true }
    guard next == .equal else { return false }
    var value = position + 2
    if view.isWord(value, "self"), view.isPeriod(value + 1) { value += 2 }
    guard view.isIdentifier(value), view.has(value, name) else { return false }
    let after = view.kind(value + 1)
    return after == .leftBrace || after == .comma || view.isWord(value + 1, "else")
  }

  /// `Model`, `Feature`: a type's spelling by convention.
  static func isCapitalised(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
  }

  /// The tokens of `start...end` written as source would be, on one line: `@StateObject private
  /// var model: Feature.Model<Item>?` (no space around `.`, after `@`, `(` or `<`, before `:`,
  /// `,`, `)`, `>`, `?` and `!`).
  static func compactText(_ view: SignificantTokenView, _ start: Int, _ end: Int) -> String {
    guard start >= 0, start <= end, end < view.count else { return "" }
    var text = ""
    for position in start...end {
      let token = view.text(position)
      if position > start {
        let previous = view.text(position - 1)
        let spaced = previous == ":" || previous == "," || previous == "="
        let glued =
          previous == "@" || previous == "." || previous == "(" || previous == "<" || previous == "["
          || token == "." || token == ":" || token == "," || token == ")" || token == "]" || token == ">"
          || token == "?" || token == "!" || token == "(" || token.hasPrefix("<")
        if spaced ? token != ")" && token != "]" && token != "," : !glued { text += " " }
      }
      text += token
    }
    return text
  }
}
