/// A long-lived subscription that throws its failure away: the feature dies after the first error.
///
/// The source never finishes (`$x`, a subject, a notification, timer or KVO publisher) and the
/// chain can fail (a `tryMap`, `decode`, `flatMap`… upstream, or a subject declared with a
/// failure type other than `Never`), and then either the completion is ignored
/// (`sink(receiveCompletion: { _ in }, receiveValue: …)`, `.sink { _ in } receiveValue: { … }`)
/// or the error is replaced at the top level (`.replaceError(with: [])`, `.catch { _ in Just([]) }`
/// after the failing operator, not inside a `flatMap`): either way the subscription completes on
/// the first error and never delivers again. `assign(to:)` needs a `Never` failure, so there only
/// the replaced error counts. Not in a test function (`func test…`): a test that waits for a value
/// ends the subscription itself.
///
/// A one-shot chain (`Future`, `dataTaskPublisher`, `Fail`, or a failing operator on a source that
/// finishes) whose completion is ignored is the milder `silent-failure-one-shot`: the error
/// vanishes, but nothing stops working.
struct SilentFailureDetector: Detector {
  static let name = "silent-failure"
  static let oneShot = "silent-failure-one-shot"
  var names: [String] { [Self.name, Self.oneShot] }

  /// One-shot sources that can fail (a `Just` or `Empty` cannot).
  private static let failingOneShotSources: Set<String> = ["dataTaskPublisher", "Future", "Fail", "Deferred"]

  // Every hit is a publisher chain.
  func mayFind(in file: FileContext) -> Bool { !file.chains.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let declarations = file.subjectDeclarations
    let subjects = file.subjectNames
    let failingSubjects = Set(declarations.filter { ($0.failure ?? "Never") != "Never" }.map(\.name))
    for chain in file.chains where chain.terminal == "sink" || chain.terminal == "assign" {
      if file.symbols.scope(at: chain.start).member?.hasPrefix("test") == true { continue }
      guard CombineVocabulary.isEndlessSource(chain, subjects: subjects, view: view) else {
        if enabled.contains(Self.oneShot) { oneShotIgnored(file, chain, output: &output) }
        continue
      }
      let operators = chain.links.dropLast()
      let (failing, lookups) = Self.failingOperator(chain, in: file)
      let failingSubject = operators.first { failingSubjects.contains($0.name) }
      // Only inner publishers the file cannot see: the tree says whether their types can fail.
      let requirement: CandidateFinding.Requirement? =
        failing == nil && !lookups.found.isEmpty ? .innerFailure(lookups.found) : nil
      let cause = failing ?? (requirement != nil ? (lookups.index, "`\(chain.links[lookups.index].name)`") : nil)
      let terminal = chain.terminalLink
      if chain.terminal == "sink", ignoredCompletion(view, terminal) != nil {
        // A failing subject fails for sure; an inner publisher only if the tree says so.
        let subject = failing == nil ? failingSubject.map { "subject `\($0.name)`" } : nil
        guard let causeText = subject ?? cause?.text else { continue }
        output.hits.append(
          DetectorHit(
            name: Self.name, start: chain.start, end: chain.end,
            reasons: [
              "line \(file.line(of: terminal.position)): the completion is ignored, and \(causeText) can fail: after the first error the subscription "
                + "ends and the endless source never delivers again"
            ], requirement: subject == nil ? requirement : nil))
        continue
      }
      guard let cause else { continue }
      if let replaced = chain.links[(cause.index + 1)...].dropLast().first(where: {
        $0.name == "replaceError" || $0.name == "catch"
      }) {
        output.hits.append(
          DetectorHit(
            name: Self.name, start: chain.start, end: chain.end,
            reasons: [
              "line \(file.line(of: replaced.position)): `\(replaced.name)` at the top level of an endless source: after the first error from \(cause.text) "
                + "the chain completes and never delivers again; recover inside a `flatMap` per value instead"
            ], requirement: requirement))
      }
    }
  }

  /// Operators that introduce a failure into a stream that had none. Not `flatMap` and
  /// `switchToLatest` (their inner publisher decides), `mapError` (it maps a failure, it makes
  /// none) or `setFailureType` (it changes the type; what follows must fail for real).
  private static let introducing = CombineVocabulary.failingOperators.subtracting([
    "flatMap", "mapError", "setFailureType",
  ])

  /// The first operator of `chain` that surely can fail (its index and how to name it), and the
  /// inner publishers before it whose declarations the tree must read, with the first one's index.
  private static func failingOperator(_ chain: PublisherChain, in file: FileContext) -> (
    (index: Int, text: String)?, (index: Int, found: [InnerPublisher.Lookup])
  ) {
    var lookups: (index: Int, found: [InnerPublisher.Lookup]) = (-1, [])
    for index in 0..<(chain.links.count - 1) {
      let name = chain.links[index].name
      if name == "flatMap" || name == "switchToLatest" {
        switch InnerPublisher.of(chain, link: index, in: file) {
        case .fails(let why): return ((index, "`\(name)` (its inner publisher can fail: \(why))"), lookups)
        case .lookup(let found):
          if lookups.index < 0 { lookups.index = index }
          lookups.found += found
        case .never, .unknown: break
        }
        continue
      }
      if introducing.contains(name) { return ((index, "`\(name)`"), lookups) }
    }
    return (nil, lookups)
  }

  /// A one-shot chain that can fail and whose `sink` ignores the completion.
  private func oneShotIgnored(_ file: FileContext, _ chain: PublisherChain, output: inout DetectorOutput) {
    guard chain.terminal == "sink", let ignored = ignoredCompletion(file.view, chain.terminalLink) else { return }
    _ = ignored
    let operators = chain.links.dropLast()
    let source = operators.first { Self.failingOneShotSources.contains($0.name) }
    let failing = operators.first { CombineVocabulary.failingOperators.contains($0.name) }
    guard let cause = source ?? failing else { return }
    output.hits.append(
      DetectorHit(
        name: Self.oneShot, start: chain.start, end: chain.end,
        reasons: [
          "line \(file.line(of: chain.terminalLink.position)): the completion is ignored, and `\(cause.name)` can "
            + "fail: the error vanishes (the one-shot chain ends either way, so nothing else stops working)"
        ]))
  }

  /// The completion closure when it ignores its argument (`{ _ in }`, `{ _ in print(…) }` is kept),
  /// as a position, or nil.
  private func ignoredCompletion(_ view: SignificantTokenView, _ terminal: PublisherChain.Link) -> Int? {
    var closure = -1
    if terminal.argumentsOpen >= 0, let close = view.partner(terminal.argumentsOpen) {
      for position in terminal.argumentsOpen..<close where view.isWord(position, "receiveCompletion") {
        if view.kind(position + 2) == .leftBrace { closure = position + 2 }
        break
      }
    }
    if closure < 0, terminal.closureOpen >= 0, let end = view.partner(terminal.closureOpen),
      view.isWord(end + 1, "receiveValue")
    {
      closure = terminal.closureOpen
    }
    guard closure >= 0, let end = view.partner(closure) else { return nil }
    // `{ }`, `{ _ in }`: nothing looks at the completion.
    if end == closure + 1 { return closure }
    if view.kind(closure + 1) == .wildcard, view.isWord(closure + 2, "in"), end == closure + 3 { return closure }
    return nil
  }
}
