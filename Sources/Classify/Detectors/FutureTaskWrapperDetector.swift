/// `Future` whose closure starts a `Task`, in every spelling, and calls to helpers that do it.
///
/// Direct form: `Future` (or `Combine.Future`), optionally with generic arguments, `.init`, and a
/// parenthesised argument list, followed by a closure (trailing or as an argument) in which a
/// `Task {`, `Task.detached {`, `Task.immediate {` or `Task(priority: …) {` appears:
///
///     Future<Data, Error> { promise in Task { promise(.success(try await load())) } }
///
/// A `Task` next to the `Future` but outside its closure does not count. Three more spellings
/// build the same thing: `self.init { promise in Task { … } }` inside `extension Future`,
/// `.init { promise in Task { … } }` in a function returning a `Future`, and a closure built
/// first and passed in (`let work = { promise in Task { … } }; return Future(work)`).
///
/// Indirect form: calls that can only mean a helper declared in the tree, resolved by the global
/// pass against `BridgeHelperScanner`'s helpers by the labels the call uses (a trailing closure
/// is `CandidateFinding.trailingClosure`): `Future(operation: { … })`, `Future(operation:
/// client.fetch)`, `Future { try await … }` (an `await` directly in a `Future` closure only
/// compiles with an async-closure initialiser), `Future.detached { … }` (a static factory) and
/// `makeFuture { try await … }`.
struct FutureTaskWrapperDetector: Detector {
  static let name = "future-task-wrapper"
  /// Any other `Future` construction: a one-shot publisher. Found here because only this
  /// detector tells `Future<T, E> { … }` as a value from `-> Future<T, E> { … }`, a return type
  /// followed by a function body.
  static let oneShot = "one-shot-future"
  var names: [String] { [Self.name, Self.oneShot] }

  /// Calls with async closures that are never Future helpers.
  private static let notHelpers: Set<String> = [
    "Task", "detached", "immediate", "immediateDetached", "withTaskGroup", "withThrowingTaskGroup",
    "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "run", "task", "withCheckedContinuation",
    "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
    "withTaskCancellationHandler", "addTask", "addTaskUnlessCancelled", "Future", "async", "sink",
  ]

  /// Modules whose `Future` a qualified name means: `Combine.Future { … }`.
  static let combineQualifiers: Set<String> = ["Combine", "OpenCombine"]

  // A hit is a `Future` (or `self.init` in `extension Future`) or a helper call around `await`.
  func mayFind(in file: FileContext) -> Bool { file.hints.future || file.hints.hasAwait }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let deferred = DeferredRanges(view)
    // Only a file that awaits can call a helper around `await`.
    let awaits = file.hints.hasAwait
    var position = 0
    while position < view.count {
      defer { position += 1 }
      guard view.isWord(position) else { continue }
      let isIdentifier = view.isIdentifier(position)
      if isIdentifier && view.has(position, "Future") {
        var start = position
        var qualified = false
        if view.isPeriod(position - 1) {
          if Self.isQualifier(view, position - 2) {
            // `Combine.Future`: the name says whose `Future` it is.
            start = position - 2
            qualified = true
          } else if !view.isWord(position - 2, "Publishers") {
            continue
          }
        }
        if let hit = futureHit(file, at: start, name: position, qualified: qualified, deferred: deferred) {
          output.hits.append(hit)
        }
      } else if view.has(position, "init"), view.isPeriod(position - 1) {
        if let hit = initHit(file, at: position, deferred: deferred) { output.hits.append(hit) }
      } else if isIdentifier && awaits && Self.mayCallHelper(view, at: position),
        let hit = helperCall(file, at: position)
      {
        output.hits.append(hit)
      }
    }
  }

  /// True when the word at `position` qualifies a name as Combine's (`Combine` in
  /// `Combine.Future`), and is not itself a member (`x.Combine.Future`).
  static func isQualifier(_ view: SignificantTokenView, _ position: Int) -> Bool {
    guard view.isIdentifier(position), !view.isPeriod(position - 1) else { return false }
    return combineQualifiers.contains(view.text(position))
  }

  /// `self.init { promise in Task { … } }` inside `extension Future`, or `.init { promise in
  /// Task { … } }` where the enclosing function returns a `Future`.
  private func initHit(_ file: FileContext, at position: Int, deferred: DeferredRanges) -> DetectorHit? {
    let view = file.view
    if view.isWord(position - 2, "self") {
      guard file.symbols.typePath(at: position).hasSuffix("Future"),
        var hit = futureHit(file, at: position - 2, name: position, qualified: false, deferred: deferred),
        hit.requirement == nil
      else { return nil }
      // Inside the extension the initialiser only builds the `Future`; where it is created is the caller's.
      hit.reasons.removeAll { $0.hasPrefix("not inside") }
      return hit
    }
    // The return type must spell `Future` somewhere in the file: most `.init`s are not asked about.
    guard file.hints.future, Self.isReturned(file, period: position - 1), Self.returnsFuture(file, at: position),
      let hit = futureHit(file, at: position - 1, name: position, qualified: false, deferred: deferred),
      hit.name == Self.name
    else { return nil }
    return hit
  }

  /// The hit for a `Future` whose name is at `name` (the range starts at `start`: a qualifier or
  /// `self.`), or nil when no call follows or it neither starts a `Task` nor calls a helper.
  private func futureHit(
    _ file: FileContext, at start: Int, name: Int, qualified: Bool, deferred: DeferredRanges
  ) -> DetectorHit? {
    let view = file.view
    let anchor: String? = qualified ? nil : "Future"
    var eager: [String] {
      deferred.contains(start)
        ? [] : ["not inside `Deferred`: the `Future` runs at creation, and `retry` after it does nothing"]
    }
    guard let call = Self.futureCall(view, after: name + 1) else { return nil }
    if let member = call.member {
      // `Future.detached { … }`: only a static factory declared in the tree makes it a wrapper.
      return DetectorHit(
        name: Self.name, start: start, end: call.end, anchor: anchor, reasons: eager,
        requirement: .helperCall(name: "Future." + member, labels: call.labels))
    }
    guard let closure = call.closure else {
      // No closure literal: a closure built first (`Future(work)`), or a function reference
      // passed to a helper (`Future(operation: client.fetch)`).
      if call.labels == ["_"], let bound = Self.boundClosure(file, argument: call.open + 1, before: start),
        let task = Self.task(
          in: view, from: Self.bodyStart(view, closure: bound.open, end: bound.close), to: bound.close)
      {
        var reasons = ["cancelling the publisher does not cancel the `Task` started at line \(file.line(of: task))"]
        reasons += eager
        return DetectorHit(
          name: Self.name, start: start, end: call.end, anchor: anchor, reasons: reasons,
          combineShaped: Self.promiseShaped(view, closure: bound.open, close: bound.close))
      }
      guard call.labels.contains(where: { $0 != "_" }) else { return nil }
      return DetectorHit(
        name: Self.name, start: start, end: call.end, anchor: anchor, reasons: eager,
        requirement: .helperCall(name: "Future", labels: call.labels))
    }
    // The range ends with the closure (`Future({ … })` without its `)`), as fingerprints always had it.
    let end = closure.close
    let body = Self.bodyStart(view, closure: closure.open, end: closure.close)
    if let task = Self.task(in: view, from: body, to: closure.close) {
      var reasons = ["cancelling the publisher does not cancel the `Task` started at line \(file.line(of: task))"]
      reasons += eager
      return DetectorHit(
        name: Self.name, start: start, end: end, anchor: anchor, reasons: reasons,
        combineShaped: Self.promiseShaped(view, closure: closure.open, close: closure.close))
    }
    // No `Task` in the closure: a helper initialiser is the only way `await` compiles here (a
    // `@MainActor in` or `promise in` head does not change that), and the only way a label does.
    let usesLabels = call.labels.contains { $0 != "_" && $0 != CandidateFinding.trailingClosure }
    guard usesLabels || Self.topLevelAwait(view, from: body, to: closure.close) else {
      return DetectorHit(name: Self.oneShot, start: start, end: end, anchor: anchor, reasons: eager)
    }
    return DetectorHit(
      name: Self.name, start: start, end: end, anchor: anchor, reasons: eager,
      requirement: .helperCall(name: "Future", labels: call.labels))
  }

  /// `makeFuture { try await load() }`: a call passing an async closure, kept by the global pass
  /// only when a `future-function` helper of that name exists in the tree.
  ///
  /// The caller asks `mayCallHelper` first.
  private func helperCall(_ file: FileContext, at position: Int) -> DetectorHit? {
    let view = file.view
    let next = view.kind(position + 1)
    var closure = -1
    var after = position + 1
    var close = -1
    if next == .leftParen, let found = view.partner(position + 1) {
      close = found
      if let inner = Self.closureArgument(view, open: position + 1, close: found) { closure = inner }
      after = found + 1
    }
    var trailing = false
    if view.kind(after) == .leftBrace, view.braceRole[after] == .closure {
      closure = after
      trailing = true
    }
    guard closure >= 0, let end = view.partner(closure) else { return nil }
    let body = Self.bodyStart(view, closure: closure, end: end)
    // The name and labels only for the rare closure that awaits at its top level.
    guard Self.topLevelAwait(view, from: body, to: end) else { return nil }
    let name = view.text(position)
    guard !Self.notHelpers.contains(name) else { return nil }
    var labels = close >= 0 ? Self.argumentLabels(view, open: position + 1, close: close) : []
    if trailing { labels.append(CandidateFinding.trailingClosure) }
    // No anchor: the calling file need not spell `Future`; the global pass keeps the call only
    // when the helper's own `Future` is Combine's.
    return DetectorHit(
      name: Self.name, start: position, end: end, requirement: .helperCall(name: name, labels: labels)
    )
  }

  /// Whether the identifier at `position` can start a helper call: a lowercase name of three
  /// bytes or more followed by `(` or `{`.
  ///
  /// Asked of every identifier of a file that awaits, before `helperCall`: calling that for each
  /// one copied its optional hit in and out twice (a tenth of this detector's time).
  @inline(__always)
  private static func mayCallHelper(_ view: SignificantTokenView, at position: Int) -> Bool {
    // A pattern, not `==` (an out-of-line call).
    switch view.kind(position + 1) {
    case .leftBrace, .leftParen: break
    default: return false
    }
    guard view.length(position) >= 3 else { return false }
    // Bytes first: only a lowercase name can be a helper.
    let first = view.stream.source[view.startOffset(position)]
    return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
  }

  // MARK: - Spellings that need their surroundings

  /// True when the period at `period` starts an implicit member expression the enclosing
  /// function returns: after `return`, or as the first token of its body (`-> Future<T, E> {
  /// .init { … } }`). Elsewhere (`foo(.init { … })`) the type is some parameter's, not the
  /// function's result.
  static func isReturned(_ file: FileContext, period: Int) -> Bool {
    let view = file.view
    let before = period - 1
    guard before >= 0 else { return false }
    if view.isWord(before, "return") { return true }
    guard view.kind(before) == .leftBrace, period < file.symbols.count else { return false }
    return file.symbols.scope(at: period).open == before
  }

  /// True when the function enclosing `position` is declared to return a `Future`
  /// (`-> Future<Int, Error>`, `-> Combine.Future<…>`; `-> Self` inside `extension Future`).
  static func returnsFuture(_ file: FileContext, at position: Int) -> Bool {
    guard position >= 0, position < file.symbols.count else { return false }
    let index = file.symbols.scopeIndex(at: position)
    let scope = file.symbols.scopes[index]
    guard !scope.isType, let signature = file.signature(ofScope: index), signature.parametersClose >= 0 else {
      return false
    }
    let view = file.view
    var arrow = signature.parametersClose + 1
    while arrow < signature.bodyOpen, view.kind(arrow) != .arrow { arrow += 1 }
    var type = arrow + 1
    guard type < signature.bodyOpen else { return false }
    if isQualifier(view, type), view.isPeriod(type + 1) { type += 2 }
    if view.isIdentifier(type), view.has(type, "Future") { return true }
    return view.isWord(type, "Self") && scope.typePath.hasSuffix("Future")
  }

  /// The closure literal bound to the identifier argument at `argument` earlier in the same
  /// declaration (`let work: (@escaping Promise) -> Void = { promise in … }`), or nil.
  ///
  /// Looks back at most a few thousand tokens, so a long body stays linear.
  static func boundClosure(_ file: FileContext, argument: Int, before call: Int) -> (open: Int, close: Int)? {
    let view = file.view
    guard view.isIdentifier(argument), view.kind(argument + 1) == .rightParen else { return nil }
    let scope = file.symbols.scope(at: call)
    let floor = max(scope.open + 1, call - 4_000, 0)
    var position = call - 1
    while position >= floor {
      defer { position -= 1 }
      guard view.isWord(position, "let") || view.isWord(position, "var"),
        view.kind(position + 1) == .identifier, view.length(position + 1) == view.length(argument),
        view.text(position + 1) == view.text(argument)
      else { continue }
      // The `=` of the binding, past a type annotation such as `(@escaping Promise) -> Void`.
      var scan = position + 2
      while scan < call, scan - position < 80 {
        let kind = view.kind(scan)
        if kind == .equal { break }
        if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return nil }
        if let other = view.partner(scan), other > scan, kind != .leftBrace { scan = other }
        scan += 1
      }
      guard view.kind(scan) == .equal, view.kind(scan + 1) == .leftBrace, view.braceRole[scan + 1] == .closure,
        let close = view.partner(scan + 1), close < call
      else { return nil }
      return (scan + 1, close)
    }
    return nil
  }

  /// True when the closure at `open` is shaped like Combine's `attemptToFulfill`: one parameter
  /// (`promise in`, `(promise) in`), called with a `Result` (`promise(.success(…))`,
  /// `promise(.failure(…))`) somewhere inside. A vendored promise type's `Future { resolve in
  /// Task { resolve(1) } }` is not.
  static func promiseShaped(_ view: SignificantTokenView, closure open: Int, close: Int) -> Bool {
    var position = open + 1
    if view.kind(position) == .leftSquare, let end = view.partner(position) { position = end + 1 }
    var parenthesised = false
    if view.kind(position) == .leftParen {
      parenthesised = true
      position += 1
    }
    guard view.isIdentifier(position) || view.kind(position) == .wildcard else { return false }
    let parameter = position
    position += 1
    if parenthesised {
      guard view.kind(position) == .rightParen else { return false }
      position += 1
    }
    guard view.isWord(position, "in") else { return false }
    let name = view.text(parameter)
    var scan = position + 1
    // Bounded as `task(in:)` is, so nested `Future`s stay linear.
    let limit = min(close, scan + 4_000)
    while scan < limit {
      if view.isIdentifier(scan), view.kind(scan + 1) == .leftParen, view.isPeriod(scan + 2),
        view.isWord(scan + 3, "success") || view.isWord(scan + 3, "failure"), view.text(scan) == name
      {
        return true
      }
      scan += 1
    }
    return false
  }
}

/// The closures of `Deferred { … }` in a file, answering "is this position inside one?" in
/// logarithmic time (a nested `Future` per level would otherwise scan them all).
struct DeferredRanges {
  /// Closure brace pairs, sorted by the opening brace.
  private var ranges: [(open: Int, close: Int)] = []
  /// For each range, the largest `close` among it and those before it.
  private var reach: [Int] = []

  init(_ view: SignificantTokenView) {
    for position in 0..<view.count where view.isIdentifier(position) && view.has(position, "Deferred") {
      var next = position + 1
      if view.has(next, "<") || view.text(next).hasPrefix("<"),
        let close = FutureTaskWrapperDetector.genericEnd(view, next)
      {
        next = close + 1
      }
      if view.kind(next) == .leftParen, let close = view.partner(next) {
        if let inner = FutureTaskWrapperDetector.closureArgument(view, open: next, close: close),
          let end = view.partner(inner)
        {
          ranges.append((inner, end))
        }
        next = close + 1
      }
      if view.kind(next) == .leftBrace, let end = view.partner(next) { ranges.append((next, end)) }
    }
    ranges.sort { $0.open < $1.open }
    var furthest = -1
    for range in ranges {
      furthest = max(furthest, range.close)
      reach.append(furthest)
    }
  }

  /// True when `position` lies strictly inside some `Deferred` closure.
  func contains(_ position: Int) -> Bool {
    // The ranges opening before `position`; brace pairs nest, so one of them holds it exactly
    // when the furthest close among them lies beyond it.
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].open < position { low = middle + 1 } else { high = middle }
    }
    return low > 0 && reach[low - 1] > position
  }
}
