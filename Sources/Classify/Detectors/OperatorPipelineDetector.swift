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
        let name = link.name
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
        let oneShot = Self.isOneShot(chain, subjects: subjects)
        hit.phase = oneShot ? .oneShot : .viewModels
        if transforms.isEmpty {
          hit.reasons = ["plain subscription of \(source)"]
        } else if oneShot {
          hit.reasons = ["plain transform of one value: " + transforms.joined(separator: ", ")]
        } else {
          hit.reasons = ["plain per-value operators: " + transforms.joined(separator: ", ")]
        }
        hit.reasons.append(
          oneShot
            ? "source \(source) delivers one value: `try await` and plain code replace the chain"
            : "source \(source) keeps delivering: a `for await` loop in a stored `Task` replaces the chain")
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

  /// True when the chain's source delivers one value: a `Future`, `Just`, `Fail`,
  /// `dataTaskPublisher`, or a call returning a publisher (`api.load(id)`), or a `first()` upstream.
  static func isOneShot(_ chain: PublisherChain, subjects: Set<String>) -> Bool {
    if CombineVocabulary.isEndlessSource(chain, subjects: subjects) {
      return chain.links.contains { CombineVocabulary.singleValueOperators.contains($0.name) }
    }
    var sawCall = false
    for link in chain.links.dropLast() {
      if CombineVocabulary.oneShotSources.contains(link.name) { return true }
      if CombineVocabulary.singleValueOperators.contains(link.name) { return true }
      if CombineVocabulary.keepOperators.contains(link.name) || CombineVocabulary.transformOperators.contains(link.name)
      {
        break
      }
      if link.argumentsOpen >= 0 || link.closureOpen >= 0 { sawCall = true }
    }
    return sawCall
  }

  /// `` `$query` ``, `` `api.load(…)` ``: the links before the first operator.
  static func describeSource(_ chain: PublisherChain) -> String {
    var parts: [String] = []
    for link in chain.links.dropLast() {
      if link.name != "autoconnect",
        CombineVocabulary.keepOperators.contains(link.name) || CombineVocabulary.transformOperators.contains(link.name)
      {
        break
      }
      parts.append(link.argumentsOpen >= 0 ? link.name + "(…)" : link.name)
    }
    if parts.isEmpty { parts.append(chain.base.name) }
    return "`" + parts.joined(separator: ".") + "`"
  }
}
