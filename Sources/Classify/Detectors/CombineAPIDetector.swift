import ScanModel
import SwiftLexer

/// Code that produces publishers for others (DOMAIN.md `combine-api`):
///
/// - a custom conformance to `Publisher`, `Subscriber` or `Subscription` (`struct
///   DefaultsPublisher: Publisher`, `extension Observer: Subscriber`);
/// - `public`/`open` API whose written type is a publisher: a function returning one
///   (`public func changes() -> AnyPublisher<[Item], Never>`), a property of a publisher type,
///   a function taking one (`public func bind<P: Publisher>(_ source: P)`), members of a `public
///   extension` or a `public protocol` included.
///
/// The verdict is made in the global pass, which knows the module: in a library product the
/// publisher stays for the clients outside the tree, and an `async` alternative goes beside it.
/// The key says what the hit is: `T` a public conformance, `U` one only its module sees (an
/// internal `Subscription` is not reported at all), `O` an operator (a member of `extension
/// Publisher`, whose clients are Combine chains), `R` API returning a publisher, `P` API taking
/// one, `A` public API returning an async sequence (never a finding: the library's alternative
/// already there); then the name.
struct CombineAPIDetector: Detector {
  static let name = "combine-api"
  var names: [String] { [Self.name] }

  func mayFind(in file: FileContext) -> Bool { file.hints.producer }

  /// The protocols whose conformances produce or consume values for Combine.
  private static let producerProtocols = ByteWords(["Publisher", "Subscriber", "Subscription"])
  /// Type keywords that may carry an inheritance clause.
  private static let typeWords = ByteWords(["class", "struct", "enum", "actor", "extension"])
  /// Keywords that declare API of a type.
  private static let memberWords = ByteWords(["func", "var", "let", "subscript"])

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    var conformances: [(hit: DetectorHit, path: String, enclosing: String)] = []
    // API needs `public` or `open` somewhere: on the declaration or on its type.
    let mayDeclareAPI = file.hints.access
    for word in view.declarationWords {
      let position = Int(word)
      output.steps += 1
      if Self.typeWords.index(at: position, in: view) != nil {
        if let hit = conformance(file, at: position) {
          let enclosing = file.symbols.typePath(at: position)
          let name = String(hit.key?.dropFirst() ?? "")
          conformances.append((hit, enclosing.isEmpty ? name : enclosing + "." + name, enclosing))
        }
      } else if mayDeclareAPI, Self.memberWords.index(at: position, in: view) != nil {
        if let hit = api(file, at: position) { output.hits.append(hit) }
      }
    }
    // A conformance nested in another producer (`Amb.Subscription`) or in `extension Publishers`
    // is that operator's implementation, not API of its own.
    let producers = Set(conformances.map(\.path))
    for entry in conformances {
      let outer = entry.enclosing
      if outer == "Publishers" || outer.hasPrefix("Publishers.") || producers.contains(outer) { continue }
      output.hits.append(entry.hit)
    }
  }

  /// `struct P: Publisher {`: the protocol it conforms to, from the inheritance clause.
  private func conformance(_ file: FileContext, at keyword: Int) -> DetectorHit? {
    let view = file.view
    guard view.isIdentifier(keyword + 1) else { return nil }
    var name = keyword + 1
    while view.isPeriod(name + 1), view.isIdentifier(name + 2) { name += 2 }
    var scan = name + 1
    if view.has(scan, "<"), let close = FutureTaskWrapperDetector.genericEnd(view, scan) { scan = close + 1 }
    guard view.kind(scan) == .colon else { return nil }
    var found: String?
    var steps = 0
    scan += 1
    while scan < view.count, steps < 40, view.kind(scan) != .leftBrace, !view.isWord(scan, "where") {
      steps += 1
      // `Combine.Publisher` counts; `Publishers.Map` or `Foo.Publisher` of another module do not.
      if Self.producerProtocols.index(at: scan, in: view) != nil,
        !view.isPeriod(scan - 1) || view.isWord(scan - 2, "Combine")
      {
        found = view.text(scan)
        break
      }
      scan += 1
    }
    guard let found else { return nil }
    let typeName = String(view.normalisedText(keyword + 1, name).filter { $0 != " " })
    let scope = file.symbols.scope(at: keyword)
    let isPublic = Self.isPublic(view, keyword: keyword, enclosing: scope)
    // A `Subscription` is the inside of a publisher; the publisher is what others see.
    if found == "Subscription" && !isPublic { return nil }
    // `T` for a public type (API of a library), `U` for one only the module sees; `S` for a
    // public `Subscriber`, which consumes what its clients' publishers deliver.
    let isSubscriber = found == "Subscriber"
    let kind = !isPublic ? "U" : isSubscriber ? "S" : "T"
    var hit = DetectorHit(name: Self.name, start: keyword, end: name, key: kind + typeName)
    let head = "`\(view.isWord(keyword, "extension") ? "extension" : view.text(keyword)) \(typeName): \(found)`"
    if isSubscriber {
      hit.message = "custom `Subscriber`: \(head) consumes what Combine publishers deliver"
      hit.reasons = ["`\(typeName)` conforms to `Subscriber`: the chains that subscribe it are its users"]
    } else {
      hit.message =
        "custom `\(found)`: \(head) produces values for Combine; give its consumers an `AsyncSequence` beside it"
      hit.reasons = ["`\(typeName)` conforms to `\(found)`: what it delivers is the source of every chain built on it"]
    }
    return hit
  }

  /// A `public`/`open` function or property whose written type is a publisher.
  private func api(_ file: FileContext, at keyword: Int) -> DetectorHit? {
    let view = file.view
    guard view.isIdentifier(keyword + 1) || view.isWord(keyword, "subscript") else { return nil }
    let scope = file.symbols.scope(at: keyword)
    // Members of types only: a local `let` in a function body is nobody's API.
    guard scope.member == nil, scope.isType || scope.open < 0 else { return nil }
    guard Self.isPublic(view, keyword: keyword, enclosing: scope) else { return nil }
    // `@available(iOS, obsoleted: 14.0) var publisher`: a backport of the platform's own API,
    // which goes with the old targets; nothing to add an `async` alternative to.
    guard !Self.isObsoleted(view, before: keyword) else { return nil }
    let name = view.isWord(keyword, "subscript") ? "subscript" : view.text(keyword + 1)
    let isOperator = Self.isPublisherExtension(view, scope: scope)
    // A function of `extension Publisher` is an operator on a client's publisher whatever it
    // returns (CombineExpectations' `record() -> Recorder`), unless Combine spells one so: a
    // test's `.subscribe(subscriber)` or `.assign(to:)` is Combine's, not CombineExt's overload.
    let types =
      publisherTypes(view, keyword: keyword)
      ?? (isOperator && view.isWord(keyword, "func") && !CombineVocabulary.isCombineCall(name) ? (true, false) : nil)
    guard let (returns, _) = types else {
      // Public API returning an async sequence: an `async` alternative the library already has
      // (`A`, never a finding of its own; the tree pass names it beside the publisher API).
      guard Self.returnsAsyncSequence(view, keyword: keyword) else { return nil }
      return DetectorHit(name: Self.name, start: keyword, end: keyword + 1, key: "A" + name)
    }
    let owner = scope.typePath
    let kind = isOperator ? "O" : returns ? "R" : "P"
    let symbol = owner.isEmpty ? name : owner + "." + name
    var hit = DetectorHit(name: Self.name, start: keyword, end: keyword + 1, key: kind + name)
    if isOperator {
      hit.message = "public Combine operator `\(name)`: its clients are Combine chains; keep it"
      hit.reasons = ["`\(name)` is declared in `extension \(owner)`: an operator applied to a client's publisher"]
    } else {
      let what = returns ? "returns a publisher" : "takes a publisher"
      hit.message = "public API `\(symbol)` \(what): add an `async` alternative beside it"
      hit.reasons = ["`\(symbol)` is `public` and its type is written as a publisher (\(what))"]
    }
    return hit
  }

  /// Whether the declaration's written type returns a publisher, takes one, or neither (nil).
  private func publisherTypes(_ view: SignificantTokenView, keyword: Int) -> (Bool, Bool)? {
    // The declaration's own name is no type: `func readPublisher(…) -> Read` takes nothing.
    var scan = view.isWord(keyword, "subscript") ? keyword + 1 : keyword + 2
    var returns = false
    var takes = false
    var afterArrow = view.isWord(keyword, "var") || view.isWord(keyword, "let")
    var steps = 0
    while scan < view.count, steps < 200 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { break }
      // A property's type ends at its value; a stored `= PassthroughSubject<…>()` is its type too.
      if kind == .equal, view.isWord(keyword, "var") || view.isWord(keyword, "let") {
        if Self.namesPublisher(view, scan + 1) { returns = true }
        break
      }
      if scan > keyword + 1, Self.memberWords.index(at: scan, in: view) != nil || view.isWord(scan, "init") { break }
      if case .arrow = kind { afterArrow = true }
      // `Publishers.Map<Self, T>` and `DatabasePublishers.Read<T>` name a publisher by their
      // namespace; `Foo.Publisher` by its last word.
      if view.isIdentifier(scan), Self.namesPublisher(view, scan),
        !view.isPeriod(scan + 1) || view.endsWith(scan, "Publishers")
      {
        if afterArrow { returns = true } else { takes = true }
      }
      scan += 1
    }
    return returns || takes ? (returns, takes) : nil
  }

  /// True when the declaration's written type, after `->` for a function, is an async sequence:
  /// `AsyncStream<…>`, `AsyncThrowingStream<…>`, `some AsyncSequence<…>`, `AsyncPublisher<…>`.
  private static func returnsAsyncSequence(_ view: SignificantTokenView, keyword: Int) -> Bool {
    var scan = keyword + 1
    var typed = view.isWord(keyword, "var") || view.isWord(keyword, "let")
    var steps = 0
    while scan < view.count, steps < 200 {
      steps += 1
      let kind = view.kind(scan)
      if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || kind == .equal { return false }
      if case .arrow = kind { typed = true }
      if typed, view.isIdentifier(scan), asyncSequenceNames.index(at: scan, in: view) != nil { return true }
      if kind == .leftParen, !typed, let close = view.partner(scan) { scan = close }
      scan += 1
    }
    return false
  }

  private static let asyncSequenceNames = ByteWords([
    "AsyncStream", "AsyncThrowingStream", "AsyncSequence", "AsyncPublisher", "AsyncThrowingPublisher",
  ])

  /// A publisher type's name: `AnyPublisher`, `Published<Int>.Publisher`, `some Publisher`,
  /// `PassthroughSubject`, `Future`, `Just`, … (the last word of a dotted name), or a namespace
  /// of publishers before its member (`DatabasePublishers.Read`).
  private static func namesPublisher(_ view: SignificantTokenView, _ position: Int) -> Bool {
    guard view.isIdentifier(position) else { return false }
    return view.endsWith(position, "Publisher") || view.endsWith(position, "Subject")
      || (view.endsWith(position, "Publishers") && view.isPeriod(position + 1))
      || publisherNames.index(at: position, in: view) != nil
  }

  /// Combine types whose name does not end in `Publisher` or `Subject`.
  private static let publisherNames = ByteWords(["Future", "Just", "Fail", "Deferred", "Publishers"])

  /// `public`/`open` written among the declaration's modifiers, or the declaration inside a
  /// `public extension` or a `public protocol` with no access modifier of its own.
  static func isPublic(_ view: SignificantTokenView, keyword: Int, enclosing scope: SymbolIndex.Scope)
    -> Bool
  {
    switch modifierAccess(view, before: keyword) {
    case .open: return true
    case .fileScoped, .closed: return false
    case .unwritten:
      guard scope.open >= 0, scope.isType else { return false }
      return typeHeadIsPublic(view, open: scope.open)
    }
  }

  /// True when the modifiers before `keyword` make the declaration `private` or `fileprivate`
  /// (`private(set)` limits the setter alone): only its own file can name it.
  static func isFilePrivate(_ view: SignificantTokenView, keyword: Int) -> Bool {
    modifierAccess(view, before: keyword) == .fileScoped
  }

  /// The access a declaration's modifiers write: `public`/`open`; `private`/`fileprivate` (its
  /// file alone); `internal`/`package`; or none.
  private enum Access { case open, fileScoped, closed, unwritten }

  /// The access level among the modifiers and attributes before `keyword`.
  private static func modifierAccess(_ view: SignificantTokenView, before keyword: Int) -> Access {
    var scan = keyword - 1
    var steps = 0
    while scan >= 0, steps < 16 {
      steps += 1
      if view.kind(scan) == .rightParen, let open = view.partner(scan) {
        // `private(set)` says nothing of the getter; `@available(…)` is an attribute.
        scan = open - 1
        continue
      }
      guard view.isWord(scan) || view.isIdentifier(scan) else { break }
      if view.isWord(scan, "public") || view.isWord(scan, "open") {
        return view.kind(scan + 1) == .leftParen ? .unwritten : .open
      }
      if view.isWord(scan, "private") || view.isWord(scan, "fileprivate") {
        if view.kind(scan + 1) != .leftParen { return .fileScoped }
      } else if view.isWord(scan, "internal") || view.isWord(scan, "package") {
        if view.kind(scan + 1) != .leftParen { return .closed }
      }
      // An attribute's name follows its `@`, which is its own token.
      if view.has(scan - 1, "@") {
        scan -= 2
        continue
      }
      scan -= 1
    }
    return .unwritten
  }

  /// True when an `@available(…, obsoleted: …)` is among the attributes before `keyword`.
  private static func isObsoleted(_ view: SignificantTokenView, before keyword: Int) -> Bool {
    var scan = keyword - 1
    var steps = 0
    while scan > 1, steps < 16 {
      steps += 1
      if view.kind(scan) == .rightParen, let open = view.partner(scan) {
        if view.isWord(open - 1, "available") {
          for position in open..<scan where view.isWord(position, "obsoleted") { return true }
        }
        scan = open - 1
        continue
      }
      guard view.isWord(scan) || view.isIdentifier(scan) || view.kind(scan) == .atSign else { return false }
      scan -= 1
    }
    return false
  }

  /// True when the type declaration whose body opens at `open` is a `public`/`open` extension
  /// or protocol (whose members take that access).
  private static func typeHeadIsPublic(_ view: SignificantTokenView, open: Int) -> Bool {
    guard let keyword = typeKeyword(view, open: open) else { return false }
    guard view.isWord(keyword, "extension") || view.isWord(keyword, "protocol") else { return false }
    return modifierAccess(view, before: keyword) == .open
  }

  /// The `extension`/`protocol`/`class`/… keyword heading the body that opens at `open`.
  private static func typeKeyword(_ view: SignificantTokenView, open: Int) -> Int? {
    var scan = open - 1
    var steps = 0
    while scan >= 0, steps < 80 {
      steps += 1
      switch view.kind(scan) {
      case .leftBrace, .rightBrace, .semicolon: return nil
      case .rightParen, .rightSquare:
        guard let other = view.partner(scan) else { return nil }
        scan = other - 1
        continue
      default:
        break
      }
      if typeWords.index(at: scan, in: view) != nil || view.isWord(scan, "protocol") { return scan }
      scan -= 1
    }
    return nil
  }

  /// True for members of `extension Publisher`, `extension Publishers.…` or an extension of a
  /// Combine type: operators on a client's publisher.
  private static func isPublisherExtension(_ view: SignificantTokenView, scope: SymbolIndex.Scope) -> Bool {
    guard scope.isType, scope.open >= 0, let keyword = typeKeyword(view, open: scope.open),
      view.isWord(keyword, "extension")
    else { return false }
    let first = keyword + 1
    if CombineVocabulary.publisherTypes.contains(view.text(first)) || view.isWord(first, "Publishers")
      || (view.isWord(first, "Combine") && view.isPeriod(first + 1))
    {
      return true
    }
    // `extension Collection where Element: Publisher`: operators on a client's publishers too.
    for position in first..<scope.open where view.isWord(position, "Publisher") { return true }
    return false
  }
}
