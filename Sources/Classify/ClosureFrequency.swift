/// How often a closure runs, as far as its call site says: the first question before calling a
/// path that leaves without `resume` a leak, or a second `resume` a crash.
///
/// - *once*: the continuation's own closure, a completion handler by convention (the callee, if
///   it is in the tree, is checked on its own), a `sink` after `first()`/`prefix(1)` or on a
///   one-shot source, a `Task`, a `DispatchQueue.async` block;
/// - *many*: `sink`/`assign`/`onReceive` on a source that does not finish, observers and
///   monitors (`addObserver(forName:object:queue:using:)`, KVO `observe(_:options:changeHandler:)`,
///   `NSEvent.addLocalMonitorForEvents`, event taps, timers), per-element closures (`forEach`),
///   and a closure assigned to a property (`connection.stateUpdateHandler = { … }`): each call
///   is one event, and a path that returns waits for the next one;
/// - *unknown*: a closure passed under a bare `handler:` label, which names a completion as
///   often as a stream of events.
enum ClosureFrequency: Equatable {
  case once
  case many(String)
  case unknown(String)

  /// Calls whose closure runs for every event or element.
  private static let manyCallees: Set<String> = [
    "sink", "assign", "onReceive", "addObserver", "observe", "addLocalMonitorForEvents", "addGlobalMonitorForEvents",
    "scheduledTimer", "Timer", "tapCreate", "forEach", "map", "compactMap", "flatMap", "filter", "reduce",
    "enumerateObjects", "addPeriodicTimeObserver", "setEventHandler", "handleEvents", "schedule", "onChange",
    "publisher", "subscribe",
  ]

  /// Type names whose initialiser's closure is an event callback: `EventTap(…) { proxy, type, event in }`,
  /// `UniversalEventMonitor(…) { }`, `KeyObservation(…) { }`.
  private static let manySuffixes = ["Tap", "Monitor", "Observer", "Observation", "Timer", "Listener", "Watcher"]

  /// Argument labels that name a callback run for every event.
  private static let manyLabels: Set<String> = [
    "changeHandler", "eventHandler", "updateHandler", "stateUpdateHandler", "valueChangedHandler", "using",
    "receiveValue", "progressHandler", "onChange", "observer",
  ]

  /// Labels that name a completion as often as a stream of events (`handler:`, a timer's
  /// `block:`, which `repeats:` decides, an event tap's `callback:`).
  private static let unknownLabels: Set<String> = ["handler", "block", "callback"]

  /// The frequency of the closure `open` (a `{` with the closure role); `continuation` is the
  /// continuation's own closure, which runs once.
  static func of(_ open: Int, continuation: Int, in file: FileContext) -> ClosureFrequency {
    let view = file.view
    if open == continuation { return .once }
    // A subscriber's closure: `sink`/`assign` on an endless or unknown source run per value.
    for chain in file.chains where chain.terminalLink.position < open && open <= chain.terminalLink.end {
      guard chain.terminal == "sink" else { break }
      if isSingleValue(chain, view) { return .once }
      if isCompletionClosure(open, of: chain.terminalLink, view) { return .once }
      return .many("a `sink` runs this closure for every value")
    }
    let previous = open - 1
    // `lazy var coordinator = { … }()`: called once, where it is written.
    if let close = view.partner(open), view.kind(close + 1) == .leftParen, view.kind(close + 2) == .rightParen {
      return .once
    }
    if view.kind(previous) == .equal {
      return .many("it is stored in `\(view.text(previous - 1))` and called on every event")
    }
    var label: String?
    var callee = -1
    if view.kind(previous) == .rightParen, let paren = view.partner(previous) {
      callee = paren - 1
    } else if view.kind(previous) == .colon, view.isWord(previous - 1) {
      label = view.text(previous - 1)
      callee = enclosingCallee(of: previous - 1, in: view)
      // `} label: {`: an extra trailing closure; the callee comes before the first one.
      if callee < 0, view.kind(previous - 2) == .rightBrace { callee = trailingCallee(before: previous - 2, in: view) }
    } else if view.isWord(previous) {
      callee = previous
    }
    if let label, manyLabels.contains(label) { return .many("its `\(label):` callback runs for every event") }
    if callee >= 0, view.isWord(callee) {
      let name = view.text(callee)
      if manyCallees.contains(name) || manySuffixes.contains(where: { name.hasSuffix($0) }) {
        return .many("`\(name)` runs it for every event or element")
      }
    }
    if let label, unknownLabels.contains(label) { return .unknown("a `\(label):` closure may run more than once") }
    return .once
  }

  /// `first()`, `last()`, `output(at:)`, `prefix(1)` upstream, or a one-shot source: one value.
  static func isSingleValue(_ chain: PublisherChain, _ view: SignificantTokenView) -> Bool {
    chain.links.contains { link in
      if CombineVocabulary.singleValueOperators.contains(link.name) { return true }
      if CombineVocabulary.oneShotSources.contains(link.name) { return true }
      if link.name == "prefix", link.argumentsOpen >= 0, view.has(link.argumentsOpen + 1, "1") { return true }
      return false
    }
  }

  /// True when `open` is the `receiveCompletion:` closure of the `sink` link: it runs once.
  private static func isCompletionClosure(_ open: Int, of terminal: PublisherChain.Link, _ view: SignificantTokenView)
    -> Bool
  {
    if view.kind(open - 1) == .colon, view.isWord(open - 2, "receiveCompletion") { return true }
    // `.sink { completion in … } receiveValue: { … }`: the first trailing closure.
    if open == terminal.closureOpen, let end = view.partner(open), view.isWord(end + 1, "receiveValue") { return true }
    return false
  }

  /// Why the closure `open` is kept to be called later, or nil: an argument of an initialiser
  /// (`Self(stream: { … })`, `Client(load: { … })`, `.init(…) { … }`), which stores it and lets
  /// anyone call it. Not part of `of`, whose callers ask how often one call's closure runs.
  static func storedByInitialiser(_ open: Int, in view: SignificantTokenView) -> String? {
    let previous = open - 1
    var callee = -1
    var label = ""
    if view.kind(previous) == .colon, view.isWord(previous - 1) {
      label = view.text(previous - 1)
      callee = enclosingCallee(of: previous - 1, in: view)
    } else if view.kind(previous) == .rightParen, let paren = view.partner(previous) {
      callee = paren - 1
    } else if view.isWord(previous) {
      callee = previous
    }
    guard callee >= 0, view.isWord(callee) else { return nil }
    let name = view.text(callee)
    // A `Task` runs its closure once, now.
    guard name != "Task", name == "Self" || name == "init" || name.first?.isUppercase == true else { return nil }
    let argument = label.isEmpty ? "a closure" : "its `\(label):` closure"
    return "`\(name)(…)` stores \(argument), and every call of it subscribes again"
  }

  /// The callee name before the `(` around the argument at `position`, or -1.
  private static func enclosingCallee(of position: Int, in view: SignificantTokenView) -> Int {
    var scan = position - 1
    var steps = 0
    while scan > 0 && steps < 400 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .leftParen { return scan - 1 }
      if kind == .leftBrace || kind == .leftSquare { return -1 }
      if kind == .rightParen || kind == .rightBrace || kind == .rightSquare, let other = view.partner(scan) {
        scan = other - 1
        continue
      }
      scan -= 1
    }
    return -1
  }

  /// The callee of the trailing closure ending at `close` (`f(x) { } label:`), or -1.
  private static func trailingCallee(before close: Int, in view: SignificantTokenView) -> Int {
    guard let open = view.partner(close) else { return -1 }
    let previous = open - 1
    if view.kind(previous) == .rightParen, let paren = view.partner(previous) { return paren - 1 }
    return view.isWord(previous) ? previous : -1
  }
}
