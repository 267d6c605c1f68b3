/// Whether the inner publisher of a `flatMap { … }` (or of the `map { … }` before a
/// `switchToLatest()`) can fail, as far as one file says.
///
/// A `flatMap` over a stream that cannot fail fails exactly when its inner publisher does, so
/// `$query.flatMap { api.search($0) }` can fail only if `search` returns a failing publisher. The
/// file decides what it can see: `Just`, a `$x` projection or a notification publisher never
/// fail, `Fail`, `dataTaskPublisher`, `tryMap` and `decode` can, an explicit closure return type
/// says, and a `catch` or `replaceError` inside ends the failure. A call or property it cannot
/// see (`api.search($0)`) becomes a `Lookup` the tree pass answers from the declarations of the
/// tree (`TreeFacts.innerFailure`).
package enum InnerPublisher: Sendable, Hashable {
  /// It cannot fail.
  case never
  /// It can fail, for the reason given (`` `dataTaskPublisher` `` …).
  case fails(String)
  /// It fails if one of these declarations' types can fail.
  case lookup([Lookup])
  /// Nothing says.
  case unknown

  /// A function or property the inner publisher starts from, to find by its declaration.
  package struct Lookup: Sendable, Hashable {
    /// The function or property name (`search`).
    package var name: String
    /// The names before it (`["self", "api"]` in `self.api.search($0)`; `[]` for a bare call).
    package var qualifier: [String]
    /// The type the use sits in, whose members a bare or `self.` qualifier names.
    package var typePath: String
    /// The written type of the qualifier's first name when it is a local or parameter.
    package var localType: String
    /// 1-based line of the use.
    package var line: Int
  }

  /// Operators after which the inner publisher cannot fail.
  private static let recovering: Set<String> = ["replaceError", "assertNoFailure", "catch"]
  /// Operators that add a failure.
  private static let adding: Set<String> = [
    "tryMap", "tryCompactMap", "tryFilter", "tryReduce", "tryScan", "decode", "encode", "tryCatch",
    "tryRemoveDuplicates", "tryFirst", "tryLast", "tryContains", "tryAllSatisfy", "tryPrefix", "tryDrop",
    "setFailureType",
  ]

  /// The inner publisher of the `flatMap` or `switchToLatest` link `index` of `chain`.
  static func of(_ chain: PublisherChain, link index: Int, in file: FileContext) -> InnerPublisher {
    let link = chain.links[index]
    if link.name == "switchToLatest" {
      guard index > 0 else { return .unknown }
      let map = chain.links[index - 1]
      // `compactMap { … -> AnyPublisher<…>? in … }.switchToLatest()` drops the nils first.
      guard map.name == "map" || map.name == "compactMap", map.closureOpen >= 0 else { return .unknown }
      return closure(map.closureOpen, in: file, depth: 0)
    }
    if link.closureOpen >= 0 { return closure(link.closureOpen, in: file, depth: 0) }
    // `flatMap(api.search)`: a function passed by name.
    let view = file.view
    guard link.argumentsOpen >= 0, let close = view.partner(link.argumentsOpen) else { return .unknown }
    var position = link.argumentsOpen + 1
    if view.isWord(position), view.kind(position + 1) == .colon { position += 2 }
    if view.kind(position) == .leftBrace { return closure(position, in: file, depth: 0) }
    var names: [String] = []
    while position < close, view.isWord(position) {
      names.append(view.text(position))
      guard view.isPeriod(position + 1) else { break }
      position += 2
    }
    guard position + 1 == close, let name = names.popLast() else { return .unknown }
    return .lookup([lookup(name, qualifier: names, at: position, in: file)])
  }

  /// The result of the closure whose `{` is at `open`: its explicit return type, else every
  /// `return` (or the single expression) it has.
  private static func closure(_ open: Int, in file: FileContext, depth: Int) -> InnerPublisher {
    let view = file.view
    guard let close = view.partner(open) else { return .unknown }
    var body = open + 1
    // The signature: `[weak self] query -> AnyPublisher<[Item], Never> in`.
    var position = open + 1
    var arrow = -1
    while position < close, position - open < 80 {
      switch view.kind(position) {
      case .leftParen, .leftSquare:
        position = view.partner(position) ?? close
      case .arrow:
        arrow = position
      case .keyword where view.isWord(position, "in"):
        body = position + 1
        position = close
      case .identifier, .wildcard, .comma, .colon:
        break
      case .period where arrow >= 0:
        break
      default:
        // Not a signature (the first statement began).
        if arrow < 0 { position = close }
      }
      position += 1
    }
    if arrow >= 0, body > arrow {
      switch PublisherFailure.of(type: PublisherFailure.typeText(view, at: arrow + 1)) {
      case .never: return .never
      case .fails(let failure): return .fails("its closure is declared to return a publisher failing with `\(failure)`")
      case .unknown: break
      }
    }
    var results: [InnerPublisher] = []
    var sawReturn = false
    position = body
    while position < close {
      let kind = view.kind(position)
      if kind == .leftBrace, view.braceRole[position] != .statement, let end = view.partner(position) {
        // A nested closure or declaration returns for itself.
        position = end + 1
        continue
      }
      if kind == .keyword, view.isWord(position, "return") {
        sawReturn = true
        results.append(expression(at: position + 1, limit: close, in: file, depth: depth))
      }
      position += 1
    }
    if !sawReturn { results.append(expression(at: body, limit: close, in: file, depth: depth)) }
    return combine(results)
  }

  /// Branches of one result must have one type: a branch that says decides.
  private static func combine(_ results: [InnerPublisher]) -> InnerPublisher {
    var lookups: [Lookup] = []
    var failing: String?
    for result in results {
      switch result {
      case .never: return .never
      case .fails(let reason): if failing == nil { failing = reason }
      case .lookup(let found): lookups += found
      case .unknown: break
      }
    }
    if let failing { return .fails(failing) }
    return lookups.isEmpty ? .unknown : .lookup(lookups)
  }

  /// The expression at `start`, with the other branches of a ternary or `??`.
  private static func expression(at start: Int, limit: Int, in file: FileContext, depth: Int) -> InnerPublisher {
    let view = file.view
    var results: [InnerPublisher] = []
    var position = start
    var branches = 0
    while position < limit, branches < 4 {
      branches += 1
      let (result, end) = chain(at: position, limit: limit, in: file, depth: depth)
      results.append(result)
      let next = end + 1
      if next < limit, view.kind(next) == .infixQuestionMark || view.kind(next) == .colon || view.has(next, "??") {
        position = next + 1
        // `cond ? a : b`: the condition is not a branch.
        if view.kind(next) == .infixQuestionMark { results.removeLast() }
        continue
      }
      break
    }
    return combine(results)
  }

  /// The postfix chain at `start` (`self?.api.search(q).map { … }`) and its last position.
  ///
  /// Its source is the links before the first operator: the first of them that says
  /// (`Just`, `$x`, `dataTaskPublisher`) decides, else the last one is looked up
  /// (`search` in `self.api.search(q)`, `refresh` in `client().refresh()`).
  private static func chain(at start: Int, limit: Int, in file: FileContext, depth: Int) -> (InnerPublisher, Int) {
    let view = file.view
    var position = start
    while view.isWord(position, "try") || view.isWord(position, "await") {
      position += 1
      if view.kind(position) == .postfixQuestionMark || view.kind(position) == .exclamationMark { position += 1 }
    }
    var names: [String] = []
    var state = InnerPublisher.unknown
    var sourced = false
    var end = position
    var last = -1
    while position < limit {
      guard view.isWord(position) || view.isProjection(position) else { break }
      let name = view.text(position)
      let nameAt = position
      var next = position + 1
      var generic = ""
      if view.text(next).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, next) {
        generic = PublisherFailure.typeText(view, at: position)
        next = close + 1
      }
      var argumentsOpen = -1
      var closureOpen = -1
      if view.kind(next) == .leftParen, let close = view.partner(next) {
        argumentsOpen = next
        next = close + 1
      }
      if view.kind(next) == .leftBrace, view.braceRole[next] == .closure, let close = view.partner(next) {
        closureOpen = next
        next = close + 1
      }
      let isCall = argumentsOpen >= 0 || closureOpen >= 0
      end = next - 1
      if !sourced, isCall, last >= 0, isOperator(name) {
        // The first operator: the links before it are the source.
        let sourceName = names.removeLast()
        if sourceName != "self" { state = .lookup([lookup(sourceName, qualifier: names, at: last, in: file)]) }
        sourced = true
      }
      if !sourced {
        if let decided = source(
          name, at: nameAt, generic: generic, argumentsOpen: argumentsOpen, closureOpen: closureOpen, in: file)
        {
          state = decided
          sourced = true
        } else {
          names.append(name)
          last = nameAt
        }
      } else {
        state = apply(name, to: state, argumentsOpen: argumentsOpen, closureOpen: closureOpen, in: file, depth: depth)
      }
      while view.kind(next) == .postfixQuestionMark || view.kind(next) == .exclamationMark { next += 1 }
      guard view.isPeriod(next) else { break }
      position = next + 1
    }
    // No operator: the whole chain is the source (`self.updates`, `api.search(q)`).
    if !sourced, last >= 0, let name = names.popLast(), name != "self" {
      state = .lookup([lookup(name, qualifier: names, at: last, in: file)])
    }
    return (state, end)
  }

  /// Operators of the vocabulary, which a chain's source comes before.
  private static func isOperator(_ name: String) -> Bool {
    CombineVocabulary.isOperator(named: name) || recovering.contains(name) || adding.contains(name)
  }

  /// What a chain's first publisher says, or nil when it is a call the tree must look up.
  private static func source(
    _ name: String, at position: Int, generic: String, argumentsOpen: Int, closureOpen: Int, in file: FileContext
  ) -> InnerPublisher? {
    let view = file.view
    if view.isProjection(position) { return .never }
    switch name {
    case "Just": return .never
    case "Fail": return .fails("`Fail`")
    case "dataTaskPublisher": return .fails("`dataTaskPublisher` (`URLError`)")
    case "Empty", "Future", "PassthroughSubject", "CurrentValueSubject":
      if !generic.isEmpty {
        switch PublisherFailure.of(type: generic) {
        case .never: return .never
        case .fails(let failure): return .fails("`\(name)` failing with `\(failure)`")
        case .unknown: break
        }
      }
      // `Future { promise in … promise(.failure(error)) }`.
      if name == "Future", closureOpen >= 0, let close = view.partner(closureOpen) {
        for inner in closureOpen..<close where view.isPeriod(inner) && view.isWord(inner + 1, "failure") {
          return .fails("`Future` (its promise is called with `.failure`)")
        }
      }
      // `Empty()` and `Future { … }` take their failure from the context: they do not say.
      return .unknown
    case "publisher", "publish":
      // `NotificationCenter.default.publisher(for:)`, KVO's `publisher(for: \.x)`, `Timer.publish`.
      if argumentsOpen >= 0 { return .never }
      return nil
    default:
      return nil
    }
  }

  /// The inner publisher's failure after the operator `name`.
  private static func apply(
    _ name: String, to state: InnerPublisher, argumentsOpen: Int, closureOpen: Int, in file: FileContext, depth: Int
  ) -> InnerPublisher {
    if name == "catch" {
      // Recovers, unless its handler returns a failing publisher (`catch { Fail(error: …) }`).
      if closureOpen >= 0, case .fails(let reason) = closure(closureOpen, in: file, depth: depth + 1) {
        return .fails(reason)
      }
      return .never
    }
    if recovering.contains(name) { return .never }
    if adding.contains(name) { return .fails("`\(name)`") }
    if name == "flatMap", depth < 2, closureOpen >= 0 {
      let inner = closure(closureOpen, in: file, depth: depth + 1)
      switch (state, inner) {
      case (.fails, _): return state
      case (_, .fails): return inner
      case (.lookup(let outer), .lookup(let more)): return .lookup(outer + more)
      case (.never, _): return inner
      case (_, .never): return state
      default: return .unknown
      }
    }
    return state
  }

  /// A lookup of `name` used at `position`.
  private static func lookup(_ name: String, qualifier: [String], at position: Int, in file: FileContext) -> Lookup {
    var found = Lookup(
      name: name, qualifier: qualifier, typePath: file.symbols.typePath(at: position), localType: "",
      line: file.line(of: position))
    if let head = qualifier.first, head != "self" {
      found.localType = FactsCollector.localType(file, of: head, before: position)
    }
    return found
  }
}
