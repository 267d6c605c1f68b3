import SwiftLexer

/// Collects a file's `CombineFacts` in one pass over its significant tokens.
///
/// Must run after `SymbolIndex` and `PublisherChain.all`: facts carry the enclosing type and a
/// feed's pipeline text.
package enum FactsCollector {
  /// Calls that consume their publisher arguments: a `$x` passed to one feeds a pipeline
  /// (`combineLatest($a, $b)`, SwiftUI's `.onReceive(model.$results)`).
  private static let combiningCalls: Set<String> = [
    "combineLatest", "merge", "zip", "CombineLatest", "CombineLatest3", "CombineLatest4", "Merge", "Merge3",
    "Merge4", "MergeMany", "Zip", "Zip3", "Zip4", "append", "prepend", "flatMap", "switchToLatest", "onReceive",
  ]
  private static let feedingMembers: Set<String> = CombineVocabulary.keepOperators
    .union(CombineVocabulary.transformOperators)
    .union(["sink", "assign", "values", "receive", "subscribe", "store", "removeDuplicates", "dropFirst"])

  /// Builds the facts of `file`.
  package static func collect(_ file: FileContext) -> CombineFacts {
    let view = file.view
    var facts = CombineFacts()
    facts.declaredTypes = file.symbols.declaredTypes
    // Which of `longNames` the file spells, a bit per index, and whether it says `@Published`:
    // the names are made once at the end (a set insert per occurrence hashed the name each time).
    var spelled: UInt64 = 0
    var spellsPublished = false
    // By bytes: most calls repeat a name, and a `String` per occurrence (made, hashed and freed)
    // cost more than the rest of this pass.
    var used = UsedNames()
    // Locals, not the statics: each read of a static `let` is a `swift_once` call, per token.
    let longNames = longUnambiguousNames
    let declarationWords = declarationKeywords
    let keywords = factKeywords
    let consuming = consumingCalls
    // An argument named `…Publisher` or `…Subject` needs those bytes in the file.
    let mayPassPublishers = file.hints.producer
    // The local types already looked up for feeds (see `feed`).
    var localTypes: [String: (limit: Int, type: String)] = [:]
    var position = 0
    while position < view.count {
      defer { position += 1 }
      let kind = view.kind(position)
      switch kind {
      case .keyword:
        // One lookup for every keyword the facts read (each keyword of the file comes here):
        // `typealias` (5) and `protocol` (6) follow the type words, then `import`, `let`, `var`,
        // `init`, `Self`.
        guard let word = keywords.index(at: position, in: view) else { break }
        switch word {
        case 7:
          collectImport(view, at: position, into: &facts)
        case 8, 9:
          if let member = member(file, at: position) { facts.members.append(member) }
        case 10, 11:
          // `Self.init(didUpdate: delegate.didUpdate.eraseToAnyPublisher())`, `.init(…)`,
          // `Self(…)`: a call, as `Client(…)` is below (an `init(` that is no member access
          // declares one).
          if mayPassPublishers, word == 11 || view.isPeriod(position - 1), view.kind(position + 1) == .leftParen,
            passesPublisher(view, open: position + 1)
          {
            collectArguments(file, open: position + 1, into: &facts.memberUses, handedOver: true)
          }
        case 5:
          if var alias = typeAlias(view, at: position) {
            locate(&alias, file, declaredAt: position)
            facts.typealiases.append(alias)
          }
        default:
          guard var conformance = conformance(view, at: position) else { break }
          locate(&conformance, file, declaredAt: position)
          if word == 6 {
            if !view.isPeriod(position - 1) { facts.protocolInheritance.append(conformance) }
          } else {
            facts.conformances.append(conformance)
          }
        }
      case .atSign where view.isWord(position + 1, "Published"):
        spellsPublished = true
        if let name = publishedName(view, after: position + 1) {
          facts.published.append(
            .init(typePath: file.symbols.typePath(at: position), name: name, line: file.line(of: position)))
        }
      case .identifier where view.isProjection(position):
        if let feed = feed(file, at: position, localTypes: &localTypes) { facts.feeds.append(feed) }
      case .identifier:
        if let found = longNames.index(at: position, in: view) {
          spelled |= 1 << UInt64(found)
        }
        if view.isWord(position, "objectWillChange"), view.isPeriod(position + 1), view.isWord(position + 2, "send"),
          view.kind(position + 3) == .leftParen
        {
          facts.willChangeSends.append(
            .init(typePath: file.symbols.typePath(at: position), line: file.line(of: position)))
        }
        // Patterns, not `==`: `TokenKind.==` is an out-of-line call (see `SignificantTokenView.isWord`).
        let isUse: Bool
        switch view.kind(position + 1) {
        case .leftParen: isUse = true
        case .leftBrace: isUse = view.isPeriod(position - 1) || view.braceRole[position + 1] == .closure
        default: isUse = view.isPeriod(position - 1)
        }
        if view.kind(position + 1) == .leftParen {
          if consuming.index(at: position, in: view) != nil {
            collectArguments(file, open: position + 1, into: &facts.memberUses)
          } else if mayPassPublishers, passesPublisher(view, open: position + 1) {
            // `vm.authenticate(info: i, pinCodePublisher: c.pinCodePublisher)`: handed to a
            // function whose consumers are not counted here.
            collectArguments(file, open: position + 1, into: &facts.memberUses, handedOver: true)
          }
        }
        if isUse {
          if !isDeclarationName(view, position, declarationWords) {
            used.insert(view.stream.source, start: view.startOffset(position), count: view.length(position))
          }
        }
      default:
        break
      }
    }
    for chain in file.chains {
      if var use = memberUse(file, links: chain.links.dropLast()) {
        // The operators after the member path (`Events.shared.changed`, `store.updates()`).
        let index = chain.links.firstIndex { $0.name == use.name }
        let member = index.map { chain.links[$0].position } ?? -1
        use.isKept = SubjectDetector.needsPublisher(chain.links, after: member, in: view)
        use.perCall = SubjectDetector.heldByLocal(file, chainStart: chain.start) ?? ""
        facts.memberUses.append(use)
        // A call the vocabulary does not know ends the path as its member (`store.updates()`), but
        // it may be the project's own operator on the path before it (`model.authenticated
        // .asyncMap { … }`): that path is a use too, through a call that needs a publisher.
        if let index, index > 0, chain.links[index].argumentsOpen >= 0 || chain.links[index].closureOpen >= 0,
          let name = use.qualifier.last, name != "self"
        {
          var prefix = use
          prefix.name = name
          prefix.isCall = false
          prefix.qualifier.removeLast()
          prefix.line = file.line(of: chain.links[index - 1].position)
          if prefix.qualifier.isEmpty || prefix.qualifier == ["self"] { prefix.localType = "" }
          prefix.isKept = true
          facts.memberUses.append(prefix)
        }
      }
    }
    // Over the declaration words alone (`SignificantTokenView.declarationWords`), not in the loop above:
    // testing every keyword there for `func` and `typealias` cost more than the rest of this.
    let publisherWords = publisherDeclarationWords
    for word in view.declarationWords {
      let position = Int(word)
      guard let kind = publisherWords.index(at: position, in: view) else { continue }
      guard let declared = publisherDeclaration(view, file, at: position, word: kind) else { continue }
      facts.publisherDeclarations.append(declared)
      if kind == 2, var use = reExposure(file, at: position) {
        use.reExposedAs = declared.name
        facts.memberUses.append(use)
      }
    }
    var unambiguous = longNames.words.indices.filter { spelled & (1 << UInt64($0)) != 0 }.map { longNames.words[$0] }
    if spellsPublished { unambiguous.append("Published") }
    facts.unambiguousNames = unambiguous.sorted()
    used.shrinkToFit()
    facts.usedNames = used
    return facts
  }

  /// Calls whose arguments are publishers they subscribe to (`onReceive(model.events)`,
  /// `merge(with: bus.changed)`): a member path passed to one is a consumer of it.
  private static let consumingCalls = ByteWords([
    "onReceive", "combineLatest", "merge", "zip", "CombineLatest", "CombineLatest3", "CombineLatest4", "Merge",
    "Merge3", "Merge4", "MergeMany", "Zip", "Zip3", "Zip4", "append", "prepend",
  ])

  /// The member path `links` start with, up to the first operator or call: `Events.shared.changed`
  /// in `Events.shared.changed.map { … }.sink { … }`, `store.updates` in `store.updates().sink`
  /// (a call ends the path, its name included). Nil for a `$x`, `self` alone or a literal.
  private static func memberUse(_ file: FileContext, links: ArraySlice<PublisherChain.Link>) -> CombineFacts.MemberUse?
  {
    var names: [String] = []
    var line = -1
    var called = false
    for link in links {
      let name = link.name
      // A `$x`, or a parenthesised expression at the head: no member path.
      if name.hasPrefix("$") || file.view.kind(link.position) == .leftParen { return nil }
      // An operator is a call (`output(at:)`); `relay.output` is a property spelled like one.
      let isCall = link.argumentsOpen >= 0 || link.closureOpen >= 0
      if !names.isEmpty, isCall, CombineVocabulary.isOperator(link) { break }
      names.append(name)
      line = link.position
      called = isCall
      if isCall { break }
    }
    guard let name = names.popLast(), name != "self", line >= 0, let first = links.first else { return nil }
    var use = CombineFacts.MemberUse(
      qualifier: names, name: name, typePath: file.symbols.typePath(at: line), line: file.line(of: line))
    use.isCall = called
    if let head = names.first, head != "self" {
      use.localType = localType(file, of: head, before: first.position)
      use.madeLocally = isMadeLocally(file, head, before: first.position)
    }
    return use
  }

  /// True when the instance `name` names is made where the use is: the enclosing function
  /// declares `let name = Type(…)` before it, or the enclosing type assigns its property `name`
  /// an initialiser call (`viewModel = ScreenViewModel(…)` in its `init`, `let model = Model()`).
  /// A consumer there is one per instance it makes, not one per instance of a shared owner.
  static func isMadeLocally(_ file: FileContext, _ name: String, before limit: Int) -> Bool {
    let view = file.view
    let scope = file.symbols.scope(at: limit)
    guard scope.open >= 0 else { return false }
    if scope.member != nil, makes(view, name, in: max(scope.open + 1, limit - 3_000)..<limit) { return true }
    guard !scope.typePath.isEmpty,
      let type = file.symbols.typeScopes.last(where: {
        $0.typePath == scope.typePath && $0.open < limit && limit < $0.close
      })
    else { return false }
    return makes(view, name, in: type.open + 1..<min(type.close, type.open + 20_000))
  }

  /// `let name = Type(`, `var name: T = Type(`, `name = Type(`, `self.name = Type.init(`, and
  /// the same with generic arguments (`let box = Box<Self>()`), in `range`.
  private static func makes(_ view: SignificantTokenView, _ name: String, in range: Range<Int>) -> Bool {
    for position in range where view.isIdentifier(position) && view.has(position, name) {
      var next = position + 1
      if view.kind(next) == .colon {
        guard view.isWord(position - 1, "let") || view.isWord(position - 1, "var") else { continue }
        // Over a written type to its `=`, on its line: `var model: Model` with no value must not
        // run on into the next declaration's (`private var bag = Set<AnyCancellable>()`).
        var steps = 0
        while next < range.upperBound, steps < 12, view.kind(next) != .equal, view.kind(next) != .leftBrace,
          next == position + 1 || !view.startsLine(next)
        {
          next += 1
          steps += 1
        }
      } else if view.isPeriod(position - 1), !view.isWord(position - 2, "self") {
        continue
      }
      guard view.kind(next) == .equal, view.isIdentifier(next + 1), view.text(next + 1).first?.isUppercase == true
      else { continue }
      var call = next + 2
      if view.has(call, "<"), let close = FutureTaskWrapperDetector.genericEnd(view, call) { call = close + 1 }
      if view.isPeriod(call), view.isWord(call + 1, "init") { call += 2 }
      if view.kind(call) == .leftParen { return true }
    }
    return false
  }

  /// The written type of the local or parameter `name` declared before `limit` in the same
  /// function: `let name = Type(…)`, `let name: Type`, `name: Type` in the parameter list.
  static func localType(_ file: FileContext, of name: String, before limit: Int, after lowest: Int = 0) -> String {
    let view = file.view
    let scope = file.symbols.scope(at: limit)
    guard scope.open >= 0 else { return "" }
    var open = scope.open
    if scope.member == nil {
      // A property initialised by a closure (`lazy var coordinator: C = { let flow = Flow(…);
      // flow.actions.sink … }()`): its locals, from the closure's `{`.
      guard let brace = enclosingBrace(view, of: limit, above: scope.open) else { return "" }
      open = brace
    }
    // The parameter list sits just before the body: look a little further back.
    let floor = max(0, open - 120, limit - 3_000, lowest)
    var scan = limit - 1
    while scan > floor {
      defer { scan -= 1 }
      guard view.isIdentifier(scan), view.has(scan, name) else { continue }
      let declares = view.isWord(scan - 1, "let") || view.isWord(scan - 1, "var")
      var next = scan + 1
      if view.kind(next) == .colon {
        // A parameter (`model: Model`) or an annotated local.
        // `Input(reload: reload.eraseToAnyPublisher())`: a call's argument label is no parameter,
        // and the argument after it is the member of that name, not a shadowing local.
        let listed = view.kind(scan - 1) == .leftParen || view.kind(scan - 1) == .comma
        guard
          declares || view.isIdentifier(scan - 1) || view.kind(scan - 1) == .wildcard
            || (listed && Self.isParameter(view, scan))
        else { continue }
        next += 1
        if view.isWord(next, "any") || view.isWord(next, "some") { next += 1 }
        while view.isIdentifier(next), view.isPeriod(next + 1), view.isIdentifier(next + 2) { next += 2 }
        return view.isIdentifier(next) ? view.text(next) : ""
      }
      if declares, view.kind(next) == .equal, view.isIdentifier(next + 1), view.kind(next + 2) == .leftParen {
        let text = view.text(next + 1)
        return text.utf8.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? false ? text : ""
      }
    }
    return ""
  }

  /// True when the name at `position`, first in its `(`/`,` slot, is in a declaration's parameter
  /// list (`init(`, `func name(`, `func name<T>(`, `subscript(`, `{ (a: T) in`), not in a call's
  /// arguments: its `(` follows one of those.
  static func isParameter(_ view: SignificantTokenView, _ position: Int) -> Bool {
    // Back to the `(` of the list, over earlier arguments (balanced groups jumped).
    var open = position - 1
    var steps = 0
    while open > 0, view.kind(open) != .leftParen, steps < 400 {
      steps += 1
      if let partner = view.partner(open), partner < open { open = partner }
      open -= 1
    }
    guard open > 0, view.kind(open) == .leftParen else { return false }
    var before = open - 1
    if view.kind(before) == .leftBrace { return true }
    // `init?(`, `init!(`.
    if view.kind(before) == .postfixQuestionMark || view.kind(before) == .exclamationMark { before -= 1 }
    if view.isWord(before, "init") || view.isWord(before, "subscript") { return true }
    // `func name(` or `func name<T: A.B>(`: the `func` within a short head; a call's `(` has a
    // brace, `=` or `;` between it and any `func` (the enclosing body's `{` at the least).
    var scan = before
    steps = 0
    while scan > 0, steps < 40 {
      steps += 1
      if view.isWord(scan, "func") { return true }
      let kind = view.kind(scan)
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || kind == .equal { return false }
      if kind == .rightParen || kind == .rightSquare {
        guard let partner = view.partner(scan) else { return false }
        scan = partner
      }
      scan -= 1
    }
    return false
  }

  /// The innermost `{` enclosing `position` that opens after `lowest`, looked for up to 50,000
  /// tokens back (balanced groups are jumped over, so this is a step per statement: Element X's
  /// UI-test coordinator is one `lazy var` closure of a thousand lines).
  private static func enclosingBrace(_ view: SignificantTokenView, of position: Int, above lowest: Int) -> Int? {
    var scan = position - 1
    let floor = max(lowest, position - 50_000)
    while scan > floor {
      if let partner = view.partner(scan) {
        if partner < scan {
          scan = partner - 1
          continue
        }
        if view.kind(scan) == .leftBrace { return scan }
      }
      scan -= 1
    }
    return nil
  }

  /// True when a top-level argument of the call at `open` is a member path ending in a name
  /// spelled like a publisher (`c.pinCodePublisher`, `model.eventsSubject`): cheap, on bytes.
  private static func passesPublisher(_ view: SignificantTokenView, open: Int) -> Bool {
    guard let close = view.partner(open) else { return false }
    var scan = open + 1
    while scan < close {
      if let partner = view.partner(scan), partner > scan {
        scan = partner + 1
        continue
      }
      if view.isIdentifier(scan), view.isPeriod(scan - 1) {
        let next = view.kind(scan + 1)
        if next == .comma || scan + 1 == close {
          if view.endsWith(scan, "Publisher") || view.endsWith(scan, "Subject") { return true }
        } else if next == .leftParen, endsErasedArgument(view, at: scan, close: close) {
          // `Client(didUpdate: delegate.didUpdate.eraseToAnyPublisher())`: whatever the name,
          // an erased publisher is what the callee takes.
          return true
        }
      }
      scan += 1
    }
    return false
  }

  /// True when `.eraseToAnyPublisher()` at `position` ends an argument of the call closing at
  /// `close` (a `,` or that `)` follows it).
  @inline(__always)
  private static func endsErasedArgument(_ view: SignificantTokenView, at position: Int, close: Int) -> Bool {
    // Kinds and the length before the text: this runs for every call argument of a file that
    // may pass publishers.
    guard view.kind(position + 2) == .rightParen, view.kind(position + 1) == .leftParen, view.isPeriod(position - 1),
      view.length(position) == 19, view.isWord(position, "eraseToAnyPublisher")
    else { return false }
    return view.kind(position + 3) == .comma || position + 3 == close
  }

  /// The member paths passed as arguments of the call whose `(` is at `open`; `handedOver` marks
  /// them as passed to a function that is no combining operator.
  private static func collectArguments(
    _ file: FileContext, open: Int, into uses: inout [CombineFacts.MemberUse], handedOver: Bool = false
  ) {
    let view = file.view
    guard let close = view.partner(open) else { return }
    var start = open + 1
    while start < close {
      // `with: bus.changed`: skip the label.
      if view.isWord(start), view.kind(start + 1) == .colon { start += 2 }
      var links: [PublisherChain.Link] = []
      var position = start
      while position < close, view.isWord(position) {
        let hasCall = view.kind(position + 1) == .leftParen
        links.append(
          .init(
            name: view.text(position), position: position, argumentsOpen: hasCall ? position + 1 : -1, closureOpen: -1,
            end: position))
        if hasCall { break }
        guard view.isPeriod(position + 1) else { break }
        position += 2
      }
      // Handed over erased (`delegate.didUpdate.eraseToAnyPublisher()`): the path before it is
      // what is handed over.
      var erased = false
      if handedOver, links.count >= 2, let last = links.last, endsErasedArgument(view, at: last.position, close: close)
      {
        links.removeLast()
        erased = true
      }
      if !links.isEmpty, !handedOver || erased || view.kind(position + 1) == .comma || position + 1 == close,
        var use = memberUse(file, links: links[...])
      {
        use.isHandedOver = handedOver
        use.isOnReceive = view.isWord(open - 1, "onReceive")
        use.isKept =
          !CombineVocabulary.asyncStreamCanFeed(view.text(open - 1))
          || SubjectDetector.feedsKeptOperator(view, at: links[links.count - 1].position)
        uses.append(use)
      }
      // On to the next top-level argument.
      var scan = start
      while scan < close, view.kind(scan) != .comma {
        if let partner = view.partner(scan), partner > scan { scan = partner }
        scan += 1
      }
      start = scan + 1
    }
  }

  /// The member path a computed publisher property's body starts with, up to its first call:
  /// `basePublishers.state` in `var statePublisher: AnyPublisher<…> { basePublishers.state
  /// .keepAlive(self) }` (stream-chat's public publishers over internal subjects). Nil for a
  /// stored property or a body that is not such a path.
  private static func reExposure(_ file: FileContext, at keyword: Int) -> CombineFacts.MemberUse? {
    let view = file.view
    var brace = keyword + 2
    while brace < view.count, brace - keyword < 64, view.kind(brace) != .leftBrace {
      if view.kind(brace) == .equal || view.kind(brace) == .rightBrace { return nil }
      brace += 1
    }
    guard view.kind(brace) == .leftBrace, view.braceRole[brace] == .declaration else { return nil }
    var position = view.isWord(brace + 1, "return") ? brace + 2 : brace + 1
    var links: [PublisherChain.Link] = []
    while view.isWord(position), view.isPeriod(position + 1), view.kind(position + 1) != .leftParen {
      links.append(
        .init(name: view.text(position), position: position, argumentsOpen: -1, closureOpen: -1, end: position))
      position += 2
    }
    // The body is the member alone (`var inProcessPublisher: AnyPublisher<…> {
    // internalInProcessPublisher }`, a public facade over an internal one): it re-exposes it whole.
    if view.isWord(position), view.kind(position + 1) == .rightBrace, view.partner(brace) == position + 1 {
      links.append(
        .init(name: view.text(position), position: position, argumentsOpen: -1, closureOpen: -1, end: position))
      return memberUse(file, links: links[...])
    }
    // A member, then an operator or call on it (`.keepAlive(self)`): of something, or bare, which
    // in an extension in another file is the only trace of a re-exposure there (`extension Op {
    // var updates: AnyPublisher<…> { subject.eraseToAnyPublisher() } }`).
    guard !links.isEmpty, view.isWord(position), view.kind(position + 1) == .leftParen else { return nil }
    return memberUse(file, links: links[...])
  }

  /// The keywords the facts read: the declaration words whose clause they keep (`typealias` (5)
  /// and `protocol` (6) go to lists of their own), then `import` (7), `let` and `var` (8, 9), and
  /// `init` (10) and `Self` (11), whose calls may hand publishers over.
  private static let factKeywords = ByteWords([
    "class", "struct", "enum", "actor", "extension", "typealias", "protocol", "import", "let", "var", "init",
    "Self",
  ])

  /// `typealias Name = Target<…>`: the alias and the type it names.
  private static func typeAlias(_ view: SignificantTokenView, at position: Int) -> CombineFacts.Conformance? {
    guard view.isIdentifier(position + 1), view.kind(position + 2) == .equal, view.isIdentifier(position + 3) else {
      return nil
    }
    var next = position + 3
    while view.isPeriod(next + 1), view.isIdentifier(next + 2) { next += 2 }
    return CombineFacts.Conformance(type: view.text(position + 1), supertypes: [view.text(next)])
  }

  /// `class Model: Base, ModelProtocol {`: the type and its inheritance clause, if any.
  private static func conformance(_ view: SignificantTokenView, at position: Int) -> CombineFacts.Conformance? {
    var next = position + 1
    guard view.isIdentifier(next) else { return nil }
    while view.isPeriod(next + 1), view.isIdentifier(next + 2) { next += 2 }
    let type = view.text(next)
    next += 1
    // Generic parameters: `struct Box<T>: P`.
    if view.text(next).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, next) { next = close + 1 }
    guard view.kind(next) == .colon else { return nil }
    var supertypes: [String] = []
    next += 1
    while next < view.count, supertypes.count < 16 {
      while view.isIdentifier(next), view.isPeriod(next + 1), view.isIdentifier(next + 2) { next += 2 }
      guard view.isIdentifier(next) else { break }
      supertypes.append(view.text(next))
      next += 1
      if view.text(next).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, next) {
        next = close + 1
      }
      guard view.kind(next) == .comma else { break }
      next += 1
    }
    return supertypes.isEmpty ? nil : CombineFacts.Conformance(type: type, supertypes: supertypes)
  }

  /// Where the type declared (or extended) by the keyword at `position` sits: the enclosing type
  /// path, and the qualifier of a dotted name (`extension Feature.Model`). The path itself is
  /// joined only when asked (most clauses never are).
  private static func locate(
    _ conformance: inout CombineFacts.Conformance, _ file: FileContext, declaredAt position: Int
  ) {
    let view = file.view
    if !view.isWord(position, "extension") { conformance.outer = file.symbols.typePath(at: position) }
    guard view.isPeriod(position + 2) else { return }
    var next = position + 1
    var qualifier = view.text(next)
    while view.isPeriod(next + 1), view.isIdentifier(next + 2), view.isPeriod(next + 3) {
      next += 2
      qualifier += "." + view.text(next)
    }
    conformance.qualifier = qualifier
  }

  /// A property declared in a type body, with its written type: `let manager: Manager`,
  /// `static let shared = Events()`, `var store: Store?`.
  private static func member(_ file: FileContext, at position: Int) -> CombineFacts.MemberDeclaration? {
    let view = file.view
    guard view.isIdentifier(position + 1) else { return nil }
    let scope = file.symbols.scope(at: position)
    guard scope.isType, scope.member == nil else { return nil }
    var type = ""
    var next = position + 3
    if view.kind(position + 2) == .colon {
      if view.isWord(next, "any") || view.isWord(next, "some") { next += 1 }
      // `Foo.Bar` names `Bar`; `Foo` is kept apart, and only when there is one.
      var qualifier = ""
      while view.isIdentifier(next), view.isPeriod(next + 1), view.isIdentifier(next + 2) {
        qualifier += (qualifier.isEmpty ? "" : ".") + view.text(next)
        next += 2
      }
      if view.isIdentifier(next) { type = view.text(next) }
      if !qualifier.isEmpty, !type.isEmpty {
        var declaration = CombineFacts.MemberDeclaration(
          typePath: scope.typePath, name: view.text(position + 1), type: type)
        declaration.typeQualifier = qualifier
        return declaration
      }
    } else if view.kind(position + 2) == .equal, view.isIdentifier(next), view.kind(next + 1) == .leftParen {
      let text = view.text(next)
      if text.utf8.first.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ?? false { type = text }
    }
    return CombineFacts.MemberDeclaration(typePath: scope.typePath, name: view.text(position + 1), type: type)
  }

  /// The publisher declaration the `func`, `let`, `var` or `typealias` at `position` makes, if its
  /// written type (after `->`, `:` or `=`) is named like a publisher. Members and file-level
  /// declarations only: a local's type is not asked for across files.
  /// `view` is `file.view`, passed in: copying it out of `file` retained each of its arrays, per
  /// `let` of the tree. `word` is the keyword's index in `publisherDeclarationWords`, which the
  /// caller has looked up (comparing the text again was most of this function's cost).
  private static func publisherDeclaration(
    _ view: SignificantTokenView, _ file: FileContext, at position: Int, word: Int
  ) -> CombineFacts.PublisherDeclaration? {
    guard view.isIdentifier(position + 1) else { return nil }
    var start = -1
    var isAlias = false
    if word == 0 {
      var next = position + 2
      if view.has(next, "<"), let close = FutureTaskWrapperDetector.genericEnd(view, next) { next = close + 1 }
      guard view.kind(next) == .leftParen, let close = view.partner(next) else { return nil }
      next = close + 1
      // `async`, `throws`, `rethrows`, `throws(APIError)`.
      var steps = 0
      while steps < 4, view.isWord(next) {
        steps += 1
        next += 1
        if view.kind(next) == .leftParen, let close = view.partner(next) { next = close + 1 }
      }
      guard case .arrow = view.kind(next) else { return nil }
      start = next + 1
    } else {
      isAlias = word == 3
      let after = view.kind(position + 2)
      if after == .colon && !isAlias {
        start = position + 3
      } else if after == .equal {
        start = position + 3
      } else {
        return nil
      }
    }
    guard looksLikePublisher(view, at: start) else { return nil }
    let scope = file.symbols.scope(at: position)
    guard scope.member == nil else { return nil }
    let type = PublisherFailure.typeText(view, at: start)
    guard !type.isEmpty else { return nil }
    return CombineFacts.PublisherDeclaration(
      typePath: scope.typePath, name: view.text(position + 1), line: file.line(of: position), type: type,
      isAlias: isAlias)
  }

  /// The words that may declare something of a publisher type, in the order
  /// `publisherDeclaration(_:_:at:word:)` numbers them.
  private static let publisherDeclarationWords = ByteWords(["func", "let", "var", "typealias"])

  /// Type names that are publishers without saying so in their last word.
  private static let publisherNames = ByteWords(["Future", "Just", "Fail", "Empty", "Deferred", "Record", "Published"])

  /// True when the type written at `start` is named like a publisher: its last name before any
  /// `<` ends in `Publisher` or `Subject`, or is `Future`, `Just`, `Published` … Tested on bytes
  /// before any text is made: most functions return something else.
  private static func looksLikePublisher(_ view: SignificantTokenView, at start: Int) -> Bool {
    var position = start
    if view.isWord(position, "some") || view.isWord(position, "any") { position += 1 }
    guard view.isIdentifier(position) else { return false }
    while view.isPeriod(position + 1), view.isIdentifier(position + 2) { position += 2 }
    // By the last byte first: most declared types (`String`, `Int`, `[Item]`) end in none of
    // the names' last bytes, and comparing suffixes for each cost more than the rest.
    switch view.stream.source[view.endOffset(position) - 1] {
    case UInt8(ascii: "r"): return view.endsWith(position, "Publisher")
    case UInt8(ascii: "t"): return view.endsWith(position, "Subject") || view.isWord(position, "Just")
    case UInt8(ascii: "e"), UInt8(ascii: "l"), UInt8(ascii: "y"), UInt8(ascii: "d"):
      return publisherNames.index(at: position, in: view) != nil
    default: return false
    }
  }

  /// True for the name right after `func`, `var`, `let`, `case`, `class` …
  private static func isDeclarationName(_ view: SignificantTokenView, _ position: Int, _ keywords: ByteWords) -> Bool {
    let previous = position - 1
    return view.isWord(previous) && keywords.index(at: previous, in: view) != nil
  }

  /// The words `isDeclarationName` looks for, found by one lookup (it runs for every call and
  /// member name; comparing with each keyword in turn cost more).
  private static let declarationKeywords = ByteWords([
    "func", "var", "let", "case", "class", "struct", "enum", "protocol", "actor", "typealias",
  ])

  /// The unambiguous Combine names of 14 to 19 bytes (`AnyCancellable` … `CurrentValueSubject`),
  /// which every identifier is checked against: by bytes, so no `String` is made per identifier.
  /// `Published` is found through its `@` instead.
  private static let longUnambiguousNames: ByteWords = {
    let words = CombineVocabulary.unambiguousNames.filter { (14...19).contains($0.utf8.count) }.sorted()
    // `collect` notes which of them a file spells in the bits of one `UInt64`.
    precondition(words.count <= 64, "more long unambiguous names than bits in `collect`'s mask")
    return ByteWords(words)
  }()

  /// The kinds of a scoped import (`import struct Combine.Future`).
  private static let importKinds = ByteWords([
    "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
  ])

  /// `import Combine`, `@_exported import Combine`, `import struct Combine.Future`.
  private static func collectImport(_ view: SignificantTokenView, at position: Int, into facts: inout CombineFacts) {
    var next = position + 1
    if view.isWord(next) && importKinds.index(at: next, in: view) != nil { next += 1 }
    guard view.isWord(next) else { return }
    let module = view.text(next)
    facts.imports.append(module)
    if view.isWord(position - 1, "_exported"), view.kind(position - 2) == .atSign {
      facts.exportedImports.append(module)
    }
  }

  /// The property name of `@Published` at `attribute`: the identifier after the next `var`,
  /// skipping other attributes and modifiers (`@Published private(set) var x`,
  /// `@MainActor @Published\n  public var y`).
  private static func publishedName(_ view: SignificantTokenView, after attribute: Int) -> String? {
    var position = attribute + 1
    var steps = 0
    while position < view.count && steps < 40 {
      steps += 1
      if view.isWord(position, "var") || view.isWord(position, "let") {
        return view.kind(position + 1) == .identifier ? view.text(position + 1) : nil
      }
      if view.kind(position) == .leftParen, let close = view.partner(position) {
        position = close + 1
        continue
      }
      if view.kind(position) == .leftBrace || view.kind(position) == .rightBrace || view.isWord(position, "func") {
        return nil
      }
      position += 1
    }
    return nil
  }

  /// A `$x` that starts or joins a pipeline, or nil for a SwiftUI binding like `$model.query`.
  /// `localTypes` remembers, by function and name, the last lookup of `localType`: a bind
  /// function's many `viewModel.$x` feeds then scan back only to the previous one (each scanned up
  /// to 3,000 tokens, most of collecting a file's facts).
  private static func feed(
    _ file: FileContext, at position: Int, localTypes: inout [String: (limit: Int, type: String)]
  ) -> CombineFacts.Feed? {
    let view = file.view
    let text = view.text(position)
    let name = String(text.dropFirst())
    guard !name.isEmpty, !(name.first?.isNumber ?? true) else { return nil }
    var feeds = false
    if view.isPeriod(position + 1), view.kind(position + 2) == .identifier,
      feedingMembers.contains(view.text(position + 2))
    {
      feeds = true
    } else if view.kind(position - 1) == .prefixAmpersand {
      // `.assign(to: &$x)`: the property is fed by a pipeline.
      feeds = true
    } else if view.isPeriod(position - 1), ampersandBefore(view, position) {
      // `.assign(to: &toolbar.model.$x)`: another object's property, fed the same way.
      feeds = true
    } else {
      // `combineLatest($a, model.$b)`: step back over `model.` to the argument's start.
      var start = position
      while view.isPeriod(start - 1), view.isWord(start - 2), start - position < 20 { start -= 2 }
      let previous = view.kind(start - 1)
      if previous == .leftParen || previous == .comma || previous == .colon, let open = view.enclosingParen(of: start),
        combiningCalls.contains(view.text(open - 1))
      {
        feeds = true
      }
    }
    guard feeds else { return nil }
    let viaOther = view.isPeriod(position - 1) && !view.isWord(position - 2, "self")
    var pipeline = text
    if let chain = file.chains.first(where: { $0.contains(position) }) {
      pipeline = Snippet.text(view, from: chain.start, to: chain.end, maxTokens: 25)
    } else {
      pipeline = Snippet.text(view, from: position, to: min(view.count - 1, position + 6), maxTokens: 7)
    }
    var feed = CombineFacts.Feed(
      name: name, typePath: file.symbols.typePath(at: position), viaOther: viaOther, line: file.line(of: position),
      text: pipeline)
    if viaOther {
      // `self.model.$query`: the path the tree resolves to the type whose property it is.
      var start = position
      while view.isPeriod(start - 1), view.isWord(start - 2), position - start < 16 {
        start -= 2
        feed.qualifier.insert(view.text(start), at: 0)
      }
      if let head = feed.qualifier.first, head != "self" {
        let key = "\(file.symbols.scope(at: start).open)\u{1F}\(head)"
        if let known = localTypes[key], known.limit <= start {
          // A declaration between the two uses is the closer one; else the earlier answer holds.
          let closer = localType(file, of: head, before: start, after: known.limit - 1)
          feed.localType = closer.isEmpty ? known.type : closer
        } else {
          feed.localType = localType(file, of: head, before: start)
        }
        localTypes[key] = (start, feed.localType)
      }
    }
    return feed
  }

  /// True when the `$x` at `position` ends a member path `&a.b.$x` (an `inout` argument).
  private static func ampersandBefore(_ view: SignificantTokenView, _ position: Int) -> Bool {
    var start = position
    while view.isPeriod(start - 1), view.isWord(start - 2), position - start < 16 { start -= 2 }
    return start < position && view.kind(start - 1) == .prefixAmpersand
  }

}
