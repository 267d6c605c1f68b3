/// The token walks `FutureTaskWrapperDetector` and `BridgeHelperScanner` share.
extension FutureTaskWrapperDetector {
  /// A `Future` call: its closure (trailing or passed as an argument), the labels the call uses
  /// and where it ends.
  struct FutureCall {
    /// The closure literal the `Future` is built from, if one is written.
    var closure: (open: Int, close: Int)?
    /// Argument labels, `_` for an unlabelled argument, `CandidateFinding.trailingClosure` last
    /// for a trailing closure.
    var labels: [String]
    /// The `(` of the argument list, or -1.
    var open: Int
    /// Last position of the call.
    var end: Int
    /// The static member called instead of an initialiser: `detached` in `Future.detached { … }`.
    var member: String?
  }

  /// The `Future` call whose generics, `.init`, `.member` or arguments start at `next`, or nil
  /// when nothing is called there (`Future<Int, Never>.Promise`, `-> Future<T, E> {`).
  static func futureCall(_ view: SignificantTokenView, after next: Int) -> FutureCall? {
    var position = next
    if view.has(position, "<") || view.text(position).hasPrefix("<") {
      guard let close = genericEnd(view, position) else { return nil }
      position = close + 1
    }
    var member: String?
    if view.isPeriod(position), view.isWord(position + 1, "init") {
      position += 2
    } else if view.isPeriod(position), view.isIdentifier(position + 1) {
      member = view.text(position + 1)
      position += 2
    }
    var call = FutureCall(closure: nil, labels: [], open: -1, end: position - 1, member: member)
    if view.kind(position) == .leftParen, let close = view.partner(position) {
      call.labels = argumentLabels(view, open: position, close: close)
      call.open = position
      call.end = close
      if let inner = closureArgument(view, open: position, close: close), let end = view.partner(inner) {
        call.closure = (inner, end)
      }
      position = close + 1
    }
    if view.kind(position) == .leftBrace, view.braceRole[position] == .closure, let end = view.partner(position) {
      call.closure = (position, end)
      call.labels.append(CandidateFinding.trailingClosure)
      call.end = end
    }
    guard call.open >= 0 || call.closure != nil else { return nil }
    return call
  }

  /// True when `from..<to` holds a `Future` whose closure starts a `Task` (a helper's body):
  /// `Future { promise in Task { … } }`, `Combine.Future`, `self.init`, `Self.init`, `Self { … }`
  /// or `.init { … }`.
  static func wrapsTaskInFuture(_ view: SignificantTokenView, from: Int, to: Int) -> Bool {
    var position = from
    while position < to {
      defer { position += 1 }
      let isFuture = view.kind(position) == .identifier && view.has(position, "Future")
      let isInit = view.isWord(position, "init") && view.isPeriod(position - 1)
      let isSelf = view.isWord(position, "Self") && !view.isPeriod(position - 1)
      guard isFuture || isInit || isSelf else { continue }
      guard let call = futureCall(view, after: position + 1), call.member == nil, let closure = call.closure,
        closure.close <= to
      else { continue }
      if task(in: view, from: bodyStart(view, closure: closure.open, end: closure.close), to: closure.close) != nil {
        return true
      }
    }
    return false
  }

  /// The `>` closing the generic argument list opened at `open` (which may be `<` or `<[`…).
  static func genericEnd(_ view: SignificantTokenView, _ open: Int) -> Int? {
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
  static func argumentLabels(_ view: SignificantTokenView, open: Int, close: Int) -> [String] {
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
  static func closureArgument(_ view: SignificantTokenView, open: Int, close: Int) -> Int? {
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

  /// The first position of a closure's statements, after `[capture] (params) async throws -> T in`
  /// or `@MainActor in`.
  static func bodyStart(_ view: SignificantTokenView, closure: Int, end: Int) -> Int {
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

  /// The position of a `Task` started in `from..<to`: `Task {`, `Task.detached {`,
  /// `Task.immediate {` (Swift 6.2), `Task(priority: .high) {`, `Task<Void, Never> {`; never
  /// `Task.sleep` or `Task.isCancelled`.
  static func task(in view: SignificantTokenView, from: Int, to: Int) -> Int? {
    var position = from
    // The `Task` starts the closure; a bound keeps nested `Future`s from costing n².
    let limit = min(to, from + 4_000)
    while position < limit {
      if view.kind(position) == .identifier, view.has(position, "Task"), !view.isPeriod(position - 1) {
        var next = position + 1
        if view.has(next, "<") || view.text(next).hasPrefix("<"), let close = genericEnd(view, next) {
          next = close + 1
        }
        if view.isPeriod(next), startsTask(view, next + 1) { next += 2 }
        if view.kind(next) == .leftParen, let close = view.partner(next) { next = close + 1 }
        if view.kind(next) == .leftBrace { return position }
      }
      position += 1
    }
    return nil
  }

  /// `detached`, `immediate` or `immediateDetached`: the static members that start a `Task`.
  private static func startsTask(_ view: SignificantTokenView, _ position: Int) -> Bool {
    view.isWord(position, "detached") || view.isWord(position, "immediate")
      || view.isWord(position, "immediateDetached")
  }

  /// True when `await` appears in `from..<to` outside nested closures.
  static func topLevelAwait(_ view: SignificantTokenView, from: Int, to: Int) -> Bool {
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
