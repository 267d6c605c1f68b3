import ScanModel

/// Finds the declarations that bridge Combine and async code in one file.
///
/// Runs for every file whatever rules are enabled, because the global pass needs the helpers to
/// resolve indirect `Future`/`Task` wrappers in other files. Four shapes:
/// - `extension Future { convenience init(operation: @escaping () async throws -> Output) {
///   self.init { promise in Task { … } } } }`: a `future-initialiser`, however many parameters
///   (`priority: TaskPriority? = nil`, `isolation: isolated (any Actor)? = #isolation`, `_`);
/// - `extension Future { static func detached(_ work: …) -> Self { self.init { promise in
///   Task.detached { … } } } }`: a `future-factory`, called as `Future.detached { … }`;
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
      func helper(_ kind: CombineFacts.Helper.Kind, _ name: String) -> Entry {
        var helper = CombineFacts.Helper(kind: kind, name: name, labels: signature.labels, line: line)
        helper.defaulted = signature.parameters.map { hasDefault(view, $0) }
        helper.takesClosure = signature.parameters.map { isFunctionType(view, $0) }
        return Entry(helper: helper, start: signature.keyword, end: end)
      }
      let wraps = {
        signature.parametersContain("async", in: view)
          && FutureTaskWrapperDetector.wrapsTaskInFuture(view, from: scope.open, to: scope.close)
      }
      if isPublisherExtension && member == "init" && extended == "Future" {
        guard wraps() else { continue }
        entries.append(helper(.futureInitialiser, "Future.init"))
      } else if extended == "Future", signature.isStatic(in: view), wraps() {
        entries.append(helper(.futureFactory, member))
      } else if isPublisherExtension {
        let accessorAsync =
          (view.isWord(scope.open + 1, "get") && view.isWord(scope.open + 2, "async"))
        guard signature.headContains("async", in: view) || accessorAsync else { continue }
        entries.append(helper(.member, member))
      } else if view.isWord(signature.keyword, "func"), wraps() {
        entries.append(helper(.futureFunction, member))
      }
    }
    return entries
  }

  /// True when the parameter has a default value: an `=` at the top level of its type range.
  private static func hasDefault(_ view: SignificantTokenView, _ parameter: DeclarationSignature.Parameter) -> Bool {
    var position = parameter.typeStart
    while position <= parameter.typeEnd {
      if view.kind(position) == .equal { return true }
      if let other = view.partner(position), other > position { position = other }
      position += 1
    }
    return false
  }

  /// True when the parameter's type is a function type (an `->` before any default value),
  /// optional or attributed ones included: `@escaping @Sendable () async throws -> Output`,
  /// `(() async -> Void)?`.
  private static func isFunctionType(_ view: SignificantTokenView, _ parameter: DeclarationSignature.Parameter) -> Bool
  {
    var position = parameter.typeStart
    while position <= parameter.typeEnd {
      let kind = view.kind(position)
      if kind == .equal { return false }
      if kind == .arrow { return true }
      position += 1
    }
    return false
  }
}
