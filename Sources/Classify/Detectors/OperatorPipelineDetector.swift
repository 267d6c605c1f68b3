/// A chain of publisher operators ending in `sink`, `assign` or `store(in:)`.
///
/// Disposition: `keep` when the chain uses a time-based, combining or multicast operator (its
/// worth is the operators), with the reason naming them (`keeps: debounce, combineLatest`);
/// `migrate` when it is a plain transform of one value. Example: `$query.debounce(for: .seconds(0.3),
/// scheduler: RunLoop.main).removeDuplicates().sink { … }` is kept; `api.load().map(\.items)
/// .receive(on: DispatchQueue.main).sink { … }` migrates in the one-shot phase (its source is a
/// call that returns one value), `$name.map { $0.count }.sink { … }` in the view-models phase.
struct OperatorPipelineDetector: Detector {
  static let name = "operator-pipeline"
  var names: [String] { [Self.name] }

  // Every hit is a publisher chain.
  func mayFind(in file: FileContext) -> Bool { !file.chains.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let subjects = file.subjectNames
    for chain in file.chains where chain.terminal != "values" {
      let names = chain.namesBeforeTerminal
      var keeps: [String] = []
      var transforms: [String] = []
      for (index, link) in chain.links.dropLast().enumerated() {
        // Operators are calls: `relay.output` and `items.count` are properties spelled like one,
        // and `subreddit.subscribe()` is the model's own call.
        guard let name = link.operatorName, link.argumentsOpen >= 0 || link.closureOpen >= 0 else { continue }
        if CombineVocabulary.keepOperators.contains(name) {
          if !keeps.contains(name) { keeps.append(name) }
        } else if name == "collect", link.argumentsOpen >= 0, let close = view.partner(link.argumentsOpen),
          (link.argumentsOpen...close).contains(where: { view.isWord($0, "byTime") || view.isWord($0, "byTimeOrCount") }
          )
        {
          if !keeps.contains("collect") { keeps.append("collect") }
        } else if index > 0, name != "autoconnect", CombineVocabulary.transformOperators.contains(name),
          !transforms.contains(name)
        {
          transforms.append(name)
        }
      }
      // A bare `subject.sink { }` (no operator, no call) is a subscription, not a pipeline;
      // `$x.sink { }` and `Timer.publish(…).autoconnect().sink { }` are pipelines.
      let hasCall = chain.links.dropLast().contains { $0.argumentsOpen >= 0 || $0.closureOpen >= 0 }
      guard !keeps.isEmpty || !transforms.isEmpty || hasCall || names.contains(where: { $0.hasPrefix("$") }) else {
        continue
      }
      var hit = DetectorHit(name: Self.name, start: chain.start, end: chain.end)
      let source = Self.describeSource(chain)
      if !keeps.isEmpty {
        hit.disposition = .keep
        hit.reasons = ["keeps: " + keeps.joined(separator: ", ")]
        hit.reasons.append(
          "its worth is in these operators; swift-async-algorithms has some, keep Combine unless there is a reason")
      } else {
        hit.disposition = .migrate
        hit.phaseDecided = true
        let (end, called) = Self.sourceEnd(chain, subjects: subjects)
        hit.phase = end == .oneShot ? .oneShot : .viewModels
        if transforms.isEmpty {
          hit.reasons = ["plain subscription of \(source)"]
        } else if end == .oneShot {
          hit.reasons = ["plain transform of one value: " + transforms.joined(separator: ", ")]
        } else {
          hit.reasons = ["plain per-value operators: " + transforms.joined(separator: ", ")]
        }
        // `first()` makes one value of any source, an endless one too: say so, not that the
        // source delivers one value.
        let taker = chain.links.dropLast().first {
          CombineVocabulary.singleValueOperators.contains($0.name) && ($0.argumentsOpen >= 0 || $0.closureOpen >= 0)
        }
        switch end {
        case .oneShot where taker != nil:
          hit.reasons.append(Self.takesOneReason(source, taker: taker?.name ?? "first"))
        case .oneShot: hit.reasons.append(Self.oneShotReason(source, declaration: nil))
        case .endless: hit.reasons.append(Self.endlessReason(source, declaration: nil))
        case .unknown:
          hit.reasons.append(Self.unknownReason(source))
          // The tree may know the function, or the subject a property names: `Classifier` looks
          // its end up by this key (a property's name after a `.`, which no function name has).
          if let called {
            hit.key = called + "\u{1F}" + source
          } else if let property = Self.sourceProperty(chain) {
            hit.key = "." + property + "\u{1F}" + source
          }
        }
      }
      if let projection = chain.links.first(where: { $0.name.hasPrefix("$") }) {
        let property = String(projection.name.dropFirst())
        hit.reasons.append(
          "starts from `\(projection.name)`: `@Published var \(property)` cannot move to `@Observable` until this "
            + "pipeline is rewritten")
      }
      output.hits.append(hit)
    }
  }

  /// How the chain's source ends, from the Combine vocabulary: endless (`$x`, a subject, a timer,
  /// a notification), one-shot (`Future`, `Just`, `Fail`, `dataTaskPublisher`, a `first()`
  /// downstream), or unknown, with the name of the call the source starts with
  /// (`repository.changes()` gives `changes`), which the tree may know (`PublisherSource`). A
  /// capitalised link before it is the type the call names, and comes with it:
  /// `Mastodon.API.App.verify()` gives `App.verify` (a value, `context.api`, is no type).
  static func sourceEnd(_ chain: PublisherChain, subjects: Set<String>) -> (StreamEnd, String?) {
    let links = chain.links.dropLast()
    if links.contains(where: {
      CombineVocabulary.singleValueOperators.contains($0.name) && ($0.argumentsOpen >= 0 || $0.closureOpen >= 0)
    }) {
      return (.oneShot, nil)
    }
    if CombineVocabulary.isEndlessSource(chain, subjects: subjects) { return (.endless, nil) }
    for (index, link) in links.enumerated() {
      if CombineVocabulary.oneShotSources.contains(link.name) {
        // `Just(x).append(changes)`: a first value, then whatever the other stream does.
        let next = index + 1 < links.count ? links[links.startIndex + index + 1].name : ""
        return (next == "append" ? .unknown : .oneShot, nil)
      }
      guard link.argumentsOpen >= 0 || link.closureOpen >= 0 else { continue }
      if CombineVocabulary.isOperator(link) {
        break
      }
      let owner = index > 0 ? links[links.startIndex + index - 1].name : ""
      guard let first = owner.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else {
        return (.unknown, link.name)
      }
      return (.unknown, owner + "." + link.name)
    }
    return (.unknown, nil)
  }

  /// The reason for a source that delivers one value; `declaration` says where the tree says so.
  static func oneShotReason(_ source: String, declaration: String?) -> String {
    "source \(source) delivers one value" + (declaration.map { " (\($0))" } ?? "")
      + ": `try await` and plain code replace the chain"
  }

  /// The start of `takesOneReason`, which the classifier gates on `Publisher.values`.
  static let takesOnePrefix = "one value taken with `"

  /// The reason for a chain made single-valued by `first()`/`last()`/`output(at:)`: the source
  /// may keep delivering, so what replaces the chain awaits one value of its `.values`.
  static func takesOneReason(_ source: String, taker: String) -> String {
    takesOnePrefix + "\(taker)` from \(source), which may keep delivering: awaiting that value from its `.values` "
      + "(or from the async API behind the source) and plain code replace the chain"
  }

  /// The reason for a source that never finishes.
  static func endlessReason(_ source: String, declaration: String?) -> String {
    "source \(source) keeps delivering" + (declaration.map { " (\($0))" } ?? "")
      + ": a `for await` loop in a stored `Task` replaces the chain"
  }

  /// The reason for a source whose end nothing in the tree or the vocabulary says.
  static func unknownReason(_ source: String) -> String {
    "source \(source) is not known to finish or to deliver one value: a `for await` loop in a stored `Task` "
      + "replaces the chain either way; `try await` only once you know it delivers one value"
  }

  /// The property a chain's source ends with when it is a member path and nothing else
  /// (`bookmarkManager.onBookmarkCreated`, `Events.shared.changed`): nil for a bare name, a call
  /// or a `$` projection.
  static func sourceProperty(_ chain: PublisherChain) -> String? {
    var last: PublisherChain.Link?
    for link in chain.links.dropLast() {
      if CombineVocabulary.isOperator(link) {
        break
      }
      if link.argumentsOpen >= 0 || link.closureOpen >= 0 || link.name.hasPrefix("$") { return nil }
      last = link
    }
    guard let last, last.position != chain.base.position else { return nil }
    return last.name
  }

  /// `` `$query` ``, `` `api.load(…)` ``: the links before the first operator.
  static func describeSource(_ chain: PublisherChain) -> String {
    var parts: [String] = []
    for link in chain.links.dropLast() {
      if link.name != "autoconnect",
        CombineVocabulary.isOperator(link)
      {
        break
      }
      parts.append(link.argumentsOpen >= 0 ? link.name + "(…)" : link.name)
    }
    if parts.isEmpty { parts.append(chain.base.name) }
    return "`" + parts.joined(separator: ".") + "`"
  }
}
