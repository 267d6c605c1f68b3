/// A chain of member calls ending in a subscriber: `$query.debounce(…).removeDuplicates().sink { … }`.
///
/// Found by walking backwards from each terminal (`.sink`, `.assign`, `.subscribe`,
/// `.receive(subscriber:)`, `.values`) over `.name`, `(…)`, trailing closures, `?` and `!`, so a
/// chain spanning lines with comments between links is one chain. The walk stops at the first
/// token that is not a link: in `let c = $q.map { $0 }.sink { _ in }` the base is `$q`.
package struct PublisherChain: Sendable, Hashable {
  /// One `.name`, `.name(…)`, `.name { }` or `.name(…) { } label: { }` link, or the base: a name,
  /// or a parenthesised expression (`(a ? x : y)`, its `(` at `position`, quoted as its name).
  package struct Link: Sendable, Hashable {
    /// The member name (`debounce`), or the base name (`$query`, `self`).
    package var name: String
    /// Position of the name.
    package var position: Int
    /// Position of the `(` of the arguments, or -1.
    package var argumentsOpen: Int
    /// Position of the first trailing closure's `{`, or -1.
    package var closureOpen: Int
    /// Last position of the link (its `)` or last `}`).
    package var end: Int
    /// A call named like a Combine operator that is not one: `receive(…)` or `subscribe(…)`
    /// without the `on:` scheduler (`subreddit.subscribe()`, a model's own method). It is part
    /// of the chain's source, not an operator of it.
    package var isOwnCall = false

    /// The link as an operator of the chain: its name, or nil when it is the project's own call.
    package var operatorName: String? { isOwnCall ? nil : name }
  }

  /// First significant position of the chain (the base).
  package var start: Int
  /// Last position, including a `.store(in:)` after the terminal.
  package var end: Int
  /// Links from the base to the terminal, in source order.
  package var links: [Link]
  /// `sink`, `assign`, `subscribe`, `receive` or `values`.
  package var terminal: String
  /// Position of the `store` name when `.store(in:)` follows the terminal, or -1.
  package var storePosition: Int

  /// The terminal link.
  package var terminalLink: Link { links[links.count - 1] }

  /// Link names before the terminal.
  package var namesBeforeTerminal: ArraySlice<String> { links.dropLast().map(\.name)[...] }

  /// The base link (the first one).
  package var base: Link { links[0] }

  /// True when `position` lies in the chain.
  package func contains(_ position: Int) -> Bool { position >= start && position <= end }

  // Bytes, not a `Set<String>`: every member name of the file is tested.
  private static let terminals = ByteWords(["sink", "assign", "subscribe", "receive", "values"])

  /// Every chain of the file, in source order of their terminals.
  package static func all(in view: SignificantTokenView) -> [PublisherChain] {
    var chains: [PublisherChain] = []
    var position = 0
    while position + 1 < view.count {
      defer { position += 1 }
      // Patterns, not `==`: `TokenKind.==` is an out-of-line call, and this runs for every token.
      guard view.isPeriod(position), view.isIdentifier(position + 1) else { continue }
      let nameLength = view.endOffset(position + 1) - view.startOffset(position + 1)
      guard nameLength >= 4, nameLength <= 9 else { continue }
      guard let found = terminals.index(at: position + 1, in: view) else { continue }
      let name = terminals.words[found]
      if name == "receive" && !(view.kind(position + 2) == .leftParen && view.isWord(position + 3, "subscriber")) {
        continue
      }
      // Combine's `subscribe(_:)` takes a subscriber or a subject: `.subscribe { _, value in … }`
      // and `.subscribe({ … })` are some other API's callbacks (HAKit's caches), and
      // `.subscribe(on:)` is a scheduler operator, not the end of a chain.
      if name == "subscribe"
        && (view.kind(position + 2) != .leftParen || view.isWord(position + 3, "on")
          || view.kind(position + 3) == .leftBrace)
      {
        continue
      }
      if let chain = chain(endingAt: position, terminal: name, in: view) { chains.append(chain) }
    }
    return chains
  }

  /// Builds the chain whose terminal `.name` has its period at `period`.
  private static func chain(endingAt period: Int, terminal: String, in view: SignificantTokenView) -> PublisherChain? {
    // The terminal is Combine's (`receive(subscriber:)`, `subscribe(_:)`): never an own call.
    let terminalLink = link(at: period + 1, in: view)
    var links = [terminalLink]
    var cursor = period
    var start = period + 1
    // Each step consumes one link ending just before `cursor` (a period).
    var steps = 0
    while steps < 10_000 {
      steps += 1
      var index = cursor - 1
      while view.kind(index) == .postfixQuestionMark || view.kind(index) == .exclamationMark { index -= 1 }
      var end = index
      // Trailing closures, possibly labelled: `.sink { … } receiveValue: { … }`.
      while view.kind(index) == .rightBrace, let open = view.partner(index), view.braceRole[open] == .closure {
        index = open - 1
        if view.kind(index) == .colon, view.isWord(index - 1), view.kind(index - 2) == .rightBrace {
          index -= 2
        }
      }
      // A parenthesised expression at the head (`(saved ? item.unsave() : item.save())`): the
      // chain's source is the whole group, not the operator after it.
      var group: (open: Int, close: Int)?
      if view.kind(index) == .rightParen, let open = view.partner(index) {
        if index == end { group = (open, index) }
        index = open - 1
      }
      // Explicit generic arguments: `PassthroughSubject<Int, Never>()`.
      if view.kind(index) == .binaryOperator || view.kind(index) == .postfixOperator, view.text(index).hasSuffix(">") {
        var depth = 0
        var scan = index
        var found = -1
        while scan >= 0 && index - scan < 64 {
          let text = view.kind(scan) == .binaryOperator || view.kind(scan) == .postfixOperator ? view.text(scan) : ""
          for byte in text.utf8.reversed() {
            if byte == UInt8(ascii: ">") { depth += 1 } else if byte == UInt8(ascii: "<") { depth -= 1 }
          }
          if depth <= 0 && text.contains("<") {
            found = scan
            break
          }
          if let open = view.partner(scan), open < scan { scan = open }
          scan -= 1
        }
        if found > 0 { index = found - 1 }
      }
      let kind = view.kind(index)
      // Keywords are links only after a period (`NotificationCenter.default`) or as `self`.
      let isName =
        kind == .identifier || kind == .dollarIdentifier
        || (kind == .keyword && (view.isPeriod(index - 1) || view.isWord(index, "self") || view.isWord(index, "Self")))
      if isName {
        if end < index { end = index }
        var named = link(at: index, in: view, end: end)
        named.isOwnCall = isOwnCall(named, in: view)
        links.append(named)
        start = index
        if view.kind(index - 1) == .period {
          cursor = index - 1
          continue
        }
        if view.kind(index - 2) == .period,
          view.kind(index - 1) == .postfixQuestionMark || view.kind(index - 1) == .exclamationMark
        {
          cursor = index - 2
          continue
        }
        // Implicit member at the start: `.shared.publisher` is rare; stop at the name.
        break
      }
      if let group, kind != .rightParen, kind != .rightSquare {
        links.append(
          Link(
            name: Snippet.text(view, from: group.open, to: group.close, maxTokens: 24, maxCharacters: 64),
            position: group.open, argumentsOpen: -1, closureOpen: -1, end: group.close))
        start = group.open
      }
      break
    }
    links.reverse()
    guard links.count >= 2 else { return nil }
    var end = view.skipCall(from: period + 1) - 1
    var storePosition = -1
    if view.kind(end + 1) == .period, view.isWord(end + 2, "store") {
      storePosition = end + 2
      end = view.skipCall(from: end + 2) - 1
    }
    return PublisherChain(start: start, end: end, links: links, terminal: terminal, storePosition: storePosition)
  }

  private static func link(at position: Int, in view: SignificantTokenView, end: Int? = nil) -> Link {
    var argumentsOpen = -1
    var closureOpen = -1
    var last = position
    if view.kind(position + 1) == .leftParen, let close = view.partner(position + 1) {
      argumentsOpen = position + 1
      last = close
    }
    if view.kind(last + 1) == .leftBrace, view.braceRole[last + 1] == .closure {
      closureOpen = last + 1
      last = view.skipCall(from: position) - 1
    }
    return Link(
      name: view.text(position), position: position, argumentsOpen: argumentsOpen, closureOpen: closureOpen,
      end: max(last, end ?? last))
  }

  /// True for a `receive(…)` or `subscribe(…)` before the terminal that does not name a
  /// scheduler first, as Combine's `receive(on:options:)` and `subscribe(on:options:)` do.
  private static func isOwnCall(_ link: Link, in view: SignificantTokenView) -> Bool {
    link.argumentsOpen >= 0 && (link.name == "receive" || link.name == "subscribe")
      && !view.isWord(link.argumentsOpen + 1, "on")
  }
}
