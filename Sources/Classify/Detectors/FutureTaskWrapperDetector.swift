/// `Future` whose closure starts a `Task`, in every spelling, and calls to helpers that do it.
///
/// Direct form: `Future`, optionally with generic arguments, `.init`, and a parenthesised
/// argument list, followed by a closure (trailing or as the last argument) in which a `Task {`,
/// `Task.detached {` or `Task(priority: …) {` appears:
///
///     Future<Data, Error> { promise in Task { promise(.success(try await load())) } }
///
/// A `Task` next to the `Future` but outside its closure does not count. Inside
/// `extension Future`, `self.init { promise in Task { … } }` is the same construct.
///
/// Indirect form: calls that can only mean a helper declared in the tree, resolved by the global
/// pass against `BridgeHelperScanner`'s helpers: `Future(operation: { … })`, `Future { try await
/// … }` (an `await` directly in a `Future` closure only compiles with an async-closure
/// initialiser) and `makeFuture { try await … }`.
struct FutureTaskWrapperDetector: Detector {
  static let name = "future-task-wrapper"
  /// Any other `Future` construction: a one-shot publisher. Found here because only this
  /// detector tells `Future<T, E> { … }` as a value from `-> Future<T, E> { … }`, a return type
  /// followed by a function body.
  static let oneShot = "one-shot-future"
  var names: [String] { [Self.name, Self.oneShot] }

  /// Calls with async closures that are never Future helpers.
  private static let notHelpers: Set<String> = [
    "Task", "detached", "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "run", "task",
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "addTask", "Future", "async", "sink",
  ]

  // A hit is a `Future` (or `self.init` in `extension Future`) or a helper call around `await`.
  func mayFind(in file: FileContext) -> Bool { file.hints.future || file.hints.hasAwait }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let deferred = deferredClosures(view)
    var position = 0
    while position < view.count {
      defer { position += 1 }
      guard view.isWord(position) else { continue }
      let isIdentifier = view.isIdentifier(position)
      if isIdentifier && view.has(position, "Future") {
        if view.isPeriod(position - 1) && !view.isWord(position - 2, "Publishers") { continue }
        if let hit = futureHit(file, at: position, closureFrom: position + 1, deferred: deferred) {
          output.hits.append(hit)
        }
      } else if view.has(position, "init"), view.isPeriod(position - 1), view.isWord(position - 2, "self"),
        file.symbols.typePath(at: position).hasSuffix("Future")
      {
        // `self.init { promise in Task { … } }` inside `extension Future`.
        if var hit = futureHit(file, at: position - 2, closureFrom: position + 1, deferred: deferred),
          hit.requirement == nil
        {
          hit.reasons.removeAll { $0.hasPrefix("not inside") }
          output.hits.append(hit)
        }
      } else if isIdentifier, let hit = helperCall(file, at: position) {
        output.hits.append(hit)
      }
    }
  }

  /// The hit for a `Future` at `start` whose generic arguments, `.init` and arguments begin at
  /// `next`, or nil when no closure follows or it neither starts a `Task` nor calls a helper.
  /// The closure of a `Future` call whose generics, `.init` or arguments start at `next`,
  /// with its call's argument labels, or nil when no closure follows.
  static func futureClosure(_ view: SourceView, after next: Int) -> (open: Int, close: Int, labels: [String])? {
    var position = next
    if view.has(position, "<") || view.text(position).hasPrefix("<") {
      guard let close = genericEnd(view, position) else { return nil }
      position = close + 1
    }
    if view.isPeriod(position), view.isWord(position + 1, "init") { position += 2 }
    var closure = -1
    var labels: [String] = []
    if view.kind(position) == .leftParen, let close = view.partner(position) {
      labels = argumentLabels(view, open: position, close: close)
      if let inner = closureArgument(view, open: position, close: close) { closure = inner }
      position = close + 1
    }
    if view.kind(position) == .leftBrace, view.braceRole[position] == .closure { closure = position }
    guard closure >= 0, let closureEnd = view.partner(closure) else { return nil }
    return (closure, closureEnd, labels)
  }

  /// True when `from..<to` holds a `Future` whose closure starts a `Task` (a helper's body).
  static func wrapsTaskInFuture(_ view: SourceView, from: Int, to: Int) -> Bool {
    var position = from
    while position < to {
      let isFuture = view.kind(position) == .identifier && view.has(position, "Future")
      let isSelfInit = view.isWord(position, "init") && view.isPeriod(position - 1) && view.isWord(position - 2, "self")
      if isFuture || isSelfInit, let closure = futureClosure(view, after: position + 1), closure.close <= to,
        task(in: view, from: bodyStart(view, closure: closure.open, end: closure.close), to: closure.close) != nil
      {
        return true
      }
      position += 1
    }
    return false
  }

  private func futureHit(_ file: FileContext, at start: Int, closureFrom next: Int, deferred: [(Int, Int)])
    -> DetectorHit?
  {
    let view = file.view
    guard let found = Self.futureClosure(view, after: next) else { return nil }
    let (closure, closureEnd, labels) = found
    let body = Self.bodyStart(view, closure: closure, end: closureEnd)
    if let task = Self.task(in: view, from: body, to: closureEnd) {
      var reasons = [
        "cancelling the publisher does not cancel the `Task` started at line \(file.line(of: task))"
      ]
      if !deferred.contains(where: { start > $0.0 && start < $0.1 }) {
        reasons.append("not inside `Deferred`: the `Future` runs at creation, and `retry` after it does nothing")
      }
      return DetectorHit(name: Self.name, start: start, end: closureEnd, anchor: "Future", reasons: reasons)
    }
    // No `Task` in the closure: a helper initialiser is the only way `await` compiles here.
    let usesLabels = !labels.isEmpty && labels != ["_"]
    let awaitsDirectly = Self.topLevelAwait(view, from: body, to: closureEnd) && !Self.hasParameters(view, closure)
    var reasons: [String] = []
    if !deferred.contains(where: { start > $0.0 && start < $0.1 }) {
      reasons.append("not inside `Deferred`: the `Future` runs at creation, and `retry` after it does nothing")
    }
    guard usesLabels || awaitsDirectly else {
      return DetectorHit(name: Self.oneShot, start: start, end: closureEnd, anchor: "Future", reasons: reasons)
    }
    return DetectorHit(
      name: Self.name, start: start, end: closureEnd, anchor: "Future", reasons: reasons,
      requirement: .helperCall(name: "Future", labels: usesLabels ? labels : []))
  }

  /// `makeFuture { try await load() }`: a call passing an async closure, kept by the global pass
  /// only when a `future-function` helper of that name exists in the tree.
  private func helperCall(_ file: FileContext, at position: Int) -> DetectorHit? {
    let view = file.view
    let next = view.kind(position + 1)
    guard next == .leftBrace || next == .leftParen else { return nil }
    let length = view.length(position)
    guard length >= 3, file.hints.hasAwait else { return nil }
    // Bytes first: this runs for every call, and only a lowercase name can be a helper.
    let first = view.stream.source[view.startOffset(position)]
    guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
    var closure = -1
    var after = position + 1
    var close = -1
    if next == .leftParen, let found = view.partner(position + 1) {
      close = found
      if let inner = Self.closureArgument(view, open: position + 1, close: found) { closure = inner }
      after = found + 1
    }
    if view.kind(after) == .leftBrace, view.braceRole[after] == .closure { closure = after }
    guard closure >= 0, let end = view.partner(closure) else { return nil }
    let body = Self.bodyStart(view, closure: closure, end: end)
    // The name and labels only for the rare closure that awaits at its top level.
    guard Self.topLevelAwait(view, from: body, to: end) else { return nil }
    let name = view.text(position)
    guard !Self.notHelpers.contains(name) else { return nil }
    let labels = close >= 0 ? Self.argumentLabels(view, open: position + 1, close: close) : []
    // No anchor: the calling file need not spell `Future`; the global pass still drops the call
    // when the tree declares its own `Future`.
    return DetectorHit(
      name: Self.name, start: position, end: end, requirement: .helperCall(name: name, labels: labels)
    )
  }

  // MARK: - Token helpers

  /// The closures of `Deferred { … }`, as brace pairs.
  private func deferredClosures(_ view: SourceView) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    for position in 0..<view.count where view.isIdentifier(position) && view.has(position, "Deferred") {
      var next = position + 1
      if view.has(next, "<") || view.text(next).hasPrefix("<"), let close = Self.genericEnd(view, next) {
        next = close + 1
      }
      if view.kind(next) == .leftParen, let close = view.partner(next) {
        if let inner = Self.closureArgument(view, open: next, close: close), let end = view.partner(inner) {
          result.append((inner, end))
        }
        next = close + 1
      }
      if view.kind(next) == .leftBrace, let end = view.partner(next) { result.append((next, end)) }
    }
    return result
  }

  /// The `>` closing the generic argument list opened at `open` (which may be `<` or `<[`…).
  static func genericEnd(_ view: SourceView, _ open: Int) -> Int? {
    var depth = 0
    var position = open
    while position < view.count && position - open < 80 {
      let kind = view.kind(position)
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return nil }
      if kind == .binaryOperator || kind == .prefixOperator || kind == .postfixOperator {
        for byte in view.text(position).utf8 {
          if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
        }
        if depth <= 0 { return position }
      } else if kind == .leftParen || kind == .leftSquare, let close = view.partner(position) {
        position = close
      }
      position += 1
    }
    return nil
  }

  /// The argument labels of a call, `_` for an unlabelled argument.
  static func argumentLabels(_ view: SourceView, open: Int, close: Int) -> [String] {
    guard close > open + 1 else { return [] }
    var labels: [String] = []
    var start = open + 1
    var position = open + 1
    while position <= close {
      if position == close || view.kind(position) == .comma {
        if view.isWord(start), view.kind(start + 1) == .colon {
          labels.append(view.text(start))
        } else {
          labels.append("_")
        }
        start = position + 1
      } else if let other = view.partner(position), other > position {
        position = other
      }
      position += 1
    }
    return labels
  }

  /// A closure passed directly as an argument: `Future({ promise in … })`, `f(operation: { … })`.
  static func closureArgument(_ view: SourceView, open: Int, close: Int) -> Int? {
    var position = open + 1
    while position < close {
      if view.kind(position) == .leftBrace, view.braceRole[position] == .closure,
        view.kind(position - 1) == .leftParen || view.kind(position - 1) == .colon || view.kind(position - 1) == .comma
      {
        return position
      }
      if let other = view.partner(position), other > position { position = other }
      position += 1
    }
    return nil
  }

  /// The first position of a closure's statements, after `[capture] (params) async throws -> T in`.
  static func bodyStart(_ view: SourceView, closure: Int, end: Int) -> Int {
    var position = closure + 1
    var steps = 0
    while position < end && steps < 40 {
      steps += 1
      let kind = view.kind(position)
      if view.isWord(position, "in") { return position + 1 }
      if kind == .leftSquare || kind == .leftParen, let other = view.partner(position) {
        position = other + 1
        continue
      }
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || kind == .equal || kind == .period {
        return closure + 1
      }
      if kind == .keyword && !view.isWord(position, "throws") && !view.isWord(position, "rethrows")
        && !view.isWord(position, "self") && !view.isWord(position, "Self") && !view.isWord(position, "Any")
      {
        return closure + 1
      }
      position += 1
    }
    return closure + 1
  }

  /// True when the closure at `open` declares parameters (`promise in`).
  static func hasParameters(_ view: SourceView, _ open: Int) -> Bool {
    guard let end = view.partner(open) else { return false }
    return bodyStart(view, closure: open, end: end) != open + 1
  }

  /// The position of a `Task` started in `from..<to`: `Task {`, `Task.detached {`,
  /// `Task(priority: .high) {`, `Task<Void, Never> {`; never `Task.sleep` or `Task.isCancelled`.
  static func task(in view: SourceView, from: Int, to: Int) -> Int? {
    var position = from
    // The `Task` starts the closure; a bound keeps nested `Future`s from costing n².
    let limit = min(to, from + 4_000)
    while position < limit {
      if view.kind(position) == .identifier, view.has(position, "Task"), !view.isPeriod(position - 1) {
        var next = position + 1
        if view.has(next, "<") || view.text(next).hasPrefix("<"), let close = genericEnd(view, next) {
          next = close + 1
        }
        if view.isPeriod(next), view.isWord(next + 1, "detached") { next += 2 }
        if view.kind(next) == .leftParen, let close = view.partner(next) { next = close + 1 }
        if view.kind(next) == .leftBrace { return position }
      }
      position += 1
    }
    return nil
  }

  /// True when `await` appears in `from..<to` outside nested closures.
  static func topLevelAwait(_ view: SourceView, from: Int, to: Int) -> Bool {
    var position = from
    while position < to {
      if view.kind(position) == .leftBrace, view.braceRole[position] == .closure, let close = view.partner(position) {
        position = close + 1
        continue
      }
      if view.isWord(position, "await") { return true }
      position += 1
    }
    return false
  }
}
