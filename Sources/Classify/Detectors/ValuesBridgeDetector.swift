/// A publisher consumed from async code through `.values`.
///
/// Counts only in an async context, so `dictionary.values` never matches, and never a call
/// (`observation.values(in: db)`):
/// `for await x in pub.values {`, `for try await x in pub.values {`, or an `await` right before
/// the chain (`await model.$state.values.first(where: { $0 == .ready })`). Reasons note when the
/// source never finishes (`$x`, a subject, a notification, timer or KVO publisher), so the loop
/// never ends by itself, and that a `PassthroughSubject` drops values sent while the body runs.
struct ValuesBridgeDetector: Detector {
  static let name = "values-bridge"
  var names: [String] { [Self.name] }

  // Every hit is a publisher chain.
  func mayFind(in file: FileContext) -> Bool { !file.chains.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let declarations = file.subjectDeclarations
    let subjects = file.subjectNames
    let passthrough = Set(declarations.filter { $0.kind == "PassthroughSubject" }.map(\.name))
    for chain in file.chains where chain.terminal == "values" {
      let terminal = chain.terminalLink.position
      // `Publisher.values` is a property: `observation.values(in: writer)` is another type's
      // method (GRDB's `ValueObservation`), whatever it returns.
      if case .leftParen = view.kind(terminal + 1) { continue }
      var start = chain.start
      var asyncContext = false
      // `for await x in` / `for try await x in` before the chain.
      if view.isWord(start - 1, "in") {
        var scan = start - 2
        var steps = 0
        while scan >= 0 && steps < 12 {
          steps += 1
          if view.isWord(scan, "for") {
            if view.isWord(scan + 1, "await") || (view.isWord(scan + 1, "try") && view.isWord(scan + 2, "await")) {
              asyncContext = true
              start = scan
            }
            break
          }
          if view.kind(scan) == .leftBrace || view.kind(scan) == .rightBrace { break }
          scan -= 1
        }
      }
      // An `await` before the chain awaits the `AsyncPublisher`'s own async member
      // (`.values.first(where:)`): `await tags(for: text).values` awaited the call, and read a
      // property of what it returned.
      if !asyncContext && (view.isWord(start - 1, "await") || view.isWord(start - 2, "await")),
        view.isPeriod(terminal + 1)
      {
        asyncContext = true
      }
      guard asyncContext else { continue }
      var reasons: [String] = []
      let source = Snippet.text(view, from: chain.start, to: terminal - 2)
      if CombineVocabulary.isEndlessSource(chain, subjects: subjects) {
        reasons.append(
          "`\(source)` never finishes: the loop ends only when its task is cancelled; keep the `Task` and cancel it")
      }
      if chain.links.dropLast().contains(where: { passthrough.contains($0.name) }) {
        reasons.append(
          "a `PassthroughSubject` drops values sent while the loop body runs (`.values` asks for one at a time)")
      }
      var end = terminal
      if view.isPeriod(terminal + 1), view.kind(terminal + 2) == .identifier {
        end = view.skipCall(from: terminal + 2) - 1
      }
      output.hits.append(DetectorHit(name: Self.name, start: start, end: end, reasons: reasons))
    }
  }
}
