import ScanModel

/// How a publisher's stream ends, as far as the tree says: what decides whether `try await` can
/// replace a chain built on it.
package enum StreamEnd: String, Sendable, Hashable {
  /// Never finishes: built from a subject, a `$x`, a timer, a notification or a KVO publisher.
  case endless
  /// Delivers one value (or none) and finishes: `Future`, `Just`, `Fail`, `dataTaskPublisher`.
  case oneShot = "one-shot"
  /// The declaration does not say.
  case unknown
}

/// A function of the file returning a publisher, and how its body's stream ends.
///
/// `func changes() -> AnyPublisher<[Item], Never> { subject.eraseToAnyPublisher() }` is
/// endless; `func load() -> AnyPublisher<Item, Error> { Future { … }.eraseToAnyPublisher() }` is
/// one-shot; a body that only calls something else (`api.fetch().map(…)`) is unknown. The tree
/// pass joins them by name; a chain whose source calls one takes its end from there.
package struct PublisherSource: Sendable, Hashable {
  /// The function's name.
  package var name: String
  /// The last name of the type declaring it (`App` in `Mastodon.API.App`), "" at file level: a
  /// call that writes it (`Mastodon.API.App.verifyCredentials(…)`) means this declaration.
  package var owner = ""
  /// 1-based line of its `func`.
  package var line: Int
  /// How its stream ends.
  package var end: StreamEnd
  /// For an unknown end: the function its body starts from (`client.feedPublisher()` gives
  /// `feedPublisher`), whose end the tree may know.
  package var via = ""

  /// Names in a body that make its stream endless. Bytes, not a `Set<String>`: every word of
  /// every publisher-returning body is tested, and a `String` each cost more than the rest.
  private static let endlessWords = ByteWords([
    "PassthroughSubject", "CurrentValueSubject", "Timer", "NotificationCenter", "objectWillChange",
  ])
  /// Names in a body that make its stream one-shot (when nothing endless is there).
  private static let oneShotWords = ByteWords(["Future", "Just", "Fail", "dataTaskPublisher", "Deferred", "Result"])

  /// The publisher-returning functions of `file`.
  static func all(in file: FileContext) -> [PublisherSource] {
    let view = file.view
    var result: [PublisherSource] = []
    // Over the declaration words (`SignificantTokenView.declarationWords`), where every `func`
    // is, not over every token.
    for word in view.declarationWords {
      let position = Int(word)
      guard view.has(position, "func"), view.isIdentifier(position + 1) else { continue }
      // Head: to the body `{`, noting the return type after `->`.
      var scan = position + 2
      var returnsPublisher = false
      var afterArrow = false
      var body = -1
      while scan < view.count, scan - position < 200 {
        let kind = view.kind(scan)
        if kind == .leftBrace {
          body = scan
          break
        }
        if kind == .rightBrace || view.isWord(scan, "func") || view.isWord(scan, "var") || view.isWord(scan, "let") {
          break
        }
        if case .arrow = kind { afterArrow = true }
        // By bytes: this runs for every word of every function head that returns something.
        if afterArrow, view.isIdentifier(scan),
          endsWith(view, scan, publisherBytes) || endsWith(view, scan, subjectBytes) || view.has(scan, "Future")
            || view.has(scan, "Just")
        {
          returnsPublisher = true
        }
        if kind == .leftParen, let close = view.partner(scan) { scan = close }
        scan += 1
      }
      guard returnsPublisher, body >= 0, let close = view.partner(body) else { continue }
      // `extension Publisher { func asyncMap(…) -> … }` is an operator applied to an upstream,
      // not a source: its body says nothing about the stream it is applied to.
      let owner = file.symbols.typePath(at: position).afterLast(UInt8(ascii: "."))
      if CombineVocabulary.publisherTypes.contains(owner) || owner == "Publishers" { continue }
      var source = PublisherSource(
        name: view.text(position + 1), line: file.line(of: position),
        end: end(of: body..<close, in: file))
      source.owner = owner
      if source.end == .unknown { source.via = firstCall(in: body..<close, view: view) }
      result.append(source)
    }
    return result
  }

  private static let publisherBytes = Array("Publisher".utf8)
  private static let subjectBytes = Array("Subject".utf8)

  /// True when the token at `position` ends with `suffix`.
  private static func endsWith(_ view: SignificantTokenView, _ position: Int, _ suffix: [UInt8]) -> Bool {
    let end = view.endOffset(position)
    let start = end - suffix.count
    guard start >= view.startOffset(position) else { return false }
    let source = view.stream.source
    for index in 0..<suffix.count where source[start + index] != suffix[index] { return false }
    return true
  }

  /// The first call of `range` that is not an operator: what a delegating body returns.
  private static func firstCall(in range: Range<Int>, view: SignificantTokenView) -> String {
    for position in range where view.isIdentifier(position) && view.kind(position + 1) == .leftParen {
      let text = view.text(position)
      if CombineVocabulary.isOperator(named: text) {
        return ""
      }
      return text
    }
    return ""
  }

  /// How the stream built in `range` ends.
  ///
  /// A one-shot word counts only outside the body's closures: `request().catch { Just(fallback) }`
  /// recovers from an error with one value, and `upstream.flatMap { Just($0) }` maps each value;
  /// either stream ends as its upstream does, and calling it one-shot advised `try await` on an
  /// endless one. What makes a stream endless counts anywhere.
  private static func end(of range: Range<Int>, in file: FileContext) -> StreamEnd {
    let view = file.view
    var oneShot = false
    var limited = false
    // The end of the outermost closure open at `position`, -1 outside any.
    var closureEnd = -1
    for position in range {
      if position > closureEnd, view.kind(position) == .leftBrace, view.braceRole[position] == .closure {
        closureEnd = view.partner(position) ?? range.upperBound
      }
      if view.isProjection(position) { return limited ? .unknown : .endless }
      guard view.isIdentifier(position) else { continue }
      if endlessWords.index(at: position, in: view) != nil
        || (file.mayNameSubject(position) && file.subjectNames.contains(view.text(position)))
      {
        return limited ? .unknown : .endless
      }
      // KVO and notification publishers: `publisher(for: \.x)`, `publisher(for: .name)`.
      if view.has(position, "publisher"), view.kind(position + 1) == .leftParen, view.isWord(position + 2, "for") {
        return limited ? .unknown : .endless
      }
      if position > closureEnd, oneShotWords.index(at: position, in: view) != nil { oneShot = true }
      if view.isPeriod(position - 1), CombineVocabulary.singleValueOperators.contains(view.text(position)) {
        limited = true
      }
    }
    return oneShot ? .oneShot : .unknown
  }
}
