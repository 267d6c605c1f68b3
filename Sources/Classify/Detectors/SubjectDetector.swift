/// `PassthroughSubject`/`CurrentValueSubject` declarations and their consumers in the declaring
/// scope.
///
/// A declaration is `let s = PassthroughSubject<E, Never>()`, `let s: CurrentValueSubject<Int,
/// Never> = .init(0)` or a bare annotation `let s: PassthroughSubject<E, Never>`. Consumers are
/// uses of the name that start a chain ending in a subscriber (`.sink`, `.assign`, `.subscribe`,
/// `.receive(subscriber:)`), `.values`, or a pass to another publisher (`merge(with: s)`);
/// `upstream.subscribe(s)` and `send` feed it. A property re-exposing it (`var updates:
/// AnyPublisher<…> { s.eraseToAnyPublisher() }`) is recorded as an alias, whose consumers are
/// its consumers. The verdict is made in the tree pass (`SubjectConsumers`), which adds the
/// consumers of other files: one consumer, migrate to `AsyncStream`; several, or
/// `share()`/`multicast`: keep, because an `AsyncStream` traps on a second consumer.
struct SubjectDetector: Detector {
  static let name = "subject"
  var names: [String] { [Self.name] }

  struct Declaration {
    var name: String
    var kind: String
    var start: Int
    var end: Int
    var typePath: String
    /// The second generic argument (`Never`, `Error`), when written.
    var failure: String?
    /// Given a value where it is declared (`= PassthroughSubject()`), not only a type.
    var initialised = true
  }

  // Every hit and subject fact is a declared subject.
  func mayFind(in file: FileContext) -> Bool { !file.subjectDeclarations.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let declarations = file.subjectDeclarations
    guard !declarations.isEmpty else { return }
    // One pass collects every use of every declared name, so many subjects cost one scan.
    let names = file.subjectNames
    var uses: [String: [Int]] = [:]
    // A pattern, not `==` (an out-of-line call for every token).
    for position in 0..<view.count where view.isIdentifier(position) {
      guard file.mayNameSubject(position) else { continue }
      let word = view.text(position)
      if names.contains(word) { uses[word, default: []].append(position) }
    }
    // Chain links by position, so a use finds its chain in one lookup.
    var chainOfLink: [Int: Int] = [:]
    for (index, chain) in file.chains.enumerated() {
      for link in chain.links { chainOfLink[link.position] = index }
    }
    for declaration in declarations {
      var subscribers: [Int] = []
      // The subscribers that are `.onReceive` arguments: a view subscribes to them.
      var viewConsumers: [Int] = []
      // The subscribers that go through an operator that stays on Combine (`debounce`,
      // `CombineLatest(…)`): an `AsyncStream` cannot feed them.
      var keptConsumers: [Int] = []
      var exposures: [Int] = []
      var handedOver: [Int] = []
      // `subject = source.subject`: a declaration with no value of its own given another object's.
      var held: [Int] = []
      var multicast = false
      var perSubscriber = false
      var stateReads = 0
      // Uses count inside the declaring scope: the member for a local (`let s = …` in a test
      // method: another method's `s` is another subject), else the type's body, else the file.
      // A member's uses in an extension of its type in the same file count too (`extension Model
      // { func configure() { Publishers.CombineLatest(items, query)… } }`): the tree pass skips
      // every bare use in this file, so they are counted here or nowhere.
      var range = 0..<view.count
      let scope = file.symbols.scope(at: declaration.start)
      if scope.open >= 0 {
        range = scope.open..<scope.close
      }
      let ownType = scope.member == nil && !declaration.typePath.isEmpty
      // An instance member (not `static let shared = …`): a `static func` cannot name it bare.
      var instance = ownType
      for modifier in max(0, declaration.start - 6)..<declaration.start
      where view.isWord(modifier, "static") || view.isWord(modifier, "class") {
        instance = false
      }
      // Declared in a function, not in the body of a type declared inside one (whose members are
      // in scope everywhere in it).
      let isLocal = scope.member != nil && !Self.isInTypeBody(view, at: declaration.start)
      for position in uses[declaration.name] ?? [] {
        guard
          range.contains(position)
            || (ownType && file.symbols.typePath(at: position) == declaration.typePath)
        else { continue }
        if position >= declaration.start && position <= declaration.end { continue }
        // A local is not in scope before its declaration: a name there is another (`case let
        // .accepting(deliverySubject)` in the branch before `let deliverySubject = …`).
        if isLocal, position < declaration.start { continue }
        // A closure's parameter spelled like the subject (`.map { items, query in … }`) is not a use.
        if Self.isClosureParameter(view, at: position) { continue }
        // Nor a bare use of a parameter or local of that name (`init(name: String) { self.name =
        // CurrentValueSubject(name) }`): it shadows the member.
        if !view.isPeriod(position - 1), scope.member == nil, Self.isShadowed(file, declaration, at: position) {
          continue
        }
        // Nor a name an enclosing closure, `catch` or `if let` binds (`.map { input in f(input) }`,
        // `catch { promise(.failure(error)) }`), or a bare name in a `static func`, which cannot
        // be an instance member.
        if !view.isPeriod(position - 1), scope.member == nil,
          Self.isBoundAround(view, declaration.name, at: position, floor: range.lowerBound, instance: instance)
        {
          continue
        }
        // `self.events` or `events`, never `other.events`.
        if view.isPeriod(position - 1) && !view.isWord(position - 2, "self") { continue }
        if view.isWord(position - 1, "let") || view.isWord(position - 1, "var") { continue }
        // An argument label spelled like the subject (`init(appState: appState)`) is not a use.
        if view.kind(position + 1) == .colon { continue }
        // The chain this use is a link of (not merely inside, as in `x.sink { self.events.send($0) }`).
        // Inside a custom publisher's `receive(subscriber:)`: one subscription per subscriber. A
        // `Subscriber`'s own `receive(_:)` / `receive(completion:)` forward to it instead.
        let scopeIndex = file.symbols.scopeIndex(at: position)
        if file.symbols.scopes[scopeIndex].member == "receive",
          file.signature(ofScope: scopeIndex)?.labels.first == "subscriber"
        {
          perSubscriber = true
        }
        if let index = chainOfLink[position] {
          let chain = file.chains[index]
          if chain.links.contains(where: { $0.name == "share" || $0.name == "multicast" }) { multicast = true }
          subscribers.append(position)
          if Self.needsPublisher(chain.links, after: position, in: view) { keptConsumers.append(position) }
          continue
        }
        // `source?.share(replay: 1)`: an optional subject's member, through `?`.
        let optional = view.has(position + 1, "?") && view.isPeriod(position + 2)
        if optional, !view.isWord(position + 3, "send"), view.isIdentifier(position + 3) {
          let member = view.text(position + 3)
          if member == "share" || member == "multicast" { multicast = true }
        }
        if view.isPeriod(position + 1) {
          let member = view.text(position + 2)
          if member == "value" { stateReads += 1 }
          if member == "share" || member == "multicast" { multicast = true }
          // `send` and `value` feed or read it; every other member passes it on somewhere.
          guard member != "send" && member != "value" else { continue }
          if Self.isArgument(view, at: position) {
            if Self.isInitialiserArgument(view, at: position) {
              handedOver.append(position)
            } else {
              // `.onReceive(events.debounce(for: …))`: passed on through operators.
              // `CombineLatest(events.eraseToAnyPublisher(), …)` too: that call consumes it.
              subscribers.append(position)
              if Self.isOnReceiveArgument(view, at: position) { viewConsumers.append(position) }
              if Self.feedsKeptOperator(view, at: position) { keptConsumers.append(position) }
            }
          } else if Self.isStoredSubscription(view, at: position) {
            // `progress.weakAssign(to: \.value, on: listener).store(in: &bag)`: a sink of the
            // project's own, whose cancellable is kept, subscribes through a call that takes a
            // publisher (not a re-exposure, though it may open the function's body).
            subscribers.append(position)
            if Self.feedsKeptOperator(view, at: position) { keptConsumers.append(position) }
          } else if Self.isHandedOver(view, at: position) {
            // `service.updatesPublisher = subject.asCurrentValuePublisher()`: another object's
            // property now exposes it, and its consumers are that property's (an opaque exposure).
            handedOver.append(position)
          } else if Self.isExposure(view, at: position)
            || (view.kind(position + 3) == .leftParen
              && Self.alias(file, exposure: position, typePath: declaration.typePath) != nil)
          {
            // Also a wrapper of the project's own: `var updates: CurrentValuePublisher<…> {
            // subject.asCurrentValuePublisher() }`.
            exposures.append(position)
          } else if let binding = Self.chainBinding(file, at: position) {
            // `let pages = subject.flatMap { … }` then `return pages.prepend(first)…`: the chain
            // it starts is returned, and its consumers are the caller's (SpotifyAPI's pager), not
            // "nothing subscribes". Bound to a local that is subscribed, each use is a consumer.
            if binding.escapes {
              handedOver.append(position)
            } else {
              subscribers += binding.uses
            }
          } else if Self.callsOwnFunction(view, at: position) {
            // `await events.nextValue()`, `for await x in events.asStream()`, also after operators
            // (`try await delivery.compactMap { $0 }.nextValue()`): a function of the project's own
            // called on the chain subscribes to it, through a publisher.
            subscribers.append(position)
            keptConsumers.append(position)
          }
          continue
        }
        if !declaration.initialised, view.kind(position + 1) == .equal,
          Self.isMemberRead(view, at: position + 2) || Self.isParameterRead(file, at: position + 2)
        {
          held.append(position)
          continue
        }
        let previous = view.kind(position - 1)
        // Returned or assigned whole (`return subject`, `subjects[key] = subject`): it escapes to
        // code whose consumers are not counted here (amplify's hub keeps one per channel in a
        // dictionary and hands it out). Whole, or force-unwrapped (`return _events!`, Nuke's):
        // `let value = progress?.value` reads it, and `= subject!.value` or `= subjects[0]` go on.
        // `_ = subject` keeps a capture alive or silences a warning: nothing goes anywhere.
        if previous == .equal, view.has(position - 2, "_") { continue }
        let unwrapped = view.kind(position + 1) == .exclamationMark || view.has(position + 1, "!")
        let next = view.kind(position + (unwrapped ? 2 : 1))
        let goesOn = next == .postfixQuestionMark || next == .leftParen || next == .leftSquare || next == .period
        if !goesOn, previous == .equal || view.isWord(position - 1, "return") {
          handedOver.append(position)
          continue
        }
        // Passed on: `merge(with: events)`, `Publishers.Merge(a, events)`, `[a, events].combineLatest()`.
        if previous == .leftParen || previous == .comma || previous == .colon || previous == .leftSquare {
          // Fed, not consuming: `upstream.subscribe(events)`, `.assign(to: \.value, on: events)`.
          if Self.isFed(view, at: position) || Self.isLoopOfSends(view, at: position) { continue }
          // Captured, not consuming: `{ [events] value in events.send(value) }`.
          if Self.isCaptured(view, at: position) { continue }
          if Self.isInitialiserArgument(view, at: position) {
            handedOver.append(position)
            continue
          }
          subscribers.append(position)
          if Self.isOnReceiveArgument(view, at: position) { viewConsumers.append(position) }
          if Self.feedsKeptOperator(view, at: position) { keptConsumers.append(position) }
        }
      }
      var use = CombineFacts.SubjectUse(
        typePath: declaration.typePath, name: declaration.name, offset: view.startOffset(declaration.start),
        line: file.line(of: declaration.start), kind: declaration.kind, isLocal: scope.member != nil)
      use.failure = declaration.failure
      use.lines = subscribers.sorted().map { file.line(of: $0) }
      use.viewLines = viewConsumers.sorted().map { file.line(of: $0) }
      use.keptLines = keptConsumers.sorted().map { file.line(of: $0) }
      use.multicast = multicast
      use.isPublic =
        scope.member == nil && CombineAPIDetector.isPublic(view, keyword: declaration.start, enclosing: scope)
      use.perSubscriber = perSubscriber
      // A `private` member its file never names again: nothing sends to it or subscribes to it.
      if scope.member == nil, CombineAPIDetector.isFilePrivate(view, keyword: declaration.start) {
        use.isUnused = !Self.isNamedAgain(view, declaration: declaration)
      }
      // A view's `.onReceive` is remade with the view anyway: the verdict says so on its own.
      for position in subscribers.sorted() where !viewConsumers.contains(position) {
        if let chain = chainOfLink[position], let why = Self.heldByLocal(file, chainStart: file.chains[chain].start) {
          if use.perCallLines.isEmpty { use.perCallWhy = why }
          use.perCallLines.append(file.line(of: position))
        }
        guard let why = Self.repeatedClosure(file, around: position, within: range) else { continue }
        if use.repeatedLines.isEmpty { use.repeatedWhy = why }
        use.repeatedLines.append(file.line(of: position))
      }
      use.stateReads = stateReads
      for exposure in exposures.sorted() {
        if let alias = Self.alias(file, exposure: exposure, typePath: declaration.typePath) {
          if !use.aliases.contains(alias.name) {
            use.aliases.append(alias.name)
            use.aliasLines.append(file.line(of: exposure))
            if alias.isFunction { use.functionAliases.append(alias.name) }
          }
        } else {
          use.opaqueExposures.append(file.line(of: exposure))
        }
      }
      use.heldLines = held.map { file.line(of: $0) }
      if !handedOver.isEmpty {
        use.opaqueExposures = (use.opaqueExposures + handedOver.map { file.line(of: $0) }).sorted()
      }
      output.subjects.append(use)
      guard enabled.contains(Self.name) else { continue }
      // The verdict waits for the tree: consumers in other files count too (`SubjectConsumers`).
      var hit = DetectorHit(
        name: Self.name, start: declaration.start, end: declaration.end, anchor: declaration.kind,
        key: declaration.name)
      hit.disposition = .keep
      output.hits.append(hit)
    }
  }

  /// Why a closure enclosing `position` (inside `range`, the subject's declaring scope) runs more
  /// than once, or nil: `stream: { subject.values.eraseToStream() }` passed to `Self(…)` is stored
  /// and called by each client, so each call is one more consumer. Statement braces are looked
  /// through; a declaration's body stops the search (its calls are the declaring scope's own).
  static func repeatedClosure(_ file: FileContext, around position: Int, within range: Range<Int>) -> String? {
    let view = file.view
    return view.enclosingBrace(of: position, above: range.lowerBound) { open -> String?? in
      switch view.braceRole[open] {
      case .declaration:
        return .some(nil)
      case .closure:
        if case .many(let why) = ClosureFrequency.of(open, continuation: -1, in: file) { return why }
        if let why = ClosureFrequency.storedByInitialiser(open, in: view) { return why }
      case .statement:
        let intro = view.braceIntro(open)
        if view.isWord(intro, "for") || view.isWord(intro, "while") || view.isWord(intro, "repeat") {
          return "a `\(view.text(intro))` loop runs it once a pass, and each pass subscribes again"
        }
      default:
        break
      }
      return nil
    } ?? nil
  }

  /// Visits the members chained on the use at `position` (`events.a(…).b { … }`, at most eight),
  /// each by its index and the position of its name: `visit` answers nil to go on, or the
  /// answer. False when the chain ends first.
  private static func walkLinks(
    _ view: SignificantTokenView, after position: Int, _ visit: (_ index: Int, _ name: Int) -> Bool?
  ) -> Bool {
    var scan = position + 1
    var index = 0
    while view.isPeriod(scan), view.isIdentifier(scan + 1), index < 8 {
      if let answer = visit(index, scan + 1) { return answer }
      index += 1
      scan = view.skipCall(from: scan + 1)
    }
    return false
  }

  /// `events.weakAssign(to: \.x, on: y).store(in: &bag)`: calls on the use at `position` whose
  /// result is kept with `.store(in:)`, which only a cancellable has: a subscription, whatever
  /// the calls are named.
  private static func isStoredSubscription(_ view: SignificantTokenView, at position: Int) -> Bool {
    walkLinks(view, after: position) { index, name in
      index > 0 && view.has(name, "store") && view.kind(name + 1) == .leftParen ? true : nil
    }
  }

  /// True when the use at `position` is an argument of an initialiser written `.init(…)`,
  /// `Self(…)` or `super.init(…)` (`state = .init(subject)`, a mock handing its subject to a
  /// wrapper): the object made keeps it, and its consumers are that object's, not counted here.
  private static func isInitialiserArgument(_ view: SignificantTokenView, at position: Int) -> Bool {
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    guard let open = view.enclosingParen(of: start) else { return false }
    return view.isWord(open - 1, "init") || view.isWord(open - 1, "Self")
  }

  /// True when the calls on the use at `position` (`events.compactMap { $0 }.nextValue()`)
  /// include one Combine does not have: a function of the project's own, on the subject or on
  /// the operators after it.
  private static func callsOwnFunction(_ view: SignificantTokenView, at position: Int) -> Bool {
    walkLinks(view, after: position) { _, name in
      let next = view.kind(name + 1)
      return (next == .leftParen || next == .leftBrace) && !CombineVocabulary.isCombineCall(view.text(name))
        ? true : nil
    }
  }

  /// `other.updates = events.….m()`: the use starts the value assigned to another object's member.
  private static func isHandedOver(_ view: SignificantTokenView, at position: Int) -> Bool {
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    guard view.kind(start - 1) == .equal, view.isIdentifier(start - 2), view.isPeriod(start - 3) else { return false }
    return !view.isWord(start - 4, "self")
  }

  /// Why the subscription of the chain that starts at `start` is one per call, or nil: its
  /// cancellable is assigned to a local the enclosing function declares before it (`var c:
  /// AnyCancellable?` … `c = events.sink { _ in c?.cancel() }`, a wait for one value). It outlives
  /// the call, so calls made before a value comes hold a subscription each.
  static func heldByLocal(_ file: FileContext, chainStart start: Int) -> String? {
    let view = file.view
    guard view.kind(start - 1) == .equal, view.isIdentifier(start - 2), !view.isPeriod(start - 3),
      !view.isWord(start - 3, "let"), !view.isWord(start - 3, "var")
    else { return nil }
    let scope = file.symbols.scope(at: start)
    guard let member = scope.member, member != "init", scope.open >= 0, scope.open < start - 2 else { return nil }
    let name = view.text(start - 2)
    for position in scope.open..<(start - 3)
    where view.isWord(position, "var") && view.isIdentifier(position + 1) && view.has(position + 1, name) {
      return "each call of `\(member)` subscribes again and keeps the subscription in its local `\(name)` until it "
        + "cancels, so calls made before a value comes overlap"
    }
    return nil
  }

  /// A parameter of the enclosing initialiser or function, with no default value, read whole at
  /// `position` (`init(_ settings: CurrentValueSubject<…>) { self.settings = settings }`): another
  /// object's subject handed in.
  private static func isParameterRead(_ file: FileContext, at position: Int) -> Bool {
    let view = file.view
    guard view.isIdentifier(position) else { return false }
    let next = view.kind(position + 1)
    guard
      next != .period && next != .leftParen && next != .leftBrace && next != .leftSquare
        && next != .postfixQuestionMark && next != .exclamationMark
    else { return false }
    guard let signature = file.signature(ofScope: file.symbols.scopeIndex(at: position)) else { return false }
    // One with a default value (`state: CurrentValueSubject<…> = .init(0)`, a mock's) may be
    // the object's own.
    return signature.parameters.contains { parameter in
      view.has(position, parameter.name)
        && !(parameter.typeStart...parameter.typeEnd).contains { view.kind($0) == .equal }
    }
  }

  /// `source.subject` or `self.harness.source.events` at `position`, ending the statement: another
  /// object's member read, not a call or a subject made here.
  private static func isMemberRead(_ view: SignificantTokenView, at position: Int) -> Bool {
    var scan = position
    guard view.isIdentifier(scan), view.isPeriod(scan + 1) else { return false }
    while view.isIdentifier(scan), view.isPeriod(scan + 1), view.isIdentifier(scan + 2) { scan += 2 }
    let next = view.kind(scan + 1)
    return next != .leftParen && next != .leftBrace && next != .period && next != .leftSquare
  }

  /// Where a chain of operators that the use at `position` starts goes, when it is not
  /// subscribed in its statement: returned or stored (`return events.map { … }`, `self.pages =
  /// events.flatMap { … }`) escapes; bound to a local (`let pages = events.flatMap { … }`), the
  /// local's later uses in the function decide: returned, stored whole or passed on, it escapes,
  /// else each use (`pages.sink`, `let recorder = pages.record()`) is a consumer. Nil when the
  /// use starts no such chain.
  private static func chainBinding(_ file: FileContext, at position: Int) -> (escapes: Bool, uses: [Int])? {
    let view = file.view
    guard view.isIdentifier(position + 2),
      view.kind(position + 3) == .leftParen || view.kind(position + 3) == .leftBrace
    else { return nil }
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    if view.isWord(start - 1, "return") { return (true, []) }
    guard view.kind(start - 1) == .equal else { return nil }
    // `let pages = …` or `let pages: AnyPublisher<…> = …`, in a function.
    var name = -1
    for scan in stride(from: start - 2, to: max(0, start - 24), by: -1) {
      if view.isWord(scan, "let") || view.isWord(scan, "var") {
        name = scan + 1
        break
      }
      if view.kind(scan) == .leftBrace || view.kind(scan) == .rightBrace || view.kind(scan) == .semicolon { break }
    }
    let scope = file.symbols.scope(at: position)
    guard name >= 0, view.isIdentifier(name), scope.member != nil, scope.close > position else { return (true, []) }
    var uses: [Int] = []
    for use in (position + 1)..<scope.close where view.isIdentifier(use) && view.has(use, view.text(name)) {
      if view.isPeriod(use - 1) || view.kind(use + 1) == .colon { continue }
      let previous = view.kind(use - 1)
      let whole = !view.isPeriod(use + 1)
      if view.isWord(use - 1, "return") || (previous == .equal && whole) || previous == .leftParen
        || previous == .comma
      {
        return (true, [])
      }
      if !whole { uses.append(use) }
    }
    return (false, uses)
  }

  /// `events.eraseToAnyPublisher()`, also after per-value operators (`events.receive(on: …)
  /// .eraseToAnyPublisher()`): the subject re-exposed as a publisher.
  private static func isExposure(_ view: SignificantTokenView, at position: Int) -> Bool {
    walkLinks(view, after: position) { _, name in
      let text = view.text(name)
      if text == "eraseToAnyPublisher" { return true }
      return CombineVocabulary.isOperator(named: text) ? nil : false
    }
  }

  /// The property (or function) of `typePath` an exposure at `exposure` defines: the member it is
  /// the body of (`var updates: AnyPublisher<…> { events.eraseToAnyPublisher() }`), or the name it
  /// is assigned to (`lazy var updates = events.eraseToAnyPublisher()`, `updates = …` in `init`).
  /// `isFunction` for a `func`'s body, which is called where it is used.
  private static func alias(
    _ file: FileContext, exposure: Int, typePath: String
  ) -> (name: String, isFunction: Bool)? {
    let view = file.view
    var start = exposure
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    if view.kind(start - 1) == .equal {
      // `self.updates = …`, `updates = …`, `let updates: AnyPublisher<…> = …`.
      var scan = start - 2
      while scan > 0, start - scan < 40 {
        if view.isWord(scan, "let") || view.isWord(scan, "var") {
          return view.isIdentifier(scan + 1) ? (view.text(scan + 1), false) : nil
        }
        if view.kind(scan) == .leftBrace || view.kind(scan) == .rightBrace || view.kind(scan) == .semicolon { break }
        scan -= 1
      }
      if view.isIdentifier(start - 2), !view.isPeriod(start - 3) || view.isWord(start - 4, "self") {
        return (view.text(start - 2), false)
      }
      return nil
    }
    let index = file.symbols.scopeIndex(at: exposure)
    let scope = file.symbols.scopes[index]
    guard let member = scope.member, scope.typePath == typePath, member != "init" else { return nil }
    // The body of the member returns it: `{ events.eraseToAnyPublisher() }` or `return …`.
    let previous = view.kind(start - 1)
    guard previous == .leftBrace || view.isWord(start - 1, "return") else { return nil }
    let isFunction = file.signature(ofScope: index).map { view.isWord($0.keyword, "func") } ?? false
    return (member, isFunction)
  }

  /// True when the innermost brace around `position` is a type's body, not a function's or a
  /// block's: a type declared inside a function.
  private static func isInTypeBody(_ view: SignificantTokenView, at position: Int) -> Bool {
    view.enclosingBrace(of: position, above: -1) { open -> Bool?? in
      .some(view.braceRole[open] == .declaration && DeclarationSignature.find(bodyOpen: open, in: view) == nil)
    } ?? false
  }

  /// True when the bare use at `position` names a parameter or local of its function, declared
  /// with a written type after the function's own `func`/`init` (not the previous function's).
  private static func isShadowed(_ file: FileContext, _ declaration: Declaration, at position: Int) -> Bool {
    let view = file.view
    let member = file.symbols.scope(at: position)
    guard member.member != nil, member.open > 0 else { return false }
    var start = member.open - 1
    // Back to the declaration's `func`/`init`, not a default value's `.init(0)` on the way.
    while start > max(0, member.open - 120), !view.isWord(start, "func"),
      !view.isWord(start, "init") || view.isPeriod(start - 1)
    {
      start -= 1
    }
    guard view.isWord(start, "func") || view.isWord(start, "init") else { return false }
    if isRedeclared(view, declaration.name, in: member.open..<position, body: member.open..<member.close) {
      return true
    }
    return !FactsCollector.localType(file, of: declaration.name, before: position, after: max(start, declaration.end))
      .isEmpty
  }

  /// True when `let name`/`var name` in `range` declares a local still in scope at its end (`let
  /// servers = index.value` before `servers.filter { … }`): the bare name there is that local,
  /// whatever its type. One in a block closed before the end (`if … { let servers = … }`) is not,
  /// nor one the function stores as the member (`self.subject = subject` in `body`): that local
  /// is the subject.
  private static func isRedeclared(
    _ view: SignificantTokenView, _ name: String, in range: Range<Int>, body: Range<Int>
  ) -> Bool {
    var redeclared = false
    for word in range
    where (view.isWord(word, "let") || view.isWord(word, "var")) && view.isIdentifier(word + 1)
      && view.has(word + 1, name)
    {
      var depth = 0
      for scan in stride(from: word + 2, to: range.upperBound, by: 1) {
        if view.kind(scan) == .leftBrace { depth += 1 }
        if view.kind(scan) == .rightBrace { depth -= 1 }
        if depth < 0 { break }
      }
      if depth >= 0 {
        redeclared = true
        break
      }
    }
    guard redeclared else { return false }
    for word in body
    where view.isWord(word, "self") && view.isPeriod(word + 1) && view.has(word + 2, name)
      && view.kind(word + 3) == .equal && view.has(word + 4, name)
    {
      return false
    }
    return true
  }

  /// True when a brace enclosing `position` (below `floor`) binds `name` itself: a closure whose
  /// parameters name it, a `catch` without a pattern (which binds `error`), an `if let`/`if var`
  /// or `for … in` head; or, for an `instance` member, a `static`/`class` function body.
  static func isBoundAround(_ view: SignificantTokenView, _ name: String, at position: Int, floor: Int, instance: Bool)
    -> Bool
  {
    view.enclosingBrace(of: position, above: floor) { open -> Bool?? in
      switch view.braceRole[open] {
      case .closure:
        // `{ [weak self] a, name in` / `{ (a, name: T) -> U in`: the head up to `in`.
        var head = open + 1
        if view.kind(head) == .leftSquare, let close = view.partner(head) { head = close + 1 }
        var inWord = head
        while inWord < position, inWord - head < 24, !view.isWord(inWord, "in") {
          if view.kind(inWord) == .leftBrace || view.kind(inWord) == .rightBrace { break }
          inWord += 1
        }
        if view.isWord(inWord, "in") {
          for word in head..<inWord
          where view.isIdentifier(word) && view.has(word, name) && view.kind(word - 1) != .colon {
            return true
          }
        }
      case .statement:
        let intro = view.braceIntro(open)
        if view.isWord(intro, "catch"), intro + 1 == open, name == "error" { return true }
        if view.isWord(intro, "if") || view.isWord(intro, "for") || view.isWord(intro, "while") {
          for head in intro + 1..<open where view.isIdentifier(head) && view.has(head, name) {
            let before = view.kind(head - 1)
            if view.isWord(head - 1, "let") || view.isWord(head - 1, "var")
              || view.isWord(intro, "for")
                && (before == .comma || view.isWord(head - 1, "for") || view.isWord(head - 1, "case"))
            {
              return true
            }
          }
        }
      case .declaration:
        guard instance else { return false }
        let intro = view.braceIntro(open)
        guard view.isWord(intro, "func") else { return false }
        var modifier = intro - 1
        while modifier >= 0, intro - modifier < 8, view.isWord(modifier) {
          if view.isWord(modifier, "static") || view.isWord(modifier, "class") { return true }
          modifier -= 1
        }
        return false
      default:
        break
      }
      return nil
    } ?? false
  }

  /// True when the identifier at `position` is in a closure's parameter list: `{ a, name in`,
  /// `{ a, name -> T in`, `{ (a, name) in`.
  private static func isClosureParameter(_ view: SignificantTokenView, at position: Int) -> Bool {
    var scan = position - 1
    while position - scan < 24 {
      switch view.kind(scan) {
      case .leftBrace: break
      case .identifier, .comma, .wildcard, .leftParen:
        scan -= 1
        continue
      case .rightSquare:
        // A capture list: `{ [weak self] a, name in`.
        guard let open = view.partner(scan), open < scan else { return false }
        scan = open - 1
        continue
      default: return false
      }
      break
    }
    guard view.kind(scan) == .leftBrace else { return false }
    scan = position + 1
    while scan - position < 24 {
      switch view.kind(scan) {
      case .keyword where view.has(scan, "in"): return true
      case .arrow: return true
      case .identifier, .comma, .wildcard, .rightParen:
        scan += 1
        continue
      default: return false
      }
    }
    return false
  }

  /// True when the use at `position` is the publisher argument of `.onReceive(…)`.
  static func isOnReceiveArgument(_ view: SignificantTokenView, at position: Int) -> Bool {
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    return view.kind(start - 1) == .leftParen && view.isWord(start - 2, "onReceive")
  }

  /// True when `position` is an entry of a closure's capture list (`{ [weak self, events] in`):
  /// back over `,`-separated entries to a `[` right after a closure's `{`.
  static func isCaptured(_ view: SignificantTokenView, at position: Int) -> Bool {
    var scan = position - 1
    var steps = 0
    while scan > 0, steps < 64 {
      steps += 1
      switch view.kind(scan) {
      case .leftSquare:
        guard view.kind(scan - 1) == .leftBrace, view.braceRole[scan - 1] == .closure, let close = view.partner(scan)
        else { return false }
        // `{ [a, events] in` or `{ [events] value in`, not `{ [a, events].merge() }`.
        var next = close + 1
        while next < view.count, next - close < 24 {
          if view.isWord(next, "in") { return true }
          if view.isPeriod(next) || view.kind(next) == .leftBrace || view.kind(next) == .rightBrace { return false }
          next += 1
        }
        return false
      case .leftParen, .leftBrace, .rightBrace, .semicolon: return false
      case .rightParen, .rightSquare:
        guard let open = view.partner(scan) else { return false }
        scan = open - 1
        continue
      default:
        scan -= 1
      }
    }
    return false
  }

  /// True when a link of `links` after `position` is a call an `AsyncStream` cannot stand in for
  /// (`debounce`, `withLatestFrom`): the consumer needs a publisher.
  static func needsPublisher(_ links: [PublisherChain.Link], after position: Int, in view: SignificantTokenView)
    -> Bool
  {
    links.contains {
      $0.position > position && ($0.argumentsOpen >= 0 || $0.closureOpen >= 0)
        && !CombineVocabulary.asyncStreamCanFeed($0.name, labels: labels(view, $0.argumentsOpen))
    }
  }

  /// The argument labels of the call whose `(` is at `open`; empty when there is none.
  static func labels(_ view: SignificantTokenView, _ open: Int) -> [String] {
    guard open >= 0, let close = view.partner(open) else { return [] }
    return FutureTaskWrapperDetector.argumentLabels(view, open: open, close: close)
  }

  /// True when the argument starting at `position` needs a publisher: a call after it an
  /// `AsyncStream` cannot stand in for (`events.debounce(…)`), or the call it is passed to
  /// (`CombineLatest(events, …)`, `a.merge(with: events)`, `trigger(events.eraseToAnyPublisher())`).
  static func feedsKeptOperator(_ view: SignificantTokenView, at position: Int) -> Bool {
    let needsPublisher = walkLinks(view, after: position) { _, name in
      let next = view.kind(name + 1)
      let labels = next == .leftParen ? labels(view, name + 1) : []
      let isCall = next == .leftParen || next == .leftBrace
      return isCall && !CombineVocabulary.asyncStreamCanFeed(view.text(name), labels: labels) ? true : nil
    }
    if needsPublisher { return true }
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    // Back to the call's `(`, or the `[` of an array literal the call is made on
    // (`[first, second].merge()`, CombineExt's `[a, b].amb()`).
    var open = start - 1
    while open > 0, start - open < 400, view.kind(open) != .leftParen {
      if let partner = view.partner(open), partner < open { open = partner }
      if view.kind(open) == .leftBrace || view.kind(open) == .semicolon { return false }
      if view.kind(open) == .leftSquare {
        guard let close = view.partner(open) else { return false }
        if view.isPeriod(close + 1), view.isIdentifier(close + 2) {
          return !CombineVocabulary.asyncStreamCanFeed(view.text(close + 2))
        }
        // An array passed on (`first.combineLatest(with: [second])`): the call it is an argument
        // of decides, as for a bare argument.
        if view.kind(open - 1) != .leftParen && view.kind(open - 1) != .colon && view.kind(open - 1) != .comma {
          return false
        }
      }
      open -= 1
    }
    guard view.kind(open) == .leftParen, view.isIdentifier(open - 1) else { return false }
    return !CombineVocabulary.asyncStreamCanFeed(view.text(open - 1))
  }

  /// True when the use at `position` starts an argument (`f(events…`, `with: events…`).
  private static func isArgument(_ view: SignificantTokenView, at position: Int) -> Bool {
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "self") { start -= 2 }
    let previous = view.kind(start - 1)
    return (previous == .leftParen || previous == .comma || previous == .colon) && !isFed(view, at: start)
  }

  /// `upstream.subscribe(events)` and `.assign(to: \.value, on: events)` feed the subject.
  private static func isFed(_ view: SignificantTokenView, at position: Int) -> Bool {
    if view.kind(position - 1) == .leftParen { return view.isWord(position - 2, "subscribe") }
    if view.kind(position - 1) == .colon, view.isWord(position - 2, "on") {
      // Back to the call's `(`.
      var scan = position - 3
      while scan > 0, position - scan < 60 {
        if view.kind(scan) == .leftParen { return view.isWord(scan - 1, "assign") }
        if let open = view.partner(scan), open < scan { scan = open }
        scan -= 1
      }
    }
    return false
  }

  /// True for a subject in the array a `for` loop walks to send to each: `for s in [a, b] {
  /// s.send(completion: .finished) }` finishes the subjects and subscribes to neither.
  static func isLoopOfSends(_ view: SignificantTokenView, at position: Int) -> Bool {
    // Back over `a, self.b, ` to the array's `[`.
    var open = position - 1
    while open > 0, position - open < 64, view.kind(open) != .leftSquare {
      guard view.kind(open) == .comma || view.isPeriod(open) || view.isIdentifier(open) || view.isWord(open, "self")
      else { return false }
      open -= 1
    }
    guard view.kind(open) == .leftSquare, view.isWord(open - 1, "in"), view.isIdentifier(open - 2),
      view.isWord(open - 3, "for"), let close = view.partner(open), view.kind(close + 1) == .leftBrace,
      let end = view.partner(close + 1)
    else { return false }
    let element = view.text(open - 2)
    var sends = 0
    for use in (close + 2)..<end where view.isWord(use, element) {
      guard view.isPeriod(use + 1), view.isWord(use + 2, "send") else { return false }
      sends += 1
    }
    return sends > 0
  }

  /// The subject declarations of the file.
  static func declarations(in file: FileContext) -> [Declaration] {
    let view = file.view
    var result: [Declaration] = []
    for position in 0..<view.count where view.isWord(position, "let") || view.isWord(position, "var") {
      guard view.kind(position + 1) == .identifier else { continue }
      var next = position + 2
      var kind: String?
      var failure: String?
      var end = position + 1
      if view.kind(next) == .colon {
        if let found = subjectType(view, at: next + 1) {
          // `var events: PassthroughSubject<E, Never> { get }` in a protocol, or a computed
          // property returning one: not a subject of its own (its conformers declare those).
          if view.kind(found.end + 1) == .leftBrace { continue }
          kind = found.kind
          failure = found.failure
          end = found.end
          next = found.end + 1
        }
      }
      if view.kind(next) == .equal {
        if kind == nil, let found = subjectType(view, at: next + 1) {
          kind = found.kind
          failure = found.failure
          end = found.end
        }
        if kind != nil {
          // Take the initialiser: `= .init(0)`, `= PassthroughSubject<…>()`.
          var scan = next + 1
          while scan < view.count && scan - next < 80 {
            if let close = view.partner(scan), close > scan {
              end = close
              scan = close + 1
              if view.kind(scan) != .period && view.kind(scan) != .leftParen { break }
              continue
            }
            if view.kind(scan) == .identifier || view.kind(scan) == .period || view.kind(scan) == .keyword
              || view.kind(scan) == .binaryOperator || view.kind(scan) == .comma
            {
              end = scan
              scan += 1
              continue
            }
            break
          }
        }
      }
      guard let kind else { continue }
      result.append(
        Declaration(
          name: view.text(position + 1), kind: kind, start: position, end: end,
          typePath: file.symbols.typePath(at: position), failure: failure, initialised: view.kind(next) == .equal))
    }
    return result
  }

  /// True when an identifier of the file other than the declaration's own name spells its name
  /// (a send, a subscription, a capture, a mention in an interpolation: any of them is a use; a
  /// comment or a string literal is not).
  private static func isNamedAgain(_ view: SignificantTokenView, declaration: Declaration) -> Bool {
    let own = declaration.start + 1
    for position in 0..<view.count where position != own && view.isIdentifier(position) {
      if view.has(position, declaration.name) { return true }
    }
    return false
  }

  /// `PassthroughSubject<E, F>` at `position`: the kind, the failure type and the last position.
  private static func subjectType(_ view: SignificantTokenView, at position: Int) -> (
    kind: String, failure: String?, end: Int
  )? {
    var start = position
    if view.isWord(start, "Combine") && view.isPeriod(start + 1) { start += 2 }
    let kind: String
    if view.isWord(start, "PassthroughSubject") {
      kind = "PassthroughSubject"
    } else if view.isWord(start, "CurrentValueSubject") {
      kind = "CurrentValueSubject"
    } else {
      return nil
    }
    var end = start
    var failure: String?
    if view.has(start + 1, "<") || view.text(start + 1).hasPrefix("<"),
      let close = FutureTaskWrapperDetector.genericEnd(view, start + 1)
    {
      end = close
      var comma = -1
      for scan in (start + 1)..<close where view.kind(scan) == .comma { comma = scan }
      if comma > 0 { failure = view.normalisedText(comma + 1, close - 1) }
    }
    if view.kind(end + 1) == .leftParen, let close = view.partner(end + 1) { end = close }
    return (kind, failure, end)
  }
}
