/// What a written publisher type says about its failure: `AnyPublisher<[Item], Error>` can fail,
/// `AnyPublisher<[Item], Never>`, `Just<Int>` and `Published<Bool>.Publisher` cannot, and a name
/// the vocabulary does not know (`SearchPublisher`, `Publishers.Map<…>`) does not say.
package enum PublisherFailure: Sendable, Hashable {
  /// The failure type is `Never`.
  case never
  /// The failure type is written and is not `Never` (`Error`, `APIError`, `URLError`).
  case fails(String)
  /// The type does not say (an unknown name, no failure argument, or not a publisher).
  case unknown

  /// Publisher types whose second generic argument is the failure: `AnyPublisher<O, F>`,
  /// `some Publisher<O, F>`, `Future<O, F>`, `PassthroughSubject<O, F>`.
  private static let failureSecond: Set<String> = [
    "AnyPublisher", "Publisher", "Future", "PassthroughSubject", "CurrentValueSubject", "Fail", "Empty", "Record",
    "Subject", "AnySubject",
  ]
  /// Publisher types that never fail, whatever their arguments.
  private static let neverFailing: Set<String> = [
    "Just", "TimerPublisher", "KeyValueObservingPublisher", "ObjectWillChangePublisher",
  ]

  /// The failure the type text `type` (spaces removed, as `typeText` gives it) declares.
  ///
  /// `Deferred<Future<Item, Error>>` is its argument's; `Result<Item, E>.Publisher` is `E`;
  /// `NotificationCenter.Publisher` never fails; an optional (`AnyPublisher<…>?`) is its wrapped type's.
  package static func of(type: String) -> PublisherFailure {
    var text = Substring(type)
    for prefix in ["some", "any"] where text.hasPrefix(prefix + " ") { text = text.dropFirst(prefix.count + 1) }
    while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
    let head: Substring
    var arguments: [Substring] = []
    var tail: Substring = ""
    if let open = text.firstIndex(of: "<") {
      head = text[..<open]
      guard let (parts, close) = topLevelArguments(text, from: open) else { return .unknown }
      arguments = parts
      tail = text[text.index(after: close)...]
    } else {
      head = text
    }
    let name = head.split(separator: ".").last.map(String.init) ?? ""
    switch (name, tail) {
    case ("Published", ".Publisher"): return .never
    case ("Result", ".Publisher"): return arguments.count == 2 ? failure(arguments[1]) : .unknown
    case (_, ""): break
    default: return .unknown
    }
    if neverFailing.contains(name) { return .never }
    if head == "NotificationCenter.Publisher" { return .never }
    if name == "DataTaskPublisher" { return .fails("URLError") }
    if name == "Deferred", arguments.count == 1 { return of(type: String(arguments[0])) }
    if failureSecond.contains(name), arguments.count == 2 { return failure(arguments[1]) }
    return .unknown
  }

  /// `Never` (or `Swift.Never`) never fails; any other written type can.
  private static func failure(_ text: Substring) -> PublisherFailure {
    text == "Never" || text == "Swift.Never" ? .never : .fails(String(text))
  }

  /// The comma-separated arguments of the `<` at `open`, and the position of its `>`.
  private static func topLevelArguments(_ text: Substring, from open: Substring.Index) -> (
    [Substring], Substring.Index
  )? {
    var depth = 0
    var parts: [Substring] = []
    var start = text.index(after: open)
    var index = open
    while index < text.endIndex {
      let character = text[index]
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]":
        depth -= 1
        if depth == 0 {
          parts.append(text[start..<index])
          return (parts, index)
        }
      case "," where depth == 1:
        parts.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// True for the bytes of operator tokens inside a type: generic brackets and optionals.
  private static func isTypeOperatorByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
  }

  /// The text of the type written at `start` with spaces between tokens removed (`some` and `any`
  /// keep one), up to where the type ends: the body `{`, `where`, `=`, a `,` or `)` outside its
  /// brackets, or a word that starts the next declaration. Empty when nothing type-like is there.
  package static func typeText(_ view: SignificantTokenView, at start: Int, limit: Int = 64) -> String {
    // Gathered as bytes and made a `String` once: appending each token's `String` made and
    // freed one per token, most of this function's cost (it runs for every publisher declaration).
    var text: [UInt8] = []
    text.reserveCapacity(64)
    let source = view.stream.source
    func append(_ position: Int) {
      let from = view.startOffset(position)
      text.append(contentsOf: source[from..<from + view.byteLength(position)])
    }
    func made() -> String { String(decoding: text, as: UTF8.self) }
    var position = start
    if view.isWord(position, "some") || view.isWord(position, "any") {
      append(position)
      text.append(UInt8(ascii: " "))
      position += 1
    }
    var angles = 0
    var expectsName = true
    while position < view.count, position - start < limit {
      let kind = view.kind(position)
      switch kind {
      case .identifier, .keyword:
        // A second word where a `.`, `<` or `,` was needed: the next declaration begins.
        guard expectsName || angles > 0 else { return made() }
        if angles == 0, kind == .keyword, !view.isWord(position, "Self"), !view.isWord(position, "Any") {
          return made()
        }
        append(position)
        expectsName = false
      case .period:
        text.append(UInt8(ascii: "."))
        expectsName = true
      case .comma:
        guard angles > 0 else { return made() }
        text.append(UInt8(ascii: ","))
      case .leftParen, .leftSquare:
        // `PassthroughSubject<Int, Error>()`: the call after the type ends it.
        if angles == 0, !expectsName { return made() }
        guard let close = view.partner(position) else { return made() }
        // A tuple or array argument (`AnyPublisher<[Item], Error>`): kept as written.
        for inner in position...close { append(inner) }
        position = close
        expectsName = false
      case .binaryOperator, .postfixOperator, .prefixOperator, .postfixQuestionMark, .exclamationMark,
        .infixQuestionMark:
        let from = view.startOffset(position)
        let token = source[from..<from + view.byteLength(position)]
        guard token.allSatisfy(Self.isTypeOperatorByte) else { return made() }
        for byte in token {
          if byte == UInt8(ascii: "<") { angles += 1 } else if byte == UInt8(ascii: ">") { angles -= 1 }
        }
        text.append(contentsOf: token)
        expectsName = token.last == UInt8(ascii: "<")
        if angles < 0 { return "" }
      default:
        return made()
      }
      position += 1
    }
    return angles == 0 ? made() : ""
  }
}
