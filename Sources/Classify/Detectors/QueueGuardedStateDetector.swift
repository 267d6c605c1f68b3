/// A private `DispatchQueue` guarding stored properties by convention: an `actor` (or
/// `@MainActor`) candidate, because the rule "only touch `cache` on `queue`" lives in a comment.
///
///     final class ImageCache {
///       private let queue = DispatchQueue(label: "cache", attributes: .concurrent)
///       private var images: [URL: Image] = [:]
///       func image(for url: URL) -> Image? { queue.sync { images[url] } }
///       func store(_ image: Image, for url: URL) { queue.async(flags: .barrier) { self.images[url] = image } }
///     }
///
/// Flags the queue declaration when at least one stored `var` of the same type is used only inside
/// closures of that queue (`queue.sync { }`, `queue.async { }`, `async(flags: .barrier)`,
/// `asyncAfter`), outside initialisers; reasons name the properties and the queue. The queue may be
/// initialised in place, typed and created in `init`, or a `lazy var queue: DispatchQueue = { … }()`.
///
/// Correct code, not a bug: a migration candidate whose remedy depends on its users (DOMAIN.md):
/// `@MainActor` when the type is UI code, `Mutex`/`OSAllocatedUnfairLock` when its API is
/// synchronous (reads return from `queue.sync`, nothing in the type is `async`: a reader/writer
/// lock an `actor` would force every caller to `await`), and an `actor` otherwise.
struct QueueGuardedStateDetector: Detector {
  static let name = "queue-guarded-state"
  var names: [String] { [Self.name] }

  // Only closures passed to `sync`, `async` or `asyncAfter` guard state.
  // `sync` alone is no filter (every `async` holds it); the detector only reports a stored
  // property initialised or typed as `DispatchQueue`, so that word must be in the file.
  func mayFind(in file: FileContext) -> Bool { file.hints.sync && file.hints.dispatchQueue }

  /// True when a scope named `name` opens within 60 tokens after `position`: a computed
  /// property (`var total: Int { … }`), not stored. Scopes are in source order, so the search
  /// starts at the first that opens after `position`.
  static func hasBody(_ name: String, after position: Int, scopes: [SymbolIndex.Scope]) -> Bool {
    var low = 0
    var high = scopes.count
    while low < high {
      let middle = (low + high) / 2
      if scopes[middle].open <= position { low = middle + 1 } else { high = middle }
    }
    for scope in scopes[low...] {
      guard scope.open < position + 60 else { break }
      if scope.member == name { return true }
    }
    return false
  }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    let scopes = file.symbols.scopes
    for (typeIndex, type) in scopes.enumerated() where type.isType && type.open >= 0 {
      // Stored members directly in the type body.
      var queues: [(name: String, start: Int, end: Int)] = []
      var stored: [(name: String, position: Int)] = []
      let members = file.symbols.positions(inScope: typeIndex, within: (type.open + 1)..<type.close)
      for position in members.joined() {
        guard view.isWord(position, "var") || view.isWord(position, "let"), view.kind(position + 1) == .identifier,
          !view.isPeriod(position - 1)
        else { continue }
        let name = view.text(position + 1)
        if let end = queueInitialiser(view, after: position + 1) {
          if isPrivate(view, before: position) { queues.append((name, position, end)) }
        } else if view.isWord(position, "var"), !Self.hasBody(name, after: position, scopes: scopes) {
          stored.append((name, position + 1))
        }
      }
      for queue in queues {
        let closures = queueClosures(view, queue: queue.name, open: type.open, close: type.close)
        guard !closures.isEmpty else { continue }
        // One pass over the type's tokens for all its stored properties: a name is compared only
        // with the properties of its byte length (a pass per property was 3% of a scan of
        // element-x-ios).
        var byLength: [Int: [Int]] = [:]
        for (index, property) in stored.enumerated() { byLength[property.name.utf8.count, default: []].append(index) }
        var inside = [Int](repeating: 0, count: stored.count)
        var outside = [Int](repeating: 0, count: stored.count)
        for position in (type.open + 1)..<type.close where view.kind(position) == .identifier {
          guard let candidates = byLength[view.byteLength(position)],
            let index = candidates.first(where: { view.has(position, stored[$0].name) }),
            position != stored[index].position
          else { continue }
          if view.isPeriod(position - 1) && !view.isWord(position - 2, "self") { continue }
          let member = file.symbols.scope(at: position).member
          if member == "init" || member == "deinit" { continue }
          if closures.contains(where: { position > $0.0 && position < $0.1 }) {
            inside[index] += 1
          } else {
            outside[index] += 1
          }
        }
        var guarded: [String] = []
        for (index, property) in stored.enumerated() where inside[index] > 0 && outside[index] == 0 {
          guarded.append(property.name)
        }
        guard !guarded.isEmpty else { continue }
        let names = guarded.map { "`\($0)`" }.joined(separator: ", ")
        output.hits.append(
          DetectorHit(
            name: Self.name, start: queue.start, end: queue.end,
            reasons: [
              "`\(queue.name)` guards \(names): read and written only inside `\(queue.name).sync`/`\(queue.name).async` closures",
              remedy(file, typeIndex: typeIndex, queue: queue.name, closures: closures),
            ]))
      }
    }
  }

  /// How every lock remedy starts; the classifier adds what exists below the locks' targets.
  static let lockRemedy = "remedy `Mutex` (Synchronization, iOS 18 / macOS 15) or `OSAllocatedUnfairLock` (iOS 16)"

  /// Words in a type's inheritance clause that make it UI code.
  private static let uiBases = ["View", "Controller", "Window", "Scene", "App"]

  /// Which remedy fits the type, and why.
  private func remedy(_ file: FileContext, typeIndex: Int, queue: String, closures: [(Int, Int)]) -> String {
    let view = file.view
    let type = file.symbols.scopes[typeIndex]
    // The declaration head: `final class Cache: UIViewController {`. Up to 1,000 tokens back: a
    // view controller's list of delegate conformances runs to a hundred (talk-ios'
    // `BaseChatViewController: InputbarViewController, UITextFieldDelegate, …` was cut at 40,
    // before its superclass, and told to become an actor).
    var head = type.open - 1
    var steps = 0
    while head > 0 && steps < 1_000 && !view.isWord(head, "class") && !view.isWord(head, "struct")
      && !view.isWord(head, "extension") && !view.isWord(head, "enum")
    {
      head -= 1
      steps += 1
    }
    var isUI = false
    var objectiveC = false
    for position in head..<type.open where view.isIdentifier(position) {
      let name = view.text(position)
      if position > head + 1, Self.uiBases.contains(where: { name.hasSuffix($0) }) { isUI = true }
      if position > head + 1, name == "NSObject" || name == "NSProxy" { objectiveC = true }
    }
    var isAsync = false
    var returnsFromSync = false
    var barrier = false
    for position in (type.open + 1)..<type.close {
      if view.isWord(position, "async") && !view.isPeriod(position - 1) { isAsync = true }
      if view.isWord(position, "await") { isAsync = true }
      if view.isWord(position, "barrier"), view.isPeriod(position - 1) { barrier = true }
      // `return queue.sync { … }`, `x = queue.sync { … }`, or a body that is `queue.sync { … }`
      // (`var data: [String: Data] { queue.sync { storage } }`): callers wait for the answer.
      let answers =
        view.isWord(position, "return") || view.kind(position) == .equal
        || (view.kind(position) == .leftBrace && view.braceRole[position] == .declaration)
      // `try queue.sync { … }`, `try? queue.sync { … }` answer too (a `rethrows` reader).
      var call = position + 1
      if answers, view.isWord(call, "try") {
        call += 1
        if view.kind(call) == .postfixQuestionMark || view.kind(call) == .exclamationMark { call += 1 }
      }
      if answers, view.isWord(call, queue), view.isPeriod(call + 1), view.isWord(call + 2, "sync") {
        returnsFromSync = true
      }
    }
    if isUI {
      return "remedy `@MainActor`: the type is UI code, so its users are already on the main actor; cheaper and more "
        + "honest than a new actor"
    }
    if returnsFromSync && !isAsync {
      let lock =
        barrier
        ? "a reader/writer lock (`.barrier` writes, `sync` reads) with a synchronous API"
        : "reads return from `\(queue).sync`, a synchronous API"
      return Self.lockRemedy + ": \(lock) and "
        + "nothing in the type is async, so keep it synchronous; an `actor` would make every caller `await`"
    }
    if objectiveC {
      return Self.lockRemedy
        + ", or `@MainActor` when its users are on the main thread: the type inherits from `NSObject`, and an `actor` "
        + "cannot"
    }
    // `final class Capturer: RTCVideoCapturer`: the first name a class inherits is its superclass
    // unless it is a protocol, and an actor cannot inherit from a class. Which it is, is only
    // known from a declaration: a protocol of this file, a standard one or a protocol's name.
    if view.isWord(head, "class"), let base = Self.firstInherited(view, head: head, open: type.open),
      !Self.isProtocolName(base), !Self.declaresProtocol(view, base)
    {
      return Self.lockRemedy
        + ", or `@MainActor` when its users are on the main thread: if `\(base)` is a class, the type cannot become an "
        + "`actor` (an actor cannot inherit); if it is a protocol, an `actor` lets the compiler keep the rule"
    }
    // `open class ImageDownloader` (Kingfisher): clients subclass it, and an actor cannot be.
    if view.isWord(head, "class"), Self.isOpen(view, before: head) {
      return Self.lockRemedy
        + ", or `@MainActor` when its users are on the main thread: the class is `open`, and an `actor` cannot be "
        + "subclassed"
    }
    let why = isAsync ? "the type is already used from async code" : "its state is reached from several callers"
    return "remedy `actor`: \(why), and an actor lets the compiler keep the rule instead of a comment"
  }

  /// The first type a declaration at `head` (`class`) inherits: `Base` in `class Name<T: P>:
  /// @unchecked Module.Base, P {`; nil when it inherits nothing.
  static func firstInherited(_ view: SignificantTokenView, head: Int, open: Int) -> String? {
    var position = head + 2
    // Generic parameters (`<T: P>`), whose colons are not the inheritance clause's.
    if view.text(position).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, position) {
      position = close + 1
    }
    guard position < open, view.kind(position) == .colon else { return nil }
    position += 1
    // `@unchecked Sendable`, `@preconcurrency Delegate`.
    while view.kind(position) == .atSign { position += 2 }
    guard position < open, view.isIdentifier(position) else { return nil }
    // `Module.Base`: the last name is the type.
    while view.isPeriod(position + 1), position + 2 < open, view.isIdentifier(position + 2) { position += 2 }
    return view.text(position)
  }

  /// Whether `open` is among the modifiers before the keyword at `head` (`open class`,
  /// `@objc open class`).
  private static func isOpen(_ view: SignificantTokenView, before head: Int) -> Bool {
    var position = head - 1
    while position >= 0, head - position <= 8, view.isWord(position) {
      if view.isWord(position, "open") { return true }
      position -= 1
    }
    return false
  }

  /// Protocols a class commonly names first, and the endings of protocols' names.
  private static let protocols: Set<String> = [
    "AnyObject", "CaseIterable", "Codable", "Comparable", "CustomDebugStringConvertible",
    "CustomStringConvertible", "Decodable", "Encodable", "Equatable", "Error", "Hashable", "Identifiable",
    "LocalizedError", "ObservableObject", "RawRepresentable", "Sendable",
  ]
  private static let protocolEndings = ["Protocol", "Delegate", "DataSource", "able", "ible"]

  /// Whether `name` reads as a protocol's (`Sendable`, `CacheProtocol`, `URLSessionDelegate`).
  static func isProtocolName(_ name: String) -> Bool {
    protocols.contains(name) || protocolEndings.contains { name.hasSuffix($0) }
  }

  /// Whether the file declares `protocol name`.
  private static func declaresProtocol(_ view: SignificantTokenView, _ name: String) -> Bool {
    view.declarationWords.contains { word in
      view.isWord(Int(word), "protocol") && view.isWord(Int(word) + 1, name)
    }
  }

  /// The end of `= DispatchQueue(…)` or `: DispatchQueue = …` after the name, or nil.
  private func queueInitialiser(_ view: SignificantTokenView, after name: Int) -> Int? {
    var position = name + 1
    if view.kind(position) == .colon {
      guard view.isWord(position + 1, "DispatchQueue") else { return nil }
      position += 2
      if view.kind(position) != .equal { return position - 1 }
      // `lazy var queue: DispatchQueue = { … }()`: the type says it all.
      if view.kind(position + 1) == .leftBrace, let close = view.partner(position + 1) {
        if view.kind(close + 1) == .leftParen, let call = view.partner(close + 1) { return call }
        return close
      }
    }
    guard view.kind(position) == .equal else { return nil }
    var scan = position + 1
    if view.isWord(scan, "DispatchQueue") || view.isPeriod(scan) {
      while scan < view.count && scan - position < 12 {
        if view.kind(scan) == .leftParen, let close = view.partner(scan) { return close }
        if !(view.isWord(scan) || view.isPeriod(scan)) { break }
        scan += 1
      }
      return view.isWord(position + 1, "DispatchQueue") ? scan - 1 : nil
    }
    return nil
  }

  private func isPrivate(_ view: SignificantTokenView, before position: Int) -> Bool {
    var scan = position - 1
    while scan >= 0 && position - scan < 6 {
      if view.isWord(scan, "private") || view.isWord(scan, "fileprivate") { return true }
      if !view.isWord(scan) && view.kind(scan) != .leftParen && view.kind(scan) != .rightParen { return false }
      scan -= 1
    }
    return false
  }

  /// The closures passed to `queue.sync`/`async`/`asyncAfter` inside `open…close`.
  private func queueClosures(_ view: SignificantTokenView, queue: String, open: Int, close: Int) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    for position in (open + 1)..<close where view.has(position, queue) && view.isPeriod(position + 1) {
      if view.isPeriod(position - 1) && !view.isWord(position - 2, "self") { continue }
      let member = position + 2
      guard view.isWord(member, "sync") || view.isWord(member, "async") || view.isWord(member, "asyncAfter") else {
        continue
      }
      var next = member + 1
      if view.kind(next) == .leftParen, let end = view.partner(next) {
        if let inner = FutureTaskWrapperDetector.closureArgument(view, open: next, close: end),
          let innerEnd = view.partner(inner)
        {
          result.append((inner, innerEnd))
        }
        next = end + 1
      }
      if view.kind(next) == .leftBrace, let end = view.partner(next) { result.append((next, end)) }
    }
    return result
  }
}
