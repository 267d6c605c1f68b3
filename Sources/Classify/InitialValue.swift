/// A `Just` that starts or joins a stream rather than being one-shot work.
///
/// `timer.merge(with: Just(Date()))`, `defaultsPublisher.merge(with: Just(true))`,
/// `$query.prepend(Just(""))`, `Publishers.CombineLatest(Just(0), $count)` and
/// `Just(true).merge(with: changes)` give the stream its first value; the `Just` moves with the
/// pipeline it is part of, so it is not planned as a one-shot operation of its own.
enum InitialValue {
  /// Operators and combining publishers that take a `Just` as a first value or a second source.
  private static let combining: Set<String> = [
    "merge", "prepend", "append", "combineLatest", "zip", "Merge", "Merge3", "Merge4", "MergeMany", "CombineLatest",
    "CombineLatest3", "CombineLatest4", "Zip", "Zip3", "Zip4",
  ]

  /// True when the `Just` at `position` is an argument of a combining call or the receiver of one.
  static func isInitialValue(_ view: SignificantTokenView, at position: Int) -> Bool {
    var start = position
    if view.isPeriod(start - 1), view.isWord(start - 2, "Combine") { start -= 2 }
    // Receiver: `Just(true).merge(with: …)`.
    if view.kind(position + 1) == .leftParen, let close = view.partner(position + 1), view.isPeriod(close + 1),
      view.isIdentifier(close + 2), view.kind(close + 3) == .leftParen, combining.contains(view.text(close + 2))
    {
      return true
    }
    // Argument: `merge(with: Just(…))`, `CombineLatest(Just(0), $count)`.
    var previous = start - 1
    if view.kind(previous) == .colon, view.isWord(previous - 1) { previous -= 2 }
    guard view.kind(previous) == .leftParen || view.kind(previous) == .comma else { return false }
    var scan = previous
    var steps = 0
    while scan > 0, steps < 200 {
      steps += 1
      switch view.kind(scan) {
      case .leftParen:
        return view.isIdentifier(scan - 1) && combining.contains(view.text(scan - 1))
      case .rightParen, .rightSquare, .rightBrace:
        guard let open = view.partner(scan) else { return false }
        scan = open - 1
      case .leftBrace, .leftSquare:
        return false
      default:
        scan -= 1
      }
    }
    return false
  }
}

/// A `Just`, `Fail` or `Empty` built inside the closure of an operator
/// (`$state.map { … Just(state).delay(…) }.switchToLatest()`, `.flatMap { … return Just(false) }`,
/// `.catch { _ in Just([]) }`): the inner publisher of that pipeline, which changes with it; it
/// is no one-shot operation of its own.
enum InnerOneShot {
  /// Operators whose closure returns a publisher (or a value the pipeline carries on with).
  private static let operators: Set<String> = ["map", "flatMap", "compactMap", "tryMap", "catch", "tryCatch"]
  /// Enclosing braces looked through (a `switch` or `if` inside the closure holds the `Just`).
  private static let depth = 6

  /// True when an enclosing `{` of `position`, within `depth` braces, opens the trailing closure
  /// of `.operator { … }` or `.operator(…) { … }` (or `operator { … }` first in a body).
  static func isInsideOperatorClosure(_ view: SignificantTokenView, at position: Int) -> Bool {
    var scan = position - 1
    var braces = 0
    var steps = 0
    while scan > 0, steps < 4_000, braces < depth {
      steps += 1
      switch view.kind(scan) {
      case .rightParen, .rightSquare, .rightBrace:
        guard let open = view.partner(scan) else { return false }
        scan = open - 1
      case .leftBrace:
        braces += 1
        var before = scan - 1
        if view.kind(before) == .rightParen, let open = view.partner(before) { before = open - 1 }
        // `.map {`, or `map {` with an implicit `self` at the start of a body (an operator of
        // the tree's own in `extension Publisher`).
        if view.isWord(before), view.isPeriod(before - 1) || view.kind(before - 1) == .leftBrace,
          operators.contains(view.text(before))
        {
          return true
        }
        scan -= 1
      default:
        scan -= 1
      }
    }
    return false
  }
}

/// A `Fail` or `Empty` returned from an `else` block (`guard let context else { return
/// Fail(error: .noContext).eraseToAnyPublisher() }`): the early exit of a function whose own
/// result is the publisher returned after it (a stream, or a one-shot reported there), not a
/// one-shot API of its own.
enum EarlyExitPublisher {
  static func isEarlyExit(_ view: SignificantTokenView, at position: Int) -> Bool {
    guard view.isWord(position - 1, "return"), let brace = view.openBrace(before: position - 1, limit: 2_000) else {
      return false
    }
    return view.isWord(brace - 1, "else")
  }
}

/// The one place that decides whether a one-shot publisher hit is work of its own.
enum NotOneShot {
  /// True when the `Just`, `Fail` or `Empty` at `position` moves with something else:
  /// - `timer.merge(with: Just(Date()))`: a stream's first value (`InitialValue`, `Just` only);
  /// - `.flatMap { … Just(false) }`: a pipeline's inner publisher (`InnerOneShot`);
  /// - `var updatesPublisher: AnyPublisher<Void, Never> = Just(())…`: a property's stub (`PublisherStub`);
  /// - `guard … else { return Fail(…) }`: a function's early exit (`EarlyExitPublisher`, not `Just`).
  static func belongsElsewhere(_ view: SignificantTokenView, at position: Int) -> Bool {
    let just = view.isWord(position, "Just")
    guard just || view.isWord(position, "Fail") || view.isWord(position, "Empty") else { return false }
    if just, InitialValue.isInitialValue(view, at: position) { return true }
    return InnerOneShot.isInsideOperatorClosure(view, at: position) || PublisherStub.isPropertyValue(view, at: position)
      || (!just && EarlyExitPublisher.isEarlyExit(view, at: position))
  }
}
