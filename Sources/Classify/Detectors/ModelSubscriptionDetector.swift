import ScanModel
import SwiftLexer

/// Subscriptions to a model's Combine surface that no pipeline finding covers, each of which
/// must change when the model moves to `@Observable` (it has no `$x` and no `objectWillChange`):
///
/// - `.onReceive(model.$query.debounce(…)) { … }` and `.onReceive(model.objectWillChange)` in a
///   view: kept like a pipeline when its operators are its worth (`debounce`, `combineLatest`, …),
///   else `.onChange(of: model.query, initial: true)`;
/// - a bare `objectWillChange.sink { … }` (no operator: `objectWillChange.debounce(…).sink` is an
///   `operator-pipeline`): `withObservationTracking`;
/// - a bare `source.assign(to: &$items)`: the `$items` it writes into goes away.
///
/// Bare `$x.sink { }` is already an `operator-pipeline` ("plain subscription of `$x`"). The key
/// says what the global pass checks: the kind (`R` onReceive, `W` objectWillChange sink, `A`
/// assign), the written type of the observed object ("" for `self`'s or unknown), whether it is
/// `self`'s, and the `$x` names, which must be `@Published` properties of the tree.
struct ModelSubscriptionDetector: Detector {
  static let name = "model-subscription"
  var names: [String] { [Self.name] }

  func mayFind(in file: FileContext) -> Bool { file.hints.modelSubscription || !file.chains.isEmpty }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    if file.hints.modelSubscription {
      var position = 0
      while position + 2 < view.count {
        defer { position += 1 }
        output.steps += 1
        guard view.isPeriod(position), view.isWord(position + 1, "onReceive"), view.kind(position + 2) == .leftParen,
          let close = view.partner(position + 2)
        else { continue }
        if let hit = onReceive(file, name: position + 1, close: close) { output.hits.append(hit) }
      }
    }
    for chain in file.chains where chain.terminal == "sink" || chain.terminal == "assign" {
      let links = chain.links.dropLast()
      // A call or a `$x` makes it an `operator-pipeline` finding already.
      guard !links.contains(where: { $0.argumentsOpen >= 0 || $0.closureOpen >= 0 || $0.name.hasPrefix("$") })
      else { continue }
      let names = links.map(\.name)
      if let index = names.firstIndex(of: "objectWillChange"), chain.terminal == "sink" {
        let qualifier = Array(names[..<index].drop { $0 == "self" })
        let own = qualifier.isEmpty
        let willChangeLink = links[links.startIndex + index].position
        let written = own ? nil : WrittenType.ofHolder(file, from: chain.start, to: willChangeLink - 2)
        let source = (qualifier + ["objectWillChange"]).joined(separator: ".")
        var hit = DetectorHit(
          name: Self.name, start: chain.start, end: chain.end, key: Self.key("W", written, own: own, names: []))
        if !own, Self.forwardsWillChange(view, chain.terminalLink) {
          // `child.objectWillChange.sink { self?.objectWillChange.send() }`: a nested model's changes
          // passed up by hand, which observation does by itself.
          hit.message = "`\(source).sink { … objectWillChange.send() }` → delete it once both models are `@Observable`"
          hit.help =
            "It forwards a nested model's changes to this one. `@Observable` tracks each property a view reads, "
            + "through nested `@Observable` models too, so the forwarding goes away with both moves."
          hit.reasons = ["forwards `\(source)` to `objectWillChange.send()`"]
        } else {
          hit.message = "`\(source).sink { … }` → `withObservationTracking { … } onChange: { … }`"
          hit.help =
            "An `@Observable` type has no `objectWillChange`: track the properties the closure depends on with "
            + "`withObservationTracking` (it fires once: register again in `onChange`), or `Observations` (iOS 26) "
            + "in a stored `Task`."
          hit.reasons = ["plain subscription of `\(source)`, which goes away with the move to `@Observable`"]
        }
        output.hits.append(hit)
        continue
      }
      guard chain.terminal == "assign", let target = Self.assignedProjection(view, chain.terminalLink) else {
        continue
      }
      let source = names.joined(separator: ".")
      var hit = DetectorHit(
        name: Self.name, start: chain.start, end: chain.end, key: Self.key("A", nil, own: true, names: [target]))
      hit.message =
        "`\(source).assign(to: &$\(target))` → a stored `Task { for await value in \(source).values { "
        + "\(target) = value } }`"
      hit.help =
        "`assign(to: &$\(target))` writes into the `@Published` projection, which an `@Observable` type does not "
        + "have: set `\(target)` from a loop over the source's `.values` in a `Task` the type keeps and cancels."
      hit.reasons = ["writes into `$\(target)`, which goes away with the move to `@Observable`"]
      output.hits.append(hit)
    }
  }

  /// The `onReceive` at `name` whose arguments close at `close`, when its publisher is a model's
  /// `$x` or `objectWillChange`.
  private func onReceive(_ file: FileContext, name: Int, close: Int) -> DetectorHit? {
    let view = file.view
    // The first argument: up to a top-level comma (`perform:` follows).
    var argumentEnd = close - 1
    var scan = name + 2
    while scan < close {
      if view.kind(scan) == .comma {
        argumentEnd = scan - 1
        break
      }
      if let partner = view.partner(scan), partner > scan { scan = partner }
      scan += 1
    }
    guard argumentEnd >= name + 2 else { return nil }
    var projections: [String] = []
    var firstSource = -1
    var willChange = false
    var keeps: [String] = []
    var transforms: [String] = []
    for position in (name + 2)...argumentEnd {
      if view.isProjection(position) {
        let property = String(view.text(position).dropFirst())
        if !projections.contains(property) { projections.append(property) }
        if firstSource < 0 { firstSource = position }
      } else if view.isWord(position, "objectWillChange") {
        willChange = true
        if firstSource < 0 { firstSource = position }
      } else if view.isPeriod(position - 1), view.isIdentifier(position),
        view.kind(position + 1) == .leftParen
          || (view.kind(position + 1) == .leftBrace && view.braceRole[position + 1] == .closure)
      {
        let word = view.text(position)
        // `.onChange(of:)` fires only when the value changes: it is `removeDuplicates` already.
        if word == "removeDuplicates" {
          if !transforms.contains(word) { transforms.append(word) }
        } else if CombineVocabulary.keepOperators.contains(word) {
          if !keeps.contains(word) { keeps.append(word) }
        } else if CombineVocabulary.transformOperators.contains(word), !transforms.contains(word) {
          transforms.append(word)
        }
      }
    }
    guard firstSource >= 0 else { return nil }
    // `model.$query`, `self.model.$query`, `$query`: the object observed is the qualifier's.
    var qualifierStart = firstSource
    while view.isPeriod(qualifierStart - 1), view.isWord(qualifierStart - 2) { qualifierStart -= 2 }
    if view.isWord(qualifierStart, "self"), qualifierStart + 2 <= firstSource - 2 { qualifierStart += 2 }
    let own =
      qualifierStart == firstSource || (view.isWord(qualifierStart, "self") && qualifierStart + 2 == firstSource)
    let written = own ? nil : WrittenType.ofHolder(file, from: qualifierStart, to: firstSource - 2)
    let end = view.skipCall(from: name) - 1
    let sourceText = WrittenType.compactText(view, qualifierStart, firstSource)
    let argument = WrittenType.compactText(view, name + 2, argumentEnd)
    let shown = argument.utf8.count > 60 && argument != sourceText ? sourceText + "…" : argument
    var hit = DetectorHit(
      name: Self.name, start: name, end: end,
      key: Self.key("R", written, own: own, names: willChange ? projections + ["objectWillChange"] : projections))
    let changed: String
    if let property = projections.first {
      changed =
        sourceText.hasSuffix("$" + property)
        ? String(sourceText.dropLast(property.utf8.count + 1)) + property : property
    } else {
      let base = String(sourceText.dropLast("objectWillChange".utf8.count))
      changed = base + "property"
    }
    if !keeps.isEmpty {
      hit.disposition = .keep
      hit.reasons = [
        "keeps: " + keeps.joined(separator: ", "),
        "its worth is in these operators: it stays on Combine, and the model with it, until it is rewritten "
          + "(`.task(id: \(changed)) { try? await Task.sleep(…); … }` replaces a `debounce`)",
      ]
      hit.message = "`.onReceive(\(shown))` reads `\(sourceText)`, which goes away with the move to `@Observable`"
    } else {
      hit.disposition = .migrate
      hit.phaseDecided = true
      hit.phase = .viewModels
      hit.message =
        projections.isEmpty
        ? "`.onReceive(\(shown))` → `.onChange(of:initial:)` on each property the action reads"
        : "`.onReceive(\(shown))` → `.onChange(of: \(changed), initial: true) { … }`"
      hit.reasons = [
        transforms.isEmpty
          ? "plain subscription of `\(sourceText)`"
          : "plain per-value operators: " + transforms.joined(separator: ", ")
      ]
    }
    hit.help =
      "An `@Observable` model has no `$x` or `objectWillChange`: react with `.onChange(of:initial:)` on the "
      + "property (`initial: true` because `$x` delivers the current value on subscription; `@Published` "
      + "delivers before the change, `onChange` after it), or `.task(id:)` for async work and debouncing."
    return hit
  }

  /// True when the closure of `link` calls `objectWillChange.send()`.
  private static func forwardsWillChange(_ view: SignificantTokenView, _ link: PublisherChain.Link) -> Bool {
    let from = link.argumentsOpen >= 0 ? link.argumentsOpen : link.closureOpen
    guard from >= 0, link.end > from else { return false }
    for position in from..<link.end
    where view.isWord(position, "objectWillChange") && view.isPeriod(position + 1) && view.isWord(position + 2, "send")
    {
      return true
    }
    return false
  }

  /// `y` in `.assign(to: &$y)`, or nil for any other target.
  private static func assignedProjection(_ view: SignificantTokenView, _ link: PublisherChain.Link) -> String? {
    let open = link.argumentsOpen
    guard open >= 0, view.isWord(open + 1, "to"), view.kind(open + 2) == .colon,
      view.kind(open + 3) == .prefixAmpersand, view.isProjection(open + 4), view.kind(open + 5) == .rightParen
    else { return nil }
    return String(view.text(open + 4).dropFirst())
  }

  /// The join key the global pass reads (see the type's summary).
  static func key(_ kind: String, _ written: String?, own: Bool, names: [String]) -> String {
    [kind, written ?? "", own ? "self" : "", names.joined(separator: ",")].joined(separator: "\u{1F}")
  }
}
