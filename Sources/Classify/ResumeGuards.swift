import SwiftLexer

/// What stops a path that leaves without `resume`, or a second `resume`, from being a bug: a
/// flag checked first (`guard !didResume else { return }`, `guard markCompleted() else { return }`),
/// a `cancel()` of the subscription before the `resume`, or a weak capture that is gone.
struct ResumeGuards {
  let view: SignificantTokenView
  /// Names assigned `true` or `false` inside the continuation (`var resumed = false`).
  let flags: Set<String>
  /// Brace pairs analysed elsewhere (nested continuations).
  let skip: [Int: Int]

  /// True when names may be read as flags by their words too (continuation closures, where
  /// `guard markCompleted() else { return }` is the resume-once idiom); callee bodies read only
  /// the flags they assign, since `guard !isFinished else { return }` there is a real early exit.
  var readsNameWords = true

  /// Parts of names that say "this already happened" (`didResume`, `isCompleted`, `settled`), or
  /// the "disable, then check `isEnabled`" idiom of event taps (`guard proxy.isEnabled else`).
  private static let flagWords = ["resum", "complet", "done", "settl", "fired", "handled", "enabled"].map {
    Array($0.utf8)
  }

  /// Calls that stop further events before the `resume`: the same subscription cancelled, the
  /// observer removed, the timer invalidated.
  private static let stoppers: Set<String> = [
    "cancel", "removeObserver", "invalidate", "removeMonitor", "stop", "removeAllObservers", "disable",
  ]

  /// True when the tokens of the domain before `position` check a flag in an `if`/`guard`
  /// condition, or stop the events (`cancellable?.cancel()`), so a second run cannot reach it.
  func isGuarded(_ position: Int, domain: Int, end: Int) -> Bool {
    var scan = domain + 1
    while scan < position && scan < end {
      if let close = skip[scan] {
        scan = close + 1
        continue
      }
      if view.isWord(scan, "guard") || view.isWord(scan, "if") || view.isWord(scan, "while") {
        if mentionsFlag(scan) { return true }
      }
      if view.isPeriod(scan - 1) || view.kind(scan + 1) == .leftParen, view.isWord(scan),
        Self.stoppers.contains(view.text(scan)), view.kind(scan + 1) == .leftParen
      {
        return true
      }
      scan += 1
    }
    return false
  }

  /// True when the condition of the `guard`/`if`/`while` at `keyword` names a flag.
  func mentionsFlag(_ keyword: Int) -> Bool {
    guard view.isWord(keyword, "guard") || view.isWord(keyword, "if") || view.isWord(keyword, "while") else {
      return false
    }
    var scan = keyword + 1
    var steps = 0
    while scan < view.count && steps < 200 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .leftBrace, view.braceRole[scan] != .closure { return false }
      if kind == .leftBrace, let close = view.partner(scan) {
        scan = close + 1
        continue
      }
      if view.isWord(scan, "else") { return false }
      if kind == .identifier, isFlag(at: scan) { return true }
      scan += 1
    }
    return false
  }

  /// A flag the continuation assigns, or (when `readsNameWords`) a Bool-shaped name that says it
  /// happened: `didResume`, `isCompleted`, `markCompleted()`; never a plain `completion`.
  private func isFlag(at position: Int) -> Bool {
    let name = view.text(position)
    if flags.contains(name) { return true }
    guard readsNameWords else { return false }
    let boolShaped =
      view.kind(position + 1) == .leftParen || ["is", "did", "has", "was", "already"].contains { name.hasPrefix($0) }
      || ["done", "settled", "resumed", "completed", "fired", "handled"].contains(name)
    guard boolShaped else { return false }
    // Bytes, not `String.contains`: the string search was 1.4% of a scan of generated code.
    let lower = Array(name.lowercased().utf8)
    return Self.flagWords.contains { ByteSearch.contains(lower, $0) }
  }

  /// True when `position` is in the `else` block of a `guard let self …` (or `let x = self`).
  func isInWeakSelfElse(_ position: Int) -> Bool {
    var scan = position - 1
    var steps = 0
    while scan > 0 && steps < 2_000 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .rightBrace || kind == .rightParen || kind == .rightSquare, let other = view.partner(scan) {
        scan = other - 1
        continue
      }
      if kind == .leftBrace {
        guard view.braceRole[scan] == .statement, view.isWord(scan - 1, "else") else { return false }
        var head = scan - 2
        while head > 0 && scan - head < 40 && !view.isWord(head, "guard") { head -= 1 }
        guard view.isWord(head, "guard") else { return false }
        for inner in head..<scan where view.isWord(inner, "let") {
          if view.isWord(inner + 1, "self") { return true }
          if view.kind(inner + 2) == .equal && view.isWord(inner + 3, "self") { return true }
        }
        return false
      }
      scan -= 1
    }
    return false
  }

  /// `guard let completion else { return }` or `guard let done = completion else { … }` with no
  /// other condition: the path that leaves is the one without `name` (a nil optional
  /// `completionHandler`, as Kingfisher's; `self` gone). A second condition (`guard let
  /// completion, let data`) may leave with it at hand, so that is no such guard.
  func isUnwrapGuard(_ keyword: Int, of name: String) -> Bool {
    guard view.isWord(keyword, "guard"), view.isWord(keyword + 1, "let") else { return false }
    if view.isWord(keyword + 2, name), view.isWord(keyword + 3, "else") { return true }
    return view.isWord(keyword + 2) && view.kind(keyword + 3) == .equal && view.isWord(keyword + 4, name)
      && view.isWord(keyword + 5, "else")
  }

  /// `guard let self else`, `guard let self = self else`, `guard let strongSelf = self else`.
  func isWeakSelfGuard(_ keyword: Int) -> Bool { isUnwrapGuard(keyword, of: "self") }
}
