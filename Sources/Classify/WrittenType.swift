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
      if let made = closureResult(view, at: name + 2) { return made }
      return expression(view, at: name + 2)
    }
    return (nil, name)
  }

  /// `= { … return Model(…) }()`: the type the immediately called closure at `open` returns by
  /// its last top-level `return` (previews build their models so), and the position of the
  /// call's `)`. Nil for any other shape.
  private static func closureResult(_ view: SignificantTokenView, at open: Int) -> (type: String?, end: Int)? {
    guard view.kind(open) == .leftBrace, let close = view.partner(open), view.kind(close + 1) == .leftParen,
      view.kind(close + 2) == .rightParen
    else { return nil }
    var scan = close - 1
    while scan > open {
      if view.kind(scan) == .rightBrace || view.kind(scan) == .rightParen || view.kind(scan) == .rightSquare,
        let partner = view.partner(scan)
      {
        scan = partner - 1
        continue
      }
      if view.isWord(scan, "return") {
        let (type, _) = expression(view, at: scan + 1)
        return type.map { ($0, close + 2) }
      }
      scan -= 1
    }
    return nil
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
        // `guard let workspace = workspace else`, `= self.workspace`: the same, unwrapped.
        if next == .equal {
          var value = scan + 3
          if view.isWord(value, "self"), view.isPeriod(value + 1) { value += 2 }
          let after = view.kind(value + 1)
          if view.has(value, name), after == .leftBrace || after == .comma || view.isWord(value + 1, "else") {
            continue
          }
        }
        local = .some(ofDeclaration(view, name: scan + 1).type)
      }
    }
    if let local { return local }
    // A parameter of the enclosing function (`func makeFlow(coordinator: Coordinator) -> some View
    // { … .environmentObject(coordinator) }`), which shadows a property.
    if here.member != nil {
      let parameter = FactsCollector.localType(file, of: name, before: position)
      // The scan back can reach the property's own declaration just before a computed `body`,
      // and says only the last name of its type: `PollComposeItem.Option` is kept whole.
      if let property, let written = property, written.hasSuffix("." + parameter) { return written }
      if isCapitalised(parameter) { return parameter }
    }
    if let property { return property }
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

  /// The written type of the model the expression `start...end` holds, for the tree to look up:
  /// a type (`model`, `Model()`, `Model.shared`), or a path of hops from one (`Type#member…`) for
  /// a member read from it (`viewModel.context`), a name bound to one in this member
  /// (`guard let manager = workspace.editorManager`), the enclosing type's property declared in
  /// another file, or a longer chain. Nil when none of these shapes fits.
  static func ofHolder(_ file: FileContext, from start: Int, to end: Int) -> String? {
    let view = file.view
    // `controller?.objectWillChange`, `model!`: unwrapping leaves the same model.
    var end = end
    while end > start, view.kind(end) == .postfixQuestionMark || view.kind(end) == .exclamationMark { end -= 1 }
    if let type = ofValue(file, from: start, to: end) { return type }
    if let member = ofMember(file, from: start, to: end) { return member.type + "#" + member.member }
    if let property = propertyElsewhere(file, from: start, to: end) { return property }
    return ofChain(file, from: start, to: end)
  }

  /// A member chain, `workspace.workspaceFileManager?.sourceControlManager`,
  /// `TimelineViewModel.mock.context` or `context.viewState.activeTimelineContext`, as
  /// `Head#member#member…` for the tree to resolve hop by hop: the head is the written type of
  /// the first name (a local, parameter or property, or the enclosing type's property declared
  /// in another file as `Type#name`) or of a singleton (`Type.mock`). A name bound earlier in
  /// the member to such a chain (`guard let manager = workspace.taskManager`) reads as that
  /// chain. Optional chaining (`?.`, `!.`) is the same path. Nil for any other shape (a call
  /// anywhere in it, a subscript).
  static func ofChain(_ file: FileContext, from start: Int, to end: Int, depth: Int = 0) -> String? {
    let view = file.view
    var first = start
    if view.isWord(first, "self"), view.isPeriod(first + 1) { first += 2 }
    guard view.isIdentifier(first), end >= first, end - first < 40 else { return nil }
    // The names after the first, each after `.`, `?.` or `!.`.
    var members: [String] = []
    var position = first + 1
    var lastName = first
    while position <= end {
      if view.kind(position) == .postfixQuestionMark || view.kind(position) == .exclamationMark { position += 1 }
      guard position + 1 <= end, view.isPeriod(position), view.isIdentifier(position + 1) else { break }
      members.append(view.text(position + 1))
      lastName = position + 1
      position += 2
    }
    // A trailing `!` or `?` unwraps the value, which is the same model.
    var last = lastName
    while last < end, view.kind(last + 1) == .postfixQuestionMark || view.kind(last + 1) == .exclamationMark {
      last += 1
    }
    guard last == end else { return nil }
    let name = view.text(first)
    var head: String?
    if isCapitalised(name) {
      // `Type.mock.context`: the singleton's type, then the members after it.
      guard let index = members.firstIndex(where: singletonNames.contains), index + 1 < members.count else {
        return nil
      }
      let path = ([name] + members[..<index]).joined(separator: ".")
      guard path.split(separator: ".").allSatisfy({ isCapitalised(String($0)) }) else { return nil }
      head = path
      members.removeFirst(index + 1)
    } else if let type = ofName(file, name, at: first) {
      head = type
    } else if depth == 0, let bound = boundChain(file, name, at: first) {
      head = bound
    } else if let property = propertyElsewhere(file, from: first, to: first) {
      head = property
    }
    guard let head else { return nil }
    // A bare name bound to a chain is that chain; any other bare name is not one.
    if members.isEmpty { return head.contains("#") && !isCapitalised(name) ? head : nil }
    return ([head] + members).joined(separator: "#")
  }

  /// `let manager = workspace.taskManager` (also in `guard let`/`if let` lists) declared before
  /// `position` in the same member, read as a chain (`ofChain`); nil when `name` is bound to
  /// anything else.
  private static func boundChain(_ file: FileContext, _ name: String, at position: Int) -> String? {
    let view = file.view
    let here = file.symbols.scope(at: position)
    guard here.member != nil, here.open >= 0 else { return nil }
    var scan = position - 1
    while scan > max(0, here.open - 1, position - 3_000) {
      defer { scan -= 1 }
      guard view.isIdentifier(scan), view.has(scan, name), view.isWord(scan - 1, "let") || view.isWord(scan - 1, "var")
      else { continue }
      guard view.kind(scan + 1) == .equal else { return nil }
      // The bound value runs to the `,`, `{` or `else` that ends the binding, or to the line's end
      // (`let editor = manager?.activeEditor` and the next statement on the next line).
      var stop = scan + 2
      while stop < min(view.count, scan + 42) {
        let kind = view.kind(stop)
        if kind == .comma || kind == .leftBrace || view.isWord(stop, "else") { break }
        if stop > scan + 2, view.startsLine(stop), !view.isPeriod(stop), kind != .postfixQuestionMark { break }
        stop += 1
      }
      guard stop > scan + 2 else { return nil }
      return ofChain(file, from: scan + 2, to: stop - 1, depth: 1)
    }
    return nil
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
    // The member's parameters sit just before its body, after the brace that ends whatever
    // comes before the member (a call's `workspace: workspace` there is no parameter).
    var low = here.open
    while low > max(0, here.open - 120), view.kind(low - 1) != .rightBrace, view.kind(low - 1) != .leftBrace {
      low -= 1
    }
    // A name before `,` declares it (`{ a, workspace in`) unless it is read: after `.` or `=`
    // (`guard let workspace = workspace, …`).
    for position in low..<first where view.isIdentifier(position) && view.has(position, name) {
      let declares = view.isWord(position - 1, "let") || view.isWord(position - 1, "var")
      if declares, isUnwrap(view, name, at: position) { continue }
      if declares || view.kind(position + 1) == .colon || view.isWord(position + 1, "in")
        || (view.kind(position + 1) == .comma && !view.isPeriod(position - 1) && view.kind(position - 1) != .equal)
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
  /// `,`, `)`, `>`, `?` and `!`). A string literal keeps its bytes: its quotes, segments and
  /// interpolations touch in the source, and a space there would change the string.
  static func compactText(_ view: SignificantTokenView, _ start: Int, _ end: Int) -> String {
    guard start >= 0, start <= end, end < view.count else { return "" }
    var text = ""
    for position in start...end {
      let token = view.text(position)
      if position > start {
        let touching = Int(view.starts[position - 1]) + view.byteLength(position - 1) == Int(view.starts[position])
        if touching, isLiteralPiece(view.kind(position - 1)) || isLiteralPiece(view.kind(position)) {
          text += token
          continue
        }
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

  /// A quote, segment or delimiter of a string or character literal.
  private static func isLiteralPiece(_ kind: TokenKind) -> Bool {
    switch kind {
    case .stringQuote, .stringSegment, .multilineStringQuote, .rawStringPoundDelimiter, .singleQuote: true
    default: false
    }
  }
}
