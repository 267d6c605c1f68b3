/// `assign(to: \.x, on: self)` whose subscription `self` keeps: `self` → cancellables →
/// subscription → `self`, so the object never deallocates.
///
/// Kept when the result goes into `self`'s storage: `.store(in: &cancellables)` (or
/// `&self.cancellables`), `cancellables.insert(…)`, or `= …` into a property (`self.token = …`
/// or a bare name that is not a new local). `assign(to: &$x)` is the safe form and never matches.
///
/// Only on an endless source (`$x`, a subject, a notification or timer publisher, a combining
/// publisher of those): a finite one (`Just(v)`, a `Future`, a request) completes and releases
/// `self`. Not in a test function: the subscription lives as long as the test.
struct AssignRetainCycleDetector: Detector {
  static let name = "assign-retain-cycle"
  var names: [String] { [Self.name] }

  // Every hit is a publisher chain.
  func mayFind(in file: FileContext) -> Bool { !file.chains.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    for chain in file.chains where chain.terminal == "assign" {
      let terminal = chain.terminalLink
      guard terminal.argumentsOpen >= 0, let close = view.partner(terminal.argumentsOpen) else { continue }
      var onSelf = false
      // `on: self)`, or CombineExt's `on: self, ownership: .strong`; `.weak`/`.unowned` break the cycle.
      for position in terminal.argumentsOpen..<close
      where view.isWord(position, "on") && view.kind(position + 1) == .colon && view.isWord(position + 2, "self") {
        if view.kind(position + 3) == .rightParen {
          onSelf = true
        } else if view.kind(position + 3) == .comma, view.isWord(position + 4, "ownership"),
          view.isPeriod(position + 6), view.isWord(position + 7, "strong")
        {
          onSelf = true
        }
      }
      guard onSelf else { continue }
      guard CombineVocabulary.isEndlessSource(chain, subjects: file.subjectNames, view: view) else { continue }
      if file.symbols.scope(at: chain.start).member?.hasPrefix("test") == true { continue }
      var stored: String?
      var start = chain.start
      if chain.storePosition >= 0 {
        guard let owned = Self.storedInSelf(chain.storePosition, view: view) else { continue }
        stored = owned
      } else if view.kind(chain.start - 1) == .leftParen, view.isWord(chain.start - 2, "insert"),
        view.isPeriod(chain.start - 3)
      {
        stored = "`\(view.text(chain.start - 4)).insert(…)` keeps it in `self`'s cancellables"
        start = chain.start - 4
      } else if view.kind(chain.start - 1) == .equal {
        let target = chain.start - 2
        let isLocal = view.isWord(target - 1, "let") || view.isWord(target - 1, "var")
        if view.kind(target) == .identifier && !isLocal {
          let owner = view.isPeriod(target - 1) && view.isWord(target - 2, "self") ? "self." : ""
          stored = "`\(owner)\(view.text(target))` keeps it"
          start = owner.isEmpty ? target : target - 2
        }
      }
      guard let stored else { continue }
      // `Publishers.CombineLatest(…)` names its source by the combining type, not `Publishers`.
      let source =
        chain.base.name == "Publishers" && chain.links.count > 2
        ? "Publishers.\(chain.links[1].name)(…)" : chain.base.name
      output.hits.append(
        DetectorHit(
          name: Self.name, start: start, end: chain.end,
          // Only why: the remedy is the rule's help, and a report prints it once.
          reasons: [
            "line \(file.line(of: terminal.position)): the source (`\(source)`) never finishes, "
              + "`assign(to:on: self)` holds `self` strongly and \(stored): a retain cycle, the object never deallocates"
          ]))
    }
  }

  /// Why `.store(in: &…)` at `store` keeps the subscription in `self`: a bare name or
  /// `self.name` is `self`'s own storage; `cell.disposeBag` is when `cell` was bound just before
  /// from a property of `self` (`let cell = replyCell`), so `self` → cell → bag → `self`. Any
  /// other owner (a parameter, a call's result) is nil: `self` may not hold it, and a retain-cycle
  /// error that may be false is worse than a miss.
  static func storedInSelf(_ store: Int, view: SignificantTokenView) -> String? {
    guard view.text(store + 4) == "&" else { return nil }
    var target = store + 5
    if view.isWord(target, "self") && view.isPeriod(target + 1) { target += 2 }
    guard view.kind(target) == .identifier else { return nil }
    if view.kind(target + 1) == .rightParen {
      return "`.store(in:)` keeps it in `self`'s cancellables"
    }
    guard view.isPeriod(target + 1), view.kind(target + 2) == .identifier, view.kind(target + 3) == .rightParen
    else { return nil }
    let owner = view.text(target)
    // `let owner = property` (no call, no member) in the 200 tokens before the chain.
    var position = store - 1
    while position > 2 && store - position < 200 {
      // Only the enclosing function's own bindings: a `let` of an earlier function is not this one's.
      if view.isWord(position, "func") || view.isWord(position, "init") { break }
      if view.isWord(position, "let") || view.isWord(position, "var"), view.isWord(position + 1, owner),
        view.kind(position + 2) == .equal, view.kind(position + 3) == .identifier,
        !view.isPeriod(position + 4), view.kind(position + 4) != .leftParen
      {
        return "`.store(in: &\(owner).\(view.text(target + 2)))` keeps it in `\(owner)`, which is `self`'s "
          + "`\(view.text(position + 3))`"
      }
      position -= 1
    }
    return nil
  }
}
