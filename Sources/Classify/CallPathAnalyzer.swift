/// Path analysis of one tracked call (`continuation.resume(…)`, `completion(…)`) inside a closure
/// or function body, over tokens alone.
///
/// Each closure is its own domain: a call inside `api.load { … }` runs later, on another path.
/// Statement blocks (`if`, `else`, `guard … else`, `switch` cases, `do`/`catch`) are followed;
/// `return`, `throw`, `break`, `continue` and `fatalError` end a path. It finds:
/// - a second call on one path: `if let e { c.resume(throwing: e) }` with no `return`, then
///   `c.resume(returning: v)`; or two direct calls in a row;
/// - a path leaving without a call: `guard … else { return }` before the only calls; an `if`
///   chain with no final `else` holding the domain's only calls; `case .finished: break` when the
///   domain calls nowhere else.
/// Sequential independent `if`s that both call are not flagged (they may be exclusive), and
/// loops are not followed: precise over broad.
struct CallPathAnalyzer {
  let view: SignificantTokenView
  /// The position after the tracked call starting at `position`, or nil when none starts there.
  let callEnd: (Int) -> Int?
  /// Brace pairs (`{` → `}`) analysed elsewhere and jumped over here: nested continuation
  /// closures, each analysed on its own, so that nesting costs no more than its size.
  let skip: [Int: Int]
  /// Positions of calls that may be a second call on their path.
  private(set) var twice: [Int] = []
  /// The `{` of the domain (closure or body) of each entry of `twice`.
  private(set) var twiceDomains: [Int] = []
  /// Positions of the statement keyword of paths that leave without a call.
  private(set) var never: [Int] = []
  /// The `{` of the domain of each entry of `never`.
  private(set) var neverDomains: [Int] = []
  /// Tokens visited: a work counter the scaling tests hold to linear growth.
  private(set) var steps = 0
  /// The domain being analysed.
  private var domain = 0

  init(view: SignificantTokenView, callEnd: @escaping (Int) -> Int?, skip: [Int: Int] = [:]) {
    self.view = view
    self.callEnd = callEnd
    self.skip = skip
  }

  struct Summary {
    /// Some path through the block calls and falls out of it.
    var mayCall = false
    /// The first call in the block, nested statements included.
    var firstCall: Int?
  }

  /// Analyses the closure or body `open…close` and every closure inside it.
  mutating func analyzeDomains(open: Int, close: Int) {
    // Path questions rescan their domain, so a bound keeps pathological nesting linear-ish;
    // a closure or body of 8,000 tokens is far past anything a reviewer reads as one unit.
    guard close - open < 8_000 else { return }
    var domains = [(open, close)]
    var position = open + 1
    while position < close {
      steps += 1
      if let end = skip[position], end > position {
        position = end + 1
        continue
      }
      // Only a `{` has a brace role.
      if view.braceRole[position] == .closure, let end = view.partner(position) { domains.append((position, end)) }
      position += 1
    }
    for (start, end) in domains {
      domain = start
      _ = analyze(open: start, close: end, depth: 0, isSwitch: false)
      findNeverCalled(domainOpen: start, domainClose: end)
    }
  }

  /// True when a tracked call starts anywhere in `from..<to` (outside `skip`).
  mutating func hasCall(from: Int, to: Int) -> Bool {
    var position = from
    while position < to {
      steps += 1
      if let end = skip[position], end > position {
        position = end + 1
        continue
      }
      if let end = callEnd(position) {
        _ = end
        return true
      }
      position += 1
    }
    return false
  }

  private mutating func recordTwice(_ position: Int) {
    twice.append(position)
    twiceDomains.append(domain)
  }

  private mutating func recordNever(_ position: Int) {
    never.append(position)
    neverDomains.append(domain)
  }

  /// Words that end a path, looked up by bytes: `analyze` asks for every token.
  private static let exits = ByteWords([
    "return", "throw", "break", "continue", "fatalError", "preconditionFailure", "fallthrough",
  ])

  private mutating func analyze(open: Int, close: Int, depth: Int, isSwitch: Bool) -> Summary {
    var summary = Summary()
    guard depth < 64 else { return summary }
    var definitely = false
    var maybe = false
    var exited = false
    // Hoisted: a static read in the loop is a `swift_once` check per token.
    let exits = Self.exits
    var position = open + 1
    while position < close {
      steps += 1
      if isSwitch, view.isWord(position, "case") || view.isWord(position, "default"), !isPatternCase(position) {
        if maybe && !exited { summary.mayCall = true }
        definitely = false
        maybe = false
        exited = false
        position += 1
        continue
      }
      if exited {
        if view.kind(position) == .leftBrace, let end = view.partner(position) { position = end }
        position += 1
        continue
      }
      if view.kind(position) == .leftBrace {
        guard let end = view.partner(position) else { break }
        if view.braceRole[position] == .statement {
          let intro = view.braceIntro(position)
          let isSwitchBlock = view.isWord(intro, "switch")
          let isLoop = view.isWord(intro, "for") || view.isWord(intro, "while") || view.isWord(intro, "repeat")
          let sub = analyze(open: position, close: end, depth: depth + 1, isSwitch: isSwitchBlock)
          if let first = sub.firstCall {
            if definitely && !isLoop { recordTwice(first) }
            if summary.firstCall == nil { summary.firstCall = first }
          }
          if sub.mayCall { maybe = true }
        }
        position = end + 1
        continue
      }
      if view.isWord(position), exits.index(at: position, in: view) != nil, !view.isPeriod(position - 1) {
        exited = true
        position += 1
        continue
      }
      if let after = callEnd(position) {
        if maybe || definitely { recordTwice(position) }
        if summary.firstCall == nil { summary.firstCall = position }
        definitely = true
        maybe = true
        position = max(after, position + 1)
        continue
      }
      position += 1
    }
    if maybe && !exited { summary.mayCall = true }
    return summary
  }

  /// `if case .x = y`, `guard case`, `for case`, `, case`: a pattern, not a switch label.
  private func isPatternCase(_ position: Int) -> Bool {
    let previous = position - 1
    return view.isWord(previous, "if") || view.isWord(previous, "guard") || view.isWord(previous, "while")
      || view.isWord(previous, "for") || view.kind(previous) == .comma
  }

  /// Paths that leave the domain `open…close` without a call (see the type's documentation).
  private mutating func findNeverCalled(domainOpen open: Int, domainClose close: Int) {
    var position = open + 1
    while position < close {
      steps += 1
      let kind = view.kind(position)
      if kind == .leftBrace, view.braceRole[position] == .closure, let end = view.partner(position) {
        position = end + 1
        continue
      }
      if kind == .leftBrace, view.braceRole[position] == .statement, let end = view.partner(position) {
        let intro = view.braceIntro(position)
        let isGuardElse = view.isWord(intro, "else") && view.kind(intro - 1) != .rightBrace
        let isIf = view.isWord(intro, "if") && !view.isWord(intro - 1, "else")
        if isGuardElse || isIf, leavesEarly(open: position, close: end), !hasCall(from: position, to: end),
          hasCall(from: end + 1, to: close)
        {
          recordNever(isGuardElse ? guardKeyword(before: intro) : intro)
        } else if isIf, let chainEnd = chainWithoutElse(ifBlock: position), hasCall(from: position, to: chainEnd),
          // The condition runs on every path through the `if` (`if !bucket.execute(work) { … }`).
          !hasCall(from: open + 1, to: position), !hasCall(from: chainEnd + 1, to: close)
        {
          recordNever(intro)
        }
      }
      // `case .finished: break` or `default: break` (or `: ()`, or an empty case) when the
      // switch calls in another case and the domain calls nowhere else.
      let label =
        view.isWord(position, "case") && view.isPeriod(position + 1) && view.isWord(position + 2, "finished")
        ? position + 3 : view.isWord(position, "default") ? position + 1 : -1
      if label > 0, view.kind(label) == .colon, emptyCase(after: label),
        let switchOpen = enclosingBrace(position, after: open), let switchClose = view.partner(switchOpen),
        view.isWord(view.braceIntro(switchOpen), "switch"), hasCall(from: switchOpen, to: switchClose),
        !hasCall(from: open + 1, to: switchOpen), !hasCall(from: switchClose + 1, to: close),
        !hasCall(from: position, to: nextCaseLabel(after: label + 1, before: switchClose))
      {
        recordNever(position)
      }
      position += 1
    }
  }

  /// True when the case body after the label's `:` does nothing: `break`, `()`, or nothing
  /// before the next label or the switch's `}`.
  private func emptyCase(after colon: Int) -> Bool {
    let next = colon + 1
    if view.isWord(next, "break") || view.isWord(next, "case") || view.isWord(next, "default") { return true }
    if view.kind(next) == .rightBrace { return true }
    return view.kind(next) == .leftParen && view.kind(next + 1) == .rightParen
  }

  /// True when the block's own statements end its path (`return`, `throw`…).
  private func leavesEarly(open: Int, close: Int) -> Bool {
    var position = open + 1
    while position < close {
      if view.kind(position) == .leftBrace, let end = view.partner(position) {
        position = end + 1
        continue
      }
      if view.isWord(position, "return") || view.isWord(position, "throw") { return true }
      position += 1
    }
    return false
  }

  /// The end of an `if … { } else if … { }` chain with no final `else`, or nil.
  private func chainWithoutElse(ifBlock open: Int) -> Int? {
    var end = view.partner(open) ?? -1
    var steps = 0
    while end >= 0 && steps < 1_000 {
      steps += 1
      guard view.isWord(end + 1, "else") else { return end }
      guard view.isWord(end + 2, "if") else { return nil }
      var scan = end + 3
      while scan < view.count, !(view.kind(scan) == .leftBrace && view.braceRole[scan] == .statement) {
        if let other = view.partner(scan), other > scan { scan = other }
        scan += 1
      }
      guard let next = view.partner(scan) else { return nil }
      end = next
    }
    return nil
  }

  private func guardKeyword(before elsePosition: Int) -> Int {
    var scan = elsePosition - 1
    var steps = 0
    while scan >= 0 && steps < 200 {
      steps += 1
      if view.isWord(scan, "guard") { return scan }
      if let other = view.partner(scan), other < scan {
        scan = other - 1
        continue
      }
      if view.kind(scan) == .leftBrace || view.kind(scan) == .rightBrace { break }
      scan -= 1
    }
    return elsePosition
  }

  /// The innermost `{` around `position`, not before `limit`.
  private func enclosingBrace(_ position: Int, after limit: Int) -> Int? {
    var scan = position - 1
    while scan > limit {
      if view.kind(scan) == .leftBrace { return scan }
      if view.kind(scan) == .rightBrace || view.kind(scan) == .rightParen || view.kind(scan) == .rightSquare,
        let other = view.partner(scan)
      {
        scan = other - 1
        continue
      }
      scan -= 1
    }
    return nil
  }

  private func nextCaseLabel(after position: Int, before close: Int) -> Int {
    var scan = position
    while scan < close {
      if view.isWord(scan, "case") || view.isWord(scan, "default") { return scan }
      if view.kind(scan) == .leftBrace, let end = view.partner(scan) {
        scan = end + 1
        continue
      }
      scan += 1
    }
    return close
  }
}
