import ScanModel
import SwiftLexer

/// The per-file pass: pattern hits and detector hits become candidate findings, and the file's
/// Combine facts are collected for the global pass.
///
/// Pure and `Sendable`: the orchestrator calls it for many files at once.
package enum FileClassifier {
  /// Classifies one file.
  ///
  /// - Parameters:
  ///   - stream: The file's tokens.
  ///   - path: The path reported in findings (relative to the scan root).
  ///   - patternHits: Matches of the enabled pattern rules in this file.
  ///   - detectorRules: The enabled rules that name a detector; only their detectors run.
  /// - Returns: The candidates and facts of the file, with no reference to its tokens.
  package static func classify(
    stream: TokenStream, path: String, patternHits: [PatternHit], detectorRules: [DetectorRuleRef]
  ) -> FileClassification {
    classify(stream: stream, path: path, patternHits: patternHits, detectors: DetectorSelection(detectorRules))
  }

  /// Classifies one file, with the detector rules already arranged (once for many files).
  ///
  /// - Parameter lines: the file's line index, when the caller shares it with other passes.
  package static func classify(
    stream: TokenStream, path: String, patternHits: [PatternHit], detectors: DetectorSelection,
    lines: LazyLineIndex? = nil
  ) -> FileClassification {
    let file = FileContext(path: path, stream: stream, lines: lines)
    var facts = FactsCollector.collect(file)
    var candidates: [CandidateFinding] = []
    for hit in patternHits {
      guard hit.start >= 0, hit.end >= hit.start, hit.end < file.view.count else { continue }
      // A `Just`/`Fail`/`Empty` that is part of something else (a stream's first value, a
      // pipeline's inner publisher, a property's stub, an early exit) is no one-shot work.
      if hit.category == .oneShotFuture, NotOneShot.belongsElsewhere(file.view, at: hit.start) { continue }
      var candidate = makeCandidate(
        file, start: hit.start, end: hit.end, ruleID: hit.ruleID, category: hit.category, severity: hit.severity,
        message: hit.message, help: hit.help)
      candidate.anchor = anchor(file.view, hit.start, hit.end)
      candidate.requiresCombineImport = hit.requiresCombineImport
      candidate.disposition = hit.dispositionOverride
      if let phase = hit.phaseOverride {
        candidate.phase = phase
        candidate.phaseDecided = true
      }
      candidate.key = key(file, category: hit.category, start: hit.start, end: hit.end)
      if hit.category == .observableObject { candidate.isPublicDeclaration = isPublic(file.view, before: hit.start) }
      candidates.append(candidate)
    }

    let rulesByName = detectors.rulesByName
    var output = DetectorOutput()
    for (detector, enabled) in detectors.enabled where detector.mayFind(in: file) {
      detector.detect(in: file, enabled: enabled, into: &output)
    }
    // Nested blocks can report one position twice; a finding is one (name, range, requirement).
    // Hits are found again by range and compared whole only then: hashing every hit hashed its
    // message and remedy texts (a set of hits was a tenth of this function).
    var seen: [Int: [DetectorHit]] = [:]
    let nested = nestedFutures(output.hits, count: file.view.count)
    for (index, hit) in output.hits.enumerated() {
      guard hit.start >= 0, hit.end >= hit.start, hit.end < file.view.count else { continue }
      var identity = hit
      identity.reasons = []
      let range = hit.start &* 0x1_0000_0000 &+ hit.end
      if seen[range]?.contains(identity) == true { continue }
      seen[range, default: []].append(identity)
      for rule in rulesByName[hit.name] ?? [] {
        var candidate = makeCandidate(
          file, start: hit.start, end: hit.end, ruleID: rule.ruleID, category: rule.category, severity: rule.severity,
          message: rule.message, help: rule.help, skipping: nested[index] ?? [])
        candidate.anchor = hit.anchor
        candidate.reasons = hit.reasons
        if let message = hit.message { candidate.message = message }
        if let help = hit.help { candidate.help = help }
        candidate.disposition = rule.dispositionOverride ?? hit.disposition
        if let phase = rule.phaseOverride {
          candidate.phase = phase
          candidate.phaseDecided = true
        } else if hit.phaseDecided {
          candidate.phase = hit.phase
          candidate.phaseDecided = true
        }
        candidate.requirement = hit.requirement
        candidate.combineShaped = hit.combineShaped
        candidate.key = hit.key ?? key(file, category: rule.category, start: hit.start, end: hit.end)
        candidates.append(candidate)
      }
    }
    facts.helpers = file.helperEntries.map(\.helper)
    facts.subjects = output.subjects
    if file.hints.arrow { facts.publisherSources = PublisherSource.all(in: file) }
    facts.completionDefects = output.completionDefects
    facts.completionFunctions = output.completionFunctions
    // Offsets decide almost every comparison: the strings are compared (and retained) only on a tie.
    candidates.sort { lhs, rhs in
      if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
      if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
      return lhs.matchText < rhs.matchText
    }
    // The candidates live until the scan ends: without the room appending left for more.
    if candidates.capacity > candidates.count { candidates = candidates.withUnsafeBufferPointer { Array($0) } }
    return FileClassification(path: path, candidates: candidates, facts: facts)
  }

  /// For each `Future` hit (wrapper or one-shot) that holds others, the ranges of the ones
  /// directly inside it, by index into `hits`.
  ///
  /// Their text is left out of the outer hit's `matchText` (one `…` each): `Future { promise in
  /// Task { Future { … } } }` nested n deep would otherwise copy the rest of the nest n times, n²
  /// in time and memory (10,000 levels took 1.5 GB). The outer fingerprint then also survives an
  /// edit inside the inner `Future`, which has its own.
  private static func nestedFutures(_ hits: [DetectorHit], count: Int) -> [Int: [(Int, Int)]] {
    let names: Set<String> = [FutureTaskWrapperDetector.name, FutureTaskWrapperDetector.oneShot]
    var order = hits.indices.filter { index in
      names.contains(hits[index].name) && hits[index].start >= 0 && hits[index].start <= hits[index].end
        && hits[index].end < count
    }
    guard order.count > 1 else { return [:] }
    order.sort { (hits[$0].start, -hits[$0].end, $0) < (hits[$1].start, -hits[$1].end, $1) }
    var inner: [Int: [(Int, Int)]] = [:]
    // The hits enclosing the current one, innermost last: brace-delimited ranges nest.
    var stack: [Int] = []
    for index in order {
      let hit = hits[index]
      while let top = stack.last, hits[top].end < hit.start { stack.removeLast() }
      if let top = stack.last, hits[top].end >= hit.end, hits[top].start != hit.start || hits[top].end != hit.end {
        inner[top, default: []].append((hit.start, hit.end))
      }
      if let top = stack.last, hits[top].start == hit.start, hits[top].end == hit.end { continue }
      stack.append(index)
    }
    return inner
  }

  private static func makeCandidate(
    _ file: FileContext, start: Int, end: Int, ruleID: String, category: CategoryID, severity: Severity,
    message: String, help: String, skipping inner: [(Int, Int)] = []
  ) -> CandidateFinding {
    let view = file.view
    let startOffset = view.startOffset(start)
    let endOffset = view.endOffset(end)
    // One copy of the index for the four questions.
    let lines = file.lines
    let startLine = lines.location(of: startOffset)
    let endLine = lines.location(of: endOffset)
    let range = SourceRange(
      start: SourceLocation(
        line: startLine.line, column: startLine.column, scalarColumn: lines.scalarColumn(of: startOffset)),
      end: SourceLocation(line: endLine.line, column: endLine.column, scalarColumn: lines.scalarColumn(of: endOffset)))
    let scope = file.symbols.scope(at: start)
    return CandidateFinding(
      ruleID: ruleID, category: category, severity: severity, message: message, help: help, range: range,
      offset: startOffset, typePath: scope.typePath, symbol: declaredSymbol(file, scope: scope, start: start, end: end),
      matchText: inner.isEmpty ? view.normalisedText(start, end) : view.normalisedText(start, end, skipping: inner))
  }

  private static let memberKeywords = ["var", "let", "func", "init", "subscript"]
  private static let typeKeywords = ["class", "struct", "enum", "actor", "extension", "protocol"]

  /// The symbol of a finding: the enclosing `Type.member`, or, for a match that is itself a
  /// member declaration outside any member (`@Published var query`, `var firstValue`), the
  /// member it declares (`Model.query`), so sibling declarations get distinct symbols.
  private static func declaredSymbol(_ file: FileContext, scope: SymbolIndex.Scope, start: Int, end: Int) -> String? {
    guard scope.member == nil else { return scope.symbol }
    let view = file.view
    var position = start
    if view.isWord(start - 1, "var") || view.isWord(start - 1, "let") { position = start - 1 }
    while position <= min(end, start + 12) {
      // `final class SearchModel: ObservableObject`: the finding is the type itself.
      if typeKeywords.contains(where: { view.isWord(position, $0) }), view.kind(position + 1) == .identifier,
        !view.isPeriod(position - 1)
      {
        var name = view.text(position + 1)
        var next = position + 2
        while view.isPeriod(next), view.kind(next + 1) == .identifier {
          name += "." + view.text(next + 1)
          next += 2
        }
        return scope.typePath.isEmpty || view.isWord(position, "extension") ? name : scope.typePath + "." + name
      }
      if view.kind(position) == .keyword, !view.isPeriod(position - 1),
        memberKeywords.contains(where: { view.isWord(position, $0) })
      {
        let isNamed = view.isWord(position, "init") || view.isWord(position, "subscript")
        guard isNamed || view.isWord(position + 1) || view.kind(position + 1) == .binaryOperator else { break }
        let name = isNamed ? view.text(position) : view.text(position + 1)
        return scope.typePath.isEmpty ? name : scope.typePath + "." + name
      }
      position += 1
    }
    return scope.symbol
  }

  /// The first Combine name in the match: what the ambiguity filter judges.
  private static func anchor(_ view: SignificantTokenView, _ start: Int, _ end: Int) -> String? {
    for position in start...end where view.kind(position) == .identifier {
      let length = view.endOffset(position) - view.startOffset(position)
      guard length >= 4, length <= 19 else { continue }
      let word = view.text(position)
      if CombineVocabulary.ambiguousNames.contains(word) || CombineVocabulary.unambiguousNames.contains(word) {
        return word
      }
    }
    return nil
  }

  /// True when the modifiers and attributes just before the declaration keyword at `start`
  /// (`@MainActor public final class`, `open class`) make it `public` or `open`.
  private static func isPublic(_ view: SignificantTokenView, before start: Int) -> Bool {
    var position = start - 1
    while position >= 0, start - position <= 12 {
      if view.isWord(position, "public") || view.isWord(position, "open") { return true }
      let modifier = ["final", "internal", "package", "private", "fileprivate", "nonisolated"].contains {
        view.isWord(position, $0)
      }
      // `@MainActor`, `@available(iOS 15, *)`: an attribute, then more modifiers before it.
      if view.kind(position) == .rightParen, let open = view.partner(position) {
        position = open - 1
        continue
      }
      let attribute = view.isIdentifier(position) && view.kind(position - 1) == .atSign
      if attribute {
        position -= 2
        continue
      }
      guard modifier else { return false }
      position -= 1
    }
    return false
  }

  /// The join key of a pattern hit: `Type.name` for `@Published`, the type for `ObservableObject`.
  private static func key(_ file: FileContext, category: CategoryID, start: Int, end: Int) -> String? {
    let view = file.view
    switch category {
    case .publishedProperty:
      var position = view.isWord(start - 1, "var") || view.isWord(start - 1, "let") ? start - 1 : start
      while position <= end + 40 && position < view.count {
        if view.isWord(position, "var") || view.isWord(position, "let"), view.kind(position + 1) == .identifier {
          let typePath = file.symbols.typePath(at: position)
          let name = view.text(position + 1)
          return typePath.isEmpty ? name : typePath + "." + name
        }
        if view.kind(position) == .leftBrace { break }
        position += 1
      }
      return nil
    case .observableObject:
      for position in start...end {
        for keyword in ["class", "struct", "extension", "actor", "enum"] where view.isWord(position, keyword) {
          var name = view.text(position + 1)
          var next = position + 2
          while view.isPeriod(next), view.kind(next + 1) == .identifier {
            name += "." + view.text(next + 1)
            next += 2
          }
          let outer = file.symbols.typePath(at: position)
          return keyword == "extension" || outer.isEmpty ? name : outer + "." + name
        }
      }
      return file.symbols.typePath(at: start).isEmpty ? nil : file.symbols.typePath(at: start)
    default:
      return nil
    }
  }
}
