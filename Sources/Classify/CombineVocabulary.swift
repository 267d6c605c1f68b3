/// The Combine names the detectors reason about, in one place (COMBINE-REFERENCE.md §1).
package enum CombineVocabulary {
  /// Operators whose worth is time, combination or broadcast: a pipeline using one is kept on
  /// Combine (DOMAIN.md "keep when it uses time-based, combining or multicast operators").
  package static let keepOperators: Set<String> = [
    "debounce", "throttle", "delay", "timeout", "removeDuplicates", "combineLatest", "merge", "zip",
    "switchToLatest", "share", "multicast", "makeConnectable", "buffer", "measureInterval", "CombineLatest",
    "CombineLatest3", "CombineLatest4", "Merge", "Merge3", "Merge4", "Merge5", "Merge6", "Merge7", "Merge8",
    "MergeMany", "Zip", "Zip3", "Zip4",
  ]

  /// Plain transforms of a value: a pipeline made only of these migrates to code after `await`.
  package static let transformOperators: Set<String> = [
    "map", "tryMap", "compactMap", "tryCompactMap", "filter", "tryFilter", "flatMap", "decode", "encode",
    "receive", "subscribe", "catch", "tryCatch", "replaceError", "replaceNil", "replaceEmpty", "retry", "mapError",
    "setFailureType", "eraseToAnyPublisher", "first", "last", "prefix", "dropFirst", "drop", "output", "collect",
    "reduce", "tryReduce", "scan", "tryScan", "handleEvents", "print", "breakpoint", "assertNoFailure", "ignoreOutput",
    "count", "contains", "allSatisfy", "min", "max", "append", "prepend", "autoconnect",
  ]

  /// The calls that end a chain or subscribe it: what an `AsyncStream`'s `for await` loop replaces.
  package static let subscriberCalls: Set<String> = ["sink", "assign", "store", "subscribe", "receive", "cancel"]

  /// True when Combine has a subscriber call or an operator named `name` (`subscribe`, `map`,
  /// `debounce`): a use of the name says nothing of whose it is.
  package static func isCombineCall(_ name: String) -> Bool {
    subscriberCalls.contains(name) || isOperator(named: name)
  }

  /// True when Combine has an operator named `name`, kept or plain (`debounce`, `map`).
  package static func isOperator(named name: String) -> Bool {
    keepOperators.contains(name) || transformOperators.contains(name)
  }

  /// True when a chain's link is one of Combine's operators, kept or plain (not the project's own
  /// `subscribe()` spelled like one).
  package static func isOperator(_ link: PublisherChain.Link) -> Bool {
    link.operatorName.map(isOperator(named:)) ?? false
  }

  /// True when a call named `name` after a subject is one an `AsyncStream` can stand in for: a
  /// plain transform or a subscriber. Anything else (`debounce`, `CombineLatest`, a library's own
  /// operator like `withLatestFrom`, a function taking a publisher) needs a publisher.
  package static func asyncStreamCanFeed(_ name: String) -> Bool {
    transformOperators.contains(name) || subscriberCalls.contains(name)
  }

  /// The argument labels Combine's own transforms and subscribers take (`receive(on:options:)`,
  /// `sink(receiveCompletion:receiveValue:)`, `prefix(while:)`, "_" for none): a call of one of
  /// those names with another label (`prefix(duration:on:)`, `assign(to:on:ownership:)`,
  /// `share(replay:)`) is a library's or the project's own operator.
  private static let combineLabels: Set<String> = [
    "_", "on", "options", "maxPublishers", "type", "decoder", "encoder", "with", "to", "where", "while", "at", "in",
    "into", "by", "receiveSubscription", "receiveOutput", "receiveCompletion", "receiveCancel", "receiveRequest",
    "receiveValue", "file", "line",
  ]

  /// `asyncStreamCanFeed(name)`, for a call whose argument labels are `labels`.
  package static func asyncStreamCanFeed(_ name: String, labels: [String]) -> Bool {
    asyncStreamCanFeed(name) && labels.allSatisfy(combineLabels.contains)
  }

  /// Operators that can introduce a failure into a `Never`-failing stream.
  package static let failingOperators: Set<String> = [
    "tryMap", "tryCompactMap", "tryFilter", "tryReduce", "tryScan", "decode", "encode", "flatMap", "setFailureType",
    "tryCatch", "tryRemoveDuplicates", "tryFirst", "tryLast", "tryContains", "tryAllSatisfy", "tryPrefix", "tryDrop",
    "mapError", "timeout",
  ]

  /// Operators that end a stream after one value: upstream of a `sink` inside a continuation
  /// they make a second resume impossible.
  package static let singleValueOperators: Set<String> = ["first", "last", "output", "tryFirst", "tryLast"]

  /// Sources that deliver one value and finish.
  package static let oneShotSources: Set<String> = [
    "dataTaskPublisher", "Future", "Just", "Fail", "Deferred", "Empty", "Result",
  ]

  /// `Foundation` publishers that never finish.
  package static let endlessFoundationSources: Set<String> = ["publisher", "publish"]

  /// Names ambiguous without a Combine import: a project may declare its own.
  package static let ambiguousNames: Set<String> = ["Future", "Just", "Deferred", "Empty", "Fail", "Subject"]

  /// Names that mean Combine wherever they appear (unless the tree declares its own).
  package static let unambiguousNames: Set<String> = [
    "Published", "ObservableObject", "PassthroughSubject", "CurrentValueSubject", "AnyCancellable",
  ]

  /// Modules that make Combine's names visible.
  package static let providingModules: Set<String> = ["Combine", "OpenCombine", "OpenCombineShim", "SwiftUI"]

  /// Types whose extensions declare bridge helpers.
  package static let publisherTypes: Set<String> = [
    "Publisher", "AnyPublisher", "Future", "Just", "Subject", "PassthroughSubject", "CurrentValueSubject",
    "Deferred", "Published",
  ]

  /// The continuation functions of the standard library.
  package static let continuationFunctions: Set<String> = [
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation",
  ]

  /// True when the chain's base starts a stream that never finishes: `$x`, a subject, a
  /// notification, a timer or a KVO publisher.
  package static func isEndlessSource(_ chain: PublisherChain, subjects: Set<String>) -> Bool {
    let base = chain.base
    if base.name.hasPrefix("$") { return true }
    for link in chain.links.dropLast() {
      if link.name.hasPrefix("$") { return true }
      if subjects.contains(link.name) { return true }
      if link.name == "publisher" && (link.argumentsOpen >= 0) { return true }
      if link.name == "publish" { return true }
      if isOperator(link) { break }
    }
    return false
  }

  /// Combining publishers whose arguments are their sources.
  private static let combining: Set<String> = [
    "CombineLatest", "CombineLatest3", "CombineLatest4", "Merge", "Merge3", "Merge4", "Zip", "Zip3", "Zip4",
    "combineLatest", "merge", "zip",
  ]

  /// `isEndlessSource`, or a combining publisher (`Publishers.CombineLatest($a, $b)`,
  /// `$a.combineLatest(other)`) with an endless argument: `$x`, a subject, or a local
  /// (`let valid = $name.map { … }`) whose initialiser starts from one.
  package static func isEndlessSource(_ chain: PublisherChain, subjects: Set<String>, view: SignificantTokenView)
    -> Bool
  {
    if isEndlessSource(chain, subjects: subjects) { return true }
    for link in chain.links.dropLast() where combining.contains(link.name) && link.argumentsOpen >= 0 {
      guard let close = view.partner(link.argumentsOpen) else { continue }
      for position in link.argumentsOpen..<close {
        if view.isProjection(position) { return true }
        guard view.isIdentifier(position), !view.isPeriod(position - 1) else { continue }
        if subjects.contains(view.text(position)) { return true }
        if localStartsEndless(view, name: position, before: chain.start) { return true }
      }
    }
    return false
  }

  /// True when `let name = …` (or `var`), within a few thousand tokens before `limit`, has a
  /// `$x` in its initialiser (up to the next declaration or the end of its block).
  private static func localStartsEndless(_ view: SignificantTokenView, name: Int, before limit: Int) -> Bool {
    var scan = limit - 1
    let floor = max(0, limit - 4_000)
    while scan > floor {
      if view.kind(scan) == .equal, view.isIdentifier(scan - 1), view.has(scan - 1, view.text(name)),
        view.isWord(scan - 2, "let") || view.isWord(scan - 2, "var")
      {
        var position = scan + 1
        while position < limit, position - scan < 400 {
          if view.isProjection(position) { return true }
          if view.isWord(position, "let") || view.isWord(position, "var") || view.kind(position) == .rightBrace {
            return false
          }
          if view.kind(position) == .leftBrace || view.kind(position) == .leftParen, let close = view.partner(position)
          {
            // Into closures and arguments too: `$a.map { … }` starts before them, but
            // `CombineLatest4($a, $b, …)` holds them inside.
            for inner in position..<close where view.isProjection(inner) { return true }
            position = close
          }
          position += 1
        }
        return false
      }
      scan -= 1
    }
    return false
  }
}
