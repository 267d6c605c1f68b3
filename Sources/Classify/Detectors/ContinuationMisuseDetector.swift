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
  var names: [String] { [Self.twice, Self.never] }

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
      analyzeContinuation(file, closure: closure, end: end, output: &output)
    }
    // A completion handler is a parameter whose type has an arrow.
    if file.hints.arrow { completionDefects(file, output: &output) }
  }

  // MARK: - Continuations

  private func analyzeContinuation(_ file: FileContext, closure: Int, end: Int, output: inout DetectorOutput) {
    let view = file.view
    let body = FutureTaskWrapperDetector.bodyStart(view, closure: closure, end: end)
    // `continuation in`, `(continuation) in`, `(c: CheckedContinuation<Int, Never>) in`.
    var name = "$0"
    if body > closure + 1, view.isWord(body - 1, "in") {
      if view.kind(body - 2) == .rightParen, let open = view.partner(body - 2), view.isWord(open + 1) {
        name = view.text(open + 1)
      } else if view.isWord(body - 2) {
        name = view.text(body - 2)
      }
    }
    // Stored, handed on, or resumed from `defer`: unknowable here.
    for position in body..<end {
      if view.isWord(position, "defer") { return }
      let kind = view.kind(position)
      guard kind == .identifier || kind == .dollarIdentifier, view.has(position, name), !view.isPeriod(position + 1)
      else { continue }
      return
    }
    let resumeEnd: (Int) -> Int? = { position in
      guard view.kind(position) == .identifier || view.kind(position) == .dollarIdentifier, view.has(position, name),
        view.isPeriod(position + 1), view.isWord(position + 2, "resume"),
        view.kind(position + 3) == .leftParen, let close = view.partner(position + 3)
      else { return nil }
      return close + 1
    }
    var analyzer = CallPathAnalyzer(view: view, callEnd: resumeEnd)
    analyzer.analyzeDomains(open: closure, close: end)
    for position in analyzer.twice {
      output.hits.append(
        DetectorHit(
          name: Self.twice, start: position, end: (resumeEnd(position) ?? position + 1) - 1,
          reasons: ["`\(name).resume` may run a second time on this path (line \(file.line(of: position))): a crash"]))
    }
    for position in analyzer.never {
      let stop = statementEnd(view, from: position, limit: end)
      output.hits.append(
        DetectorHit(
          name: Self.never, start: position, end: stop,
          reasons: ["this path leaves without resuming `\(name)`: the awaiting task hangs for ever"]))
    }
    // `sink` inside the continuation with no single-value operator upstream.
    for chain in file.chains where chain.terminal == "sink" && chain.start > closure && chain.end < end {
      let single = chain.links.contains { link in
        if CombineVocabulary.singleValueOperators.contains(link.name) { return true }
        if CombineVocabulary.oneShotSources.contains(link.name) { return true }
        if link.name == "prefix", link.argumentsOpen >= 0, view.has(link.argumentsOpen + 1, "1") { return true }
        return false
      }
      guard !single else { continue }
      let terminal = chain.terminalLink
      let completion = completionClosure(view, terminal)
      var resumesOnValue = false
      var scan = terminal.position
      while scan <= terminal.end {
        if let completion, scan == completion.0 {
          scan = completion.1 + 1
          continue
        }
        if resumeEnd(scan) != nil {
          resumesOnValue = true
          break
        }
        scan += 1
      }
      guard resumesOnValue else { continue }
      output.hits.append(
        DetectorHit(
          name: Self.twice, start: chain.start, end: chain.end,
          reasons: [
            "`sink` inside the continuation has no `first()`/`prefix(1)` upstream: a second value resumes `\(name)` again (a crash)"
          ]))
    }
    // Calls whose closure resumes: resolved against callee bodies in the global pass.
    var position = body
    while position < end {
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
      for (ruleName, defect) in [(Self.twice, CompletionDefect.Kind.calledTwice), (Self.never, .notCalled)] {
        output.hits.append(
          DetectorHit(
            name: ruleName, start: view.kind(start) == .rightParen ? position : start, end: after - 1,
            requirement: .calleeDefect(
              name: callee, defect: defect, parameter: bound.parameter, passedLabels: bound.passedLabels)))
      }
    }
  }

  /// The `receiveCompletion:` closure of a `sink`, as a brace pair.
  private func completionClosure(_ view: SourceView, _ terminal: PublisherChain.Link) -> (Int, Int)? {
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
    _ view: SourceView, callee: Int, after: Int, resumeEnd: (Int) -> Int?
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
  private func statementEnd(_ view: SourceView, from position: Int, limit: Int) -> Int {
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

  /// Functions with a closure parameter whose body calls it twice on a path or leaves without.
  private func completionDefects(_ file: FileContext, output: inout DetectorOutput) {
    let view = file.view
    for (index, scope) in file.symbols.scopes.enumerated() where !scope.isType && scope.open >= 0 {
      guard let signature = file.signature(ofScope: index),
        view.isWord(signature.keyword, "func"), view.kind(signature.keyword + 1) == .identifier
      else { continue }
      let function = view.text(signature.keyword + 1)
      let closures = signature.parameters.filter { parameter in
        (parameter.typeStart...parameter.typeEnd).contains(where: { position in
          if case .arrow = view.kind(position) { return true }
          return false
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
        if let first = analyzer.twice.first {
          output.completionDefects.append(
            .init(
              function: function, kind: .calledTwice, line: file.line(of: first), declarationLine: declarationLine,
              parameter: parameter.label))
        }
        if let first = analyzer.never.first {
          output.completionDefects.append(
            .init(
              function: function, kind: .notCalled, line: file.line(of: first), declarationLine: declarationLine,
              parameter: parameter.label))
        }
      }
      if analysed {
        output.completionFunctions.append(
          .init(name: function, line: declarationLine, closureLabels: closures.map(\.label)))
      }
    }
  }
}
