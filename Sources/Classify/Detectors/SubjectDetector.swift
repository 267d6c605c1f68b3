/// `PassthroughSubject`/`CurrentValueSubject` declarations and their subscribers in the file.
///
/// A declaration is `let s = PassthroughSubject<E, Never>()`, `let s: CurrentValueSubject<Int,
/// Never> = .init(0)` or a bare annotation `let s: PassthroughSubject<E, Never>`. Subscribers are
/// uses of the name that start a chain ending in a subscriber (`.sink`, `.assign`, `.subscribe`,
/// `.receive(subscriber:)`), `.values`, or a pass to another publisher (`merge(with: s)`); an
/// `.eraseToAnyPublisher()` exposure counts as one subscriber whose count is unknown. One
/// subscriber: migrate to `AsyncStream` (view-models phase); several, or `share()`/`multicast`:
/// keep, because an `AsyncStream` traps on a second consumer.
struct SubjectDetector: Detector {
  static let name = "subject"
  var names: [String] { [Self.name] }

  struct Declaration {
    var name: String
    var kind: String
    var start: Int
    var end: Int
    var typePath: String
    /// The second generic argument (`Never`, `Error`), when written.
    var failure: String?
  }

  // Every hit and subject fact is a declared subject.
  func mayFind(in file: FileContext) -> Bool { !file.subjectDeclarations.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let declarations = file.subjectDeclarations
    guard !declarations.isEmpty else { return }
    // One pass collects every use of every declared name, so many subjects cost one scan.
    let names = file.subjectNames
    let lengths = Set(declarations.map(\.name.utf8.count))
    var uses: [String: [Int]] = [:]
    for position in 0..<view.count where view.kind(position) == .identifier {
      guard lengths.contains(view.endOffset(position) - view.startOffset(position)) else { continue }
      let word = view.text(position)
      if names.contains(word) { uses[word, default: []].append(position) }
    }
    // Chain links by position, so a use finds its chain in one lookup.
    var chainOfLink: [Int: Int] = [:]
    for (index, chain) in file.chains.enumerated() {
      for link in chain.links { chainOfLink[link.position] = index }
    }
    for declaration in declarations {
      var subscribers: [Int] = []
      var exposures: [Int] = []
      var multicast = false
      var stateReads = 0
      // Uses count inside the declaring scope: the member for a local (`let s = …` in a test
      // method: another method's `s` is another subject), else the type's body, else the file.
      var range = 0..<view.count
      let scope = file.symbols.scope(at: declaration.start)
      if scope.open >= 0 {
        range = scope.open..<scope.close
      }
      for position in uses[declaration.name] ?? [] where range.contains(position) {
        if position >= declaration.start && position <= declaration.end { continue }
        // `self.events` or `events`, never `other.events`.
        if view.isPeriod(position - 1) && !view.isWord(position - 2, "self") { continue }
        if view.isWord(position - 1, "let") || view.isWord(position - 1, "var") { continue }
        // An argument label spelled like the subject (`init(appState: appState)`) is not a use.
        if view.kind(position + 1) == .colon { continue }
        // The chain this use is a link of (not merely inside, as in `x.sink { self.events.send($0) }`).
        if let index = chainOfLink[position] {
          let chain = file.chains[index]
          if chain.links.contains(where: { $0.name == "share" || $0.name == "multicast" }) { multicast = true }
          subscribers.append(position)
          continue
        }
        if view.isPeriod(position + 1) {
          let member = view.text(position + 2)
          if member == "value" { stateReads += 1 }
          if member == "share" || member == "multicast" { multicast = true }
          if member == "eraseToAnyPublisher" { exposures.append(position) }
          continue
        }
        let previous = view.kind(position - 1)
        // Passed on: `merge(with: events)`, `Publishers.Merge(a, events)`, `[a, events].combineLatest()`.
        if previous == .leftParen || previous == .comma || previous == .colon || previous == .leftSquare {
          subscribers.append(position)
        }
      }
      let total = subscribers.count + exposures.count
      output.subjects.append(.init(typePath: declaration.typePath, name: declaration.name, subscribers: total))
      guard enabled.contains(Self.name) else { continue }
      var hit = DetectorHit(
        name: Self.name, start: declaration.start, end: declaration.end, anchor: declaration.kind,
        key: declaration.name)
      let lines = (subscribers + exposures).sorted().map { String(file.line(of: $0)) }
      let trap = "an `AsyncStream` traps on a second consumer"
      if total >= 2 || multicast {
        hit.disposition = .keep
        hit.reasons.append(
          (total == 1 ? "1 subscriber" : "\(total) subscribers")
            + " where it is declared (lines \(lines.joined(separator: ", ")))"
            + (multicast ? ", shared with `share()`/`multicast`" : ""))
        hit.reasons.append("keep the broadcast on Combine: \(trap)")
      } else {
        hit.disposition = .migrate
        hit.phase = .viewModels
        hit.phaseDecided = true
        hit.reasons.append(
          total == 1
            ? "one subscriber where it is declared (line \(lines[0])): `AsyncStream.makeStream()` can replace it"
            : "no subscriber where it is declared: `AsyncStream.makeStream()` can replace it once its consumer is known"
        )
        hit.reasons.append("keep it single-consumer: \(trap)")
      }
      if !exposures.isEmpty {
        hit.reasons.append(
          "exposed with `eraseToAnyPublisher()` at line \(file.line(of: exposures[0])): subscribers elsewhere are not counted"
        )
      }
      if declaration.kind == "CurrentValueSubject" && stateReads > 0 {
        hit.reasons.append(
          "read as state through `.value`: a stored property of an `@Observable` type can replace that part")
      }
      output.hits.append(hit)
    }
  }

  /// The subject declarations of the file.
  static func declarations(in file: FileContext) -> [Declaration] {
    let view = file.view
    var result: [Declaration] = []
    for position in 0..<view.count where view.isWord(position, "let") || view.isWord(position, "var") {
      guard view.kind(position + 1) == .identifier else { continue }
      var next = position + 2
      var kind: String?
      var failure: String?
      var end = position + 1
      if view.kind(next) == .colon {
        if let found = subjectType(view, at: next + 1) {
          kind = found.kind
          failure = found.failure
          end = found.end
          next = found.end + 1
        }
      }
      if view.kind(next) == .equal {
        if kind == nil, let found = subjectType(view, at: next + 1) {
          kind = found.kind
          failure = found.failure
          end = found.end
        }
        if kind != nil {
          // Take the initialiser: `= .init(0)`, `= PassthroughSubject<…>()`.
          var scan = next + 1
          while scan < view.count && scan - next < 80 {
            if let close = view.partner(scan), close > scan {
              end = close
              scan = close + 1
              if view.kind(scan) != .period && view.kind(scan) != .leftParen { break }
              continue
            }
            if view.kind(scan) == .identifier || view.kind(scan) == .period || view.kind(scan) == .keyword
              || view.kind(scan) == .binaryOperator || view.kind(scan) == .comma
            {
              end = scan
              scan += 1
              continue
            }
            break
          }
        }
      }
      guard let kind else { continue }
      result.append(
        Declaration(
          name: view.text(position + 1), kind: kind, start: position, end: end,
          typePath: file.symbols.typePath(at: position), failure: failure))
    }
    return result
  }

  /// `PassthroughSubject<E, F>` at `position`: the kind, the failure type and the last position.
  private static func subjectType(_ view: SourceView, at position: Int) -> (kind: String, failure: String?, end: Int)? {
    var start = position
    if view.isWord(start, "Combine") && view.isPeriod(start + 1) { start += 2 }
    let kind: String
    if view.isWord(start, "PassthroughSubject") {
      kind = "PassthroughSubject"
    } else if view.isWord(start, "CurrentValueSubject") {
      kind = "CurrentValueSubject"
    } else {
      return nil
    }
    var end = start
    var failure: String?
    if view.has(start + 1, "<") || view.text(start + 1).hasPrefix("<"),
      let close = FutureTaskWrapperDetector.genericEnd(view, start + 1)
    {
      end = close
      var comma = -1
      for scan in (start + 1)..<close where view.kind(scan) == .comma { comma = scan }
      if comma > 0 { failure = view.normalisedText(comma + 1, close - 1) }
    }
    if view.kind(end + 1) == .leftParen, let close = view.partner(end + 1) { end = close }
    return (kind, failure, end)
  }
}
