/// Continuations resumed twice (a crash) or never (a task that hangs for ever).
///
/// Inside `withChecked(Throwing)Continuation` / `withUnsafe(Throwing)Continuation` closures:
/// - `CallPathAnalyzer` over `continuation.resume(…)`: two resumes on one path, a completion
///   branch without one (`if case .failure` with no `else`, `case .finished: break`,
///   `guard … else { return }` before the resume);
/// - a `sink` whose value closure resumes, with no `first()`/`prefix(1)` upstream: a second value
///   resumes again;
/// - a call whose closure resumes (`api.load(id) { result in continuation.resume(with: result) }`):
///   the global pass flags it when the callee's body, in the tree, calls its completion twice on
///   a path (again on retry) or returns without calling it. The callee bodies are analysed here
///   too (`CompletionDefect` facts), with the same path analysis over `completion(…)` calls.
///
/// A continuation stored or handed on (`self.pending = continuation`), or resumed from a `defer`,
/// is beyond a token scanner: nothing is flagged for it.
struct ContinuationMisuseDetector: Detector {
  static let twice = "continuation-resumed-twice"
  static let never = "continuation-never-resumed"
  /// A path that leaves only when a weak capture is gone (`guard let self else { return }`).
  static let latent = "continuation-lost-with-self"
  var names: [String] { [Self.twice, Self.never, Self.latent] }

  /// Calls whose closures are never completion-style callees worth resolving.
  private static let notCallees: Set<String> = [
    "sink", "Task", "async", "asyncAfter", "sync", "map", "flatMap", "filter", "forEach", "compactMap", "first",
    "receive", "handleEvents", "store", "assign", "subscribe", "withTaskCancellationHandler", "main",
  ]

  // Continuation functions, or completion-handler parameters (`->` in their type).
  func mayFind(in file: FileContext) -> Bool { file.hints.continuation || file.hints.arrow }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    // Tested once, not per token: most files say no `Continuation` at all. Kinds are matched by
    // pattern (`TokenKind.==` is an out-of-line call).
    var closures: [(open: Int, close: Int, selfKept: Bool)] = []
    for position in 0..<(file.hints.continuation ? view.count : 0) where view.isIdentifier(position) {
      let length = view.endOffset(position) - view.startOffset(position)
      guard length >= 22, length <= 31, !view.isPeriod(position - 1) else { continue }
      guard CombineVocabulary.continuationFunctions.contains(view.text(position)) else { continue }
      var next = position + 1
      var closure = -1
      if view.kind(next) == .leftParen, let close = view.partner(next) {
        if let inner = FutureTaskWrapperDetector.closureArgument(view, open: next, close: close) { closure = inner }
        next = close + 1
      }
      if view.kind(next) == .leftBrace { closure = next }
      guard closure >= 0, let end = view.partner(closure) else { continue }
      closures.append((closure, end, Self.keepsSelf(file, continuation: position)))
    }
    // Each continuation is analysed without the continuations nested in it (they are analysed
    // on their own): nesting then costs its size, not its size times its depth.
    var nested: [[Int: Int]] = Array(repeating: [:], count: closures.count)
    var open: [Int] = []
    for (index, closure) in closures.enumerated() {
      while let last = open.last, closures[last].close < closure.open { open.removeLast() }
      if let parent = open.last { nested[parent][closure.open] = closure.close }
      open.append(index)
    }
    for (index, closure) in closures.enumerated() {
      output.steps += analyzeContinuation(
        file, closure: closure.open, end: closure.close, skip: nested[index], selfKept: closure.selfKept,
        output: &output)
    }
    // A completion handler is a parameter whose type has an arrow.
    if file.hints.arrow { completionDefects(file, output: &output) }
  }

  // MARK: - Continuations

  /// True when the continuation at `position` is awaited straight in the body of an `async`
  /// instance method (only `if`/`do`/`for`… braces between). The caller of a method holds its
  /// `self` until the call returns, and a suspended `async` method returns only after the
  /// continuation resumes: a `[weak self]` inside, or in a method called on `self`, cannot find
  /// `self` gone before the callback, so its `guard let self else { return }` never leaves.
  static func keepsSelf(_ file: FileContext, continuation position: Int) -> Bool {
    let view = file.view
    let index = file.symbols.scopeIndex(at: position)
    let scope = file.symbols.scopes[index]
    guard !scope.isType, scope.open >= 0, !scope.typePath.isEmpty else { return false }
    let innermost = view.enclosingBrace(of: position, above: scope.open - 1) { open -> Int?? in
      view.braceRole[open] == .statement ? nil : .some(open)
    }
    guard innermost == scope.open, let signature = file.signature(ofScope: index) else { return false }
    return signature.isAsyncFunction(in: view) && !signature.isStatic(in: view)
  }

  /// Analyses one continuation closure, jumping over the brace pairs in `skip`; returns the
  /// tokens visited. `selfKept`: see `keepsSelf`.
  private func analyzeContinuation(
    _ file: FileContext, closure: Int, end: Int, skip: [Int: Int], selfKept: Bool, output: inout DetectorOutput
  ) -> Int {
    let view = file.view
    let body = FutureTaskWrapperDetector.bodyStart(view, closure: closure, end: end)
    var steps = 0
    // `continuation in`, `(continuation) in`, `(c: CheckedContinuation<Int, Never>) in`.
    var name = "$0"
    if body > closure + 1, view.isWord(body - 1, "in") {
      if view.kind(body - 2) == .rightParen, let open = view.partner(body - 2), view.isWord(open + 1) {
        name = view.text(open + 1)
      } else if view.isWord(body - 2) {
        name = view.text(body - 2)
      }
    }
    // Stored, handed on, or resumed from `defer`: unknowable here. Flags (`var resumed = false`)
    // are gathered on the way.
    var flags: Set<String> = []
    var position = body
    while position < end {
      steps += 1
      if let close = skip[position] {
        position = close + 1
        continue
      }
      defer { position += 1 }
      if view.isWord(position, "defer") { return steps }
      if view.kind(position) == .equal, view.isWord(position + 1, "true") || view.isWord(position + 1, "false"),
        view.isWord(position - 1)
      {
        flags.insert(view.text(position - 1))
      }
      let kind = view.kind(position)
      guard kind == .identifier || kind == .dollarIdentifier, view.has(position, name), !view.isPeriod(position + 1)
      else { continue }
      return steps
    }
    let resumeEnd: (Int) -> Int? = { position in
      guard view.kind(position) == .identifier || view.kind(position) == .dollarIdentifier, view.has(position, name),
        view.isPeriod(position + 1), view.isWord(position + 2, "resume"),
        view.kind(position + 3) == .leftParen, let close = view.partner(position + 3)
      else { return nil }
      return close + 1
    }
    let guards = ResumeGuards(view: view, flags: flags, skip: skip)
    var analyzer = CallPathAnalyzer(view: view, callEnd: resumeEnd, skip: skip)
    analyzer.analyzeDomains(open: closure, close: end)
    steps += analyzer.steps
    for (position, domain) in zip(analyzer.twice, analyzer.twiceDomains) {
      guard let domainEnd = view.partner(domain), !guards.isGuarded(position, domain: domain, end: domainEnd)
      else { continue }
      output.hits.append(
        DetectorHit(
          name: Self.twice, start: position, end: (resumeEnd(position) ?? position + 1) - 1,
          reasons: [
            "line \(file.line(of: position)): `\(name).resume` runs again after an earlier `resume` on the same "
              + "path, with no `return` between them: a crash"
          ]))
    }
    for (position, domain) in zip(analyzer.never, analyzer.neverDomains) {
      let stop = statementEnd(view, from: position, limit: end)
      let statement = "line \(file.line(of: position)): `\(Snippet.text(view, from: position, to: stop))`"
      if guards.isWeakSelfGuard(position) {
        if selfKept { continue }
        output.hits.append(
          DetectorHit(
            name: Self.latent, start: position, end: stop,
            reasons: [
              "\(statement) leaves without resuming `\(name)` when `self` is gone: if `self` is deallocated "
                + "before the callback, the caller waits for ever"
            ]))
        continue
      }
      if guards.mentionsFlag(position) { continue }
      guard case .once = ClosureFrequency.of(domain, continuation: closure, in: file) else { continue }
      if domain != closure, siblingResumes(view, domain: domain, resumeEnd: resumeEnd, chains: file.chains) {
        continue
      }
      let runs = domain == closure ? "the continuation's own closure runs once" : "this closure runs once"
      output.hits.append(
        DetectorHit(
          name: Self.never, start: position, end: stop,
          reasons: ["\(statement) leaves without resuming `\(name)`, and \(runs): the awaiting task hangs for ever"]))
    }
    // `sink` inside the continuation with no single-value operator upstream.
    for chain in file.chains where chain.terminal == "sink" && chain.start > closure && chain.end < end {
      steps += 1
      if skip.contains(where: { chain.start > $0.key && chain.end < $0.value }) { continue }
      guard !ClosureFrequency.isSingleValue(chain, view) else { continue }
      let terminal = chain.terminalLink
      let completion = completionClosure(view, terminal)
      // The first resume of a value closure that a second value can reach: not one behind a
      // `cancel()` of the subscription or a flag, nor one in `guard let self else { … }` (with
      // `self` gone, the subscription it keeps is gone too).
      var resume = -1
      var scan = terminal.position
      while scan <= terminal.end {
        if let completion, scan == completion.0 {
          scan = completion.1 + 1
          continue
        }
        if resumeEnd(scan) != nil {
          let valueClosure = enclosingClosure(view, of: scan, within: terminal.position, terminal.end)
          let guarded =
            valueClosure.flatMap { open in
              view.partner(open).map { guards.isGuarded(scan, domain: open, end: $0) }
            } ?? false
          if !guarded && !guards.isInWeakSelfElse(scan) {
            resume = scan
            break
          }
        }
        scan += 1
      }
      guard resume >= 0, !sendsOnce(view, subject: chain.base), !endsWhenSubscribed(view, chain) else { continue }
      output.hits.append(
        DetectorHit(
          name: Self.twice, start: chain.start, end: chain.end,
          reasons: [
            "line \(file.line(of: resume)): `\(name).resume` runs for every value of this `sink`, which has no "
              + "`first()`/`prefix(1)` upstream, no `cancel()` before the `resume` and no flag: a second value "
              + "resumes `\(name)` again (a crash)"
          ]))
    }
    // Calls whose closure resumes: resolved against callee bodies in the global pass.
    position = body
    while position < end {
      steps += 1
      if let close = skip[position] {
        position = close + 1
        continue
      }
      defer { position += 1 }
      guard view.kind(position) == .identifier else { continue }
      let next = view.kind(position + 1)
      guard next == .leftParen || (next == .leftBrace && view.braceRole[position + 1] == .closure) else { continue }
      let callee = view.text(position)
      if Self.notCallees.contains(callee) || CombineVocabulary.continuationFunctions.contains(callee) { continue }
      let after = view.skipCall(from: position)
      guard after - 1 < end, let bound = resumingClosure(view, callee: position, after: after, resumeEnd: resumeEnd)
      else {
        continue
      }
      var start = position
      while view.isPeriod(start - 1), view.isWord(start - 2) || view.kind(start - 2) == .rightParen {
        start -= 2
        if view.kind(start) == .rightParen { break }
      }
      // Called on the method's own `self` (`reload { … }`, `self.reload { … }`): that `self` is kept.
      let onSelf = !view.isPeriod(position - 1) || (start == position - 2 && view.isWord(start, "self"))
      for (ruleName, defect) in [
        (Self.twice, CompletionDefect.Kind.calledTwice), (Self.never, .notCalled), (Self.latent, .notCalledWithoutSelf),
      ] {
        if defect == .notCalledWithoutSelf && selfKept && onSelf { continue }
        output.hits.append(
          DetectorHit(
            name: ruleName, start: view.kind(start) == .rightParen ? position : start, end: after - 1,
            requirement: .calleeDefect(
              name: callee, defect: defect, parameter: bound.parameter, passedLabels: bound.passedLabels)))
      }
    }
    return steps
  }

  /// True when another closure of the call that `domain` is passed to resumes too (a call with an
  /// `initiated:` and a `handler:` closure): the path that leaves one may resume in the other.
  /// A `sink`'s completion closure is not such a sibling: it runs after the values, and a
  /// publisher that finishes empty leaves it the only one to run.
  private func siblingResumes(
    _ view: SignificantTokenView, domain: Int, resumeEnd: (Int) -> Int?, chains: [PublisherChain]
  ) -> Bool {
    guard let domainEnd = view.partner(domain) else { return false }
    for chain in chains where chain.terminalLink.position < domain && domain <= chain.terminalLink.end {
      return false
    }
    var callOpen = -1
    if view.kind(domain - 1) == .colon, view.isWord(domain - 2) {
      // Inside parentheses: the `(` of the call.
      var scan = domain - 3
      var steps = 0
      while scan > 0 && steps < 400 {
        steps += 1
        if view.kind(scan) == .leftParen { break }
        if view.kind(scan) == .leftBrace || view.kind(scan) == .leftSquare { return false }
        if let other = view.partner(scan), other < scan { scan = other }
        scan -= 1
      }
      callOpen = scan
    } else if view.kind(domain - 1) == .rightParen, let paren = view.partner(domain - 1) {
      callOpen = paren
    }
    guard callOpen > 0, view.isWord(callOpen - 1) else { return false }
    let after = view.skipCall(from: callOpen - 1)
    var position = callOpen
    while position < after {
      if position == domain {
        position = domainEnd + 1
        continue
      }
      if resumeEnd(position) != nil { return true }
      position += 1
    }
    return false
  }

  /// `_ = names.sink { c.resume(returning: $0) }`: the discarded subscription is cancelled when
  /// the statement ends, so only what the source delivers while subscribing arrives, which is at
  /// most one value for a subject, a `$property`, a `Just` or a publisher handed in
  /// (woocommerce's card reader check). A sequence's `.publisher` delivers all its values then,
  /// and an operator may combine several sources: those still resume more than once.
  private func endsWhenSubscribed(_ view: SignificantTokenView, _ chain: PublisherChain) -> Bool {
    guard chain.start >= 2, view.kind(chain.start - 1) == .equal, view.kind(chain.start - 2) == .wildcard,
      chain.links.count == 2
    else { return false }
    return chain.base.name != "publisher"
  }

  /// True when every `subject.send(…)` of the file is followed, in its block, by `subject = nil`
  /// (`finished.send(); self.finished = nil`): the subject delivers one value.
  private func sendsOnce(_ view: SignificantTokenView, subject base: PublisherChain.Link) -> Bool {
    guard view.isIdentifier(base.position) else { return false }
    let name = base.name
    var sends = 0
    for position in 0..<view.count where view.isIdentifier(position) && view.has(position, name) {
      guard view.isPeriod(position + 1), view.isWord(position + 2, "send"), view.kind(position + 3) == .leftParen
      else { continue }
      sends += 1
      var scan = position + 3
      var cleared = false
      while scan < view.count, view.kind(scan) != .rightBrace {
        if let close = view.partner(scan), close > scan { scan = close }
        if view.isIdentifier(scan), view.has(scan, name), view.kind(scan + 1) == .equal, view.isWord(scan + 2, "nil") {
          cleared = true
          break
        }
        scan += 1
      }
      if !cleared { return false }
    }
    return sends > 0
  }

  /// The text of the call at `position` for a reason: `completion(.failure(error))`, or for a
  /// handler handed on (`retry(completion: completion)`) the call it is handed to.
  private func callText(_ view: SignificantTokenView, at position: Int, end: Int?) -> String {
    let last = max(position, (end ?? position + 1) - 1)
    guard last == position else { return Snippet.text(view, from: position, to: last) }
    var scan = position - 1
    while scan > 0 && position - scan < 40 {
      if view.kind(scan) == .leftParen, let close = view.partner(scan), close > position {
        return Snippet.text(view, from: max(0, scan - 1), to: close)
      }
      if let other = view.partner(scan), other < scan { scan = other }
      scan -= 1
    }
    return Snippet.text(view, from: position, to: last)
  }

  /// Names assigned `true` or `false` in `open…close` (`var called = false`, `called = true`).
  private func assignedFlags(_ view: SignificantTokenView, open: Int, close: Int) -> Set<String> {
    var flags: Set<String> = []
    for position in open..<close where view.kind(position) == .equal {
      if view.isWord(position + 1, "true") || view.isWord(position + 1, "false"), view.isWord(position - 1) {
        flags.insert(view.text(position - 1))
      }
    }
    return flags
  }

  /// The innermost closure `{` around `position` after `start`, or nil.
  private func enclosingClosure(_ view: SignificantTokenView, of position: Int, within start: Int, _ end: Int) -> Int? {
    var best: Int?
    var scan = start
    while scan < position {
      if view.kind(scan) == .leftBrace, view.braceRole[scan] == .closure, let close = view.partner(scan) {
        if close > position { best = scan } else { scan = close }
      }
      scan += 1
    }
    return best
  }

  /// The function whose publisher a `sink` subscribes to, when `position` is in that sink's
  /// `receiveCompletion:` closure and its `receiveValue:` closure calls the completion:
  /// `disconnect` in `service.disconnect().sink(receiveCompletion: { … }, receiveValue: { … })`
  /// or `service.disconnect().subscribe(Subscribers.Sink(receiveCompletion: …))`.
  private func sinkSource(
    _ view: SignificantTokenView, leaving position: Int, within start: Int, callEnd: (Int) -> Int?
  ) -> String? {
    guard let closure = enclosingClosure(view, of: position, within: start, position),
      view.kind(closure - 1) == .colon, view.isWord(closure - 2, "receiveCompletion"),
      view.kind(closure - 3) == .leftParen || view.kind(closure - 3) == .comma
    else { return nil }
    // Back to the `(` of the `sink`/`Sink` call.
    var open = closure - 3
    while open > start, view.kind(open) != .leftParen {
      if let other = view.partner(open), other < open { open = other }
      open -= 1
    }
    guard let close = view.partner(open), view.isPeriod(open - 2) else { return nil }
    // The value closure calls the completion: by label inside, or trailing after `)`.
    var valueCalls = false
    for scan in open..<min(close + 2, view.count) where view.isWord(scan, "receiveValue") || scan == close + 1 {
      let brace = scan == close + 1 ? scan : scan + 2
      guard view.kind(brace) == .leftBrace, let end = view.partner(brace) else { continue }
      if (brace..<end).contains(where: { callEnd($0) != nil }) { valueCalls = true }
    }
    guard valueCalls else { return nil }
    var receiverEnd = open - 3
    if view.isWord(open - 1, "Sink"), view.isWord(open - 3, "Subscribers"), view.kind(open - 4) == .leftParen,
      view.isWord(open - 5, "subscribe"), view.isPeriod(open - 6)
    {
      receiverEnd = open - 7
    } else if !view.isWord(open - 1, "sink") {
      return nil
    }
    guard view.kind(receiverEnd) == .rightParen, let call = view.partner(receiverEnd), view.isIdentifier(call - 1)
    else { return nil }
    return view.text(call - 1)
  }

  /// The `receiveCompletion:` closure of a `sink`, as a brace pair.
  private func completionClosure(_ view: SignificantTokenView, _ terminal: PublisherChain.Link) -> (Int, Int)? {
    if terminal.argumentsOpen >= 0, let close = view.partner(terminal.argumentsOpen) {
      for position in terminal.argumentsOpen..<close where view.isWord(position, "receiveCompletion") {
        if view.kind(position + 2) == .leftBrace, let end = view.partner(position + 2) { return (position + 2, end) }
      }
    }
    // `.sink { completion in … } receiveValue: { … }`: the first trailing closure.
    if terminal.closureOpen >= 0, let end = view.partner(terminal.closureOpen), view.isWord(end + 1, "receiveValue") {
      return (terminal.closureOpen, end)
    }
    return nil
  }

  /// The closure of the call at `callee` that resumes: its label (nil for the first trailing
  /// closure) and the labels passed in parentheses, or nil when no closure of the call resumes.
  private func resumingClosure(
    _ view: SignificantTokenView, callee: Int, after: Int, resumeEnd: (Int) -> Int?
  ) -> (parameter: String?, passedLabels: [String])? {
    func resumes(_ open: Int) -> Bool {
      guard let close = view.partner(open) else { return false }
      for position in open..<close where resumeEnd(position) != nil { return true }
      return false
    }
    var position = callee + 1
    var passed: [String] = []
    if view.kind(position) == .leftParen, let close = view.partner(position) {
      passed = FutureTaskWrapperDetector.argumentLabels(view, open: position, close: close)
      var scan = position + 1
      while scan < close {
        if view.kind(scan) == .leftBrace, view.braceRole[scan] == .closure, let end = view.partner(scan) {
          if resumes(scan) {
            let label = view.kind(scan - 1) == .colon && view.isWord(scan - 2) ? view.text(scan - 2) : "_"
            return (label, passed)
          }
          scan = end
        } else if let other = view.partner(scan), other > scan {
          scan = other
        }
        scan += 1
      }
      position = close + 1
    }
    var first = true
    while position < after, view.kind(position) == .leftBrace, let end = view.partner(position) {
      if resumes(position) {
        let label = first ? nil : (view.isWord(position - 2) ? view.text(position - 2) : nil)
        return (label, passed)
      }
      first = false
      position = end + 1
      if view.isWord(position), view.kind(position + 1) == .colon { position += 2 }
    }
    return nil
  }

  /// The last position of the statement or block starting at `position`.
  private func statementEnd(_ view: SignificantTokenView, from position: Int, limit: Int) -> Int {
    var scan = position
    while scan < limit {
      if view.kind(scan) == .leftBrace, let end = view.partner(scan) {
        if view.braceRole[scan] == .statement { return end }
        scan = end
      }
      if view.kind(scan) == .colon, view.isWord(position, "case") {
        return min(limit - 1, view.isWord(scan + 1, "break") ? scan + 1 : scan)
      }
      scan += 1
    }
    return min(position, limit - 1)
  }

  // MARK: - Callee bodies

  /// Calls that keep a closure handed to them for later rather than calling it.
  private static let storingCalls: Set<String> = ["append", "insert", "enqueue"]

  /// Functions with a closure parameter whose body calls it twice on a path or leaves without.
  private func completionDefects(_ file: FileContext, output: inout DetectorOutput) {
    let view = file.view
    for (index, scope) in file.symbols.scopes.enumerated() where !scope.isType && scope.open >= 0 {
      guard let signature = file.signature(ofScope: index),
        view.isWord(signature.keyword, "func"), view.kind(signature.keyword + 1) == .identifier
      else { continue }
      let function = view.text(signature.keyword + 1)
      // A closure type is spelled with `->`, or named by an alias after `@escaping`/`@Sendable`
      // (`_ work: @escaping Work`), which only a function type takes.
      let closures = signature.parameters.filter { parameter in
        (parameter.typeStart...parameter.typeEnd).contains(where: { position in
          // By kind, not text: this runs for every token of every parameter type in the tree.
          switch view.kind(position) {
          case .arrow: return true
          case .atSign: return view.isWord(position + 1, "escaping") || view.isWord(position + 1, "Sendable")
          default: return false
          }
        })
      }
      // Only after the filter: a line needs the file's line index, which most files never build.
      if closures.isEmpty { continue }
      let declarationLine = file.line(of: signature.keyword)
      var analysed = false
      for parameter in closures {
        let handler = parameter.name
        // Stored for later (`self.done = completion`): unknowable here.
        var stored = false
        for position in scope.open..<scope.close where view.has(position, handler) {
          if case .equal = view.kind(position - 1) { stored = true }
        }
        if stored { continue }
        let callEnd: (Int) -> Int? = { position in
          // Called for every token of the body: `isWord` matches the kind by pattern.
          guard view.isWord(position), view.has(position, handler), !view.isPeriod(position - 1) else { return nil }
          if view.kind(position + 1) == .leftParen, let close = view.partner(position + 1) { return close + 1 }
          if view.kind(position + 1) == .postfixQuestionMark, view.kind(position + 2) == .leftParen,
            let close = view.partner(position + 2)
          {
            return close + 1
          }
          // Handed on (`retry(completion: completion)`): the callee will call it.
          let previous = view.kind(position - 1)
          let next = view.kind(position + 1)
          if previous == .colon || previous == .leftParen || previous == .comma, next == .rightParen || next == .comma {
            return position + 1
          }
          return nil
        }
        var analyzer = CallPathAnalyzer(view: view, callEnd: callEnd)
        analyzer.analyzeDomains(open: scope.open, close: scope.close)
        analysed = true
        let flags = assignedFlags(view, open: scope.open, close: scope.close)
        var guards = ResumeGuards(view: view, flags: flags, skip: [:])
        guards.readsNameWords = false
        // Kept for later (`pending.append(work)` after `bucket.execute(work)` declined it) is not a
        // second call: the stored closure runs when the queue gets to it, instead.
        if let first = analyzer.twice.first(where: { position in
          !(view.kind(position - 1) == .leftParen && Self.storingCalls.contains(view.text(position - 2)))
        }) {
          output.completionDefects.append(
            .init(
              function: function, kind: .calledTwice, line: file.line(of: first), declarationLine: declarationLine,
              parameter: parameter.label,
              statement: callText(view, at: first, end: callEnd(first))))
        }
        // A path that leaves a closure the body hands to an API run for every element or event
        // (`servers.forEach { … if done == servers.count { completion() } }`) waits for the next
        // run; one behind a flag has called already.
        var never: (position: Int, kind: CompletionDefect.Kind)?
        for (position, domain) in zip(analyzer.never, analyzer.neverDomains) {
          if guards.isWeakSelfGuard(position) {
            if never == nil { never = (position, .notCalledWithoutSelf) }
            continue
          }
          if guards.mentionsFlag(position) || guards.isUnwrapGuard(position, of: handler) { continue }
          if domain != scope.open, case .once = ClosureFrequency.of(domain, continuation: -1, in: file) {
          } else if domain != scope.open {
            continue
          }
          never = (position, .notCalled)
          break
        }
        if let never {
          let stop = statementEnd(view, from: never.position, limit: scope.close)
          var defect = CompletionDefect(
            function: function, kind: never.kind, line: file.line(of: never.position),
            declarationLine: declarationLine, parameter: parameter.label,
            statement: Snippet.text(view, from: never.position, to: stop))
          if never.kind == .notCalled {
            defect.sinkSource = sinkSource(view, leaving: never.position, within: scope.open, callEnd: callEnd)
          }
          output.completionDefects.append(defect)
        }
      }
      if analysed {
        output.completionFunctions.append(
          .init(name: function, line: declarationLine, closureLabels: closures.map(\.label)))
      }
    }
  }
}
