import ScanModel

/// Finds the declarations that bridge Combine and async code in one file.
///
/// Runs for every file whatever rules are enabled, because the global pass needs the helpers to
/// resolve indirect `Future`/`Task` wrappers in other files. Three shapes:
/// - `extension Future { convenience init(operation: @escaping () async throws -> Output) {
///   self.init { promise in Task { … } } } }`: a `future-initialiser`;
/// - `func makeFuture<T>(_ work: @escaping () async throws -> T) -> Future<T, Error> {
///   Future { promise in Task { … } } }`: a `future-function`;
/// - any member of an extension of a publisher type whose head says `async`
///   (`var firstValue: Output { get async throws { … } }`, `func asyncMap(…)`): a `member`.
package enum BridgeHelperScanner {
  /// One helper and where its head is.
  package struct Entry: Sendable, Hashable {
    /// The helper as the global pass sees it.
    package var helper: CombineFacts.Helper
    /// From the declaration keyword to the token before the body.
    package var start: Int
    /// Last position of the head (the token before the body `{`).
    package var end: Int
  }

  /// Every helper of the file, in source order.
  package static func scan(_ file: FileContext) -> [Entry] {
    // Each shape needs `async` in its head.
    guard file.hints.hasAsync else { return [] }
    let view = file.view
    var entries: [Entry] = []
    for (index, scope) in file.symbols.scopes.enumerated() where !scope.isType && scope.open >= 0 {
      guard let member = scope.member, let signature = file.signature(ofScope: index) else { continue }
      let extended = scope.typePath.afterLast(UInt8(ascii: "."))
      let isPublisherExtension =
        CombineVocabulary.publisherTypes.contains(extended) || scope.typePath.hasPrefix("Publishers.")
      // A line needs the file's line index, which most files never build: ask only for a helper.
      var line: Int { file.line(of: signature.keyword) }
      let end = signature.bodyOpen - 1
      if isPublisherExtension && member == "init" && extended == "Future" {
        guard signature.parametersContain("async", in: view),
          FutureTaskWrapperDetector.wrapsTaskInFuture(view, from: scope.open, to: scope.close)
        else {
          continue
        }
        entries.append(
          Entry(
            helper: .init(kind: .futureInitialiser, name: "Future.init", labels: signature.labels, line: line),
            start: signature.keyword, end: end))
      } else if isPublisherExtension {
        let accessorAsync =
          (view.isWord(scope.open + 1, "get") && view.isWord(scope.open + 2, "async"))
        guard signature.headContains("async", in: view) || accessorAsync else { continue }
        entries.append(
          Entry(
            helper: .init(kind: .member, name: member, labels: signature.labels, line: line), start: signature.keyword,
            end: end))
      } else if view.isWord(signature.keyword, "func"), signature.parametersContain("async", in: view),
        FutureTaskWrapperDetector.wrapsTaskInFuture(view, from: scope.open, to: scope.close)
      {
        entries.append(
          Entry(
            helper: .init(kind: .futureFunction, name: member, labels: signature.labels, line: line),
            start: signature.keyword, end: end))
      }
    }
    return entries
  }
}
