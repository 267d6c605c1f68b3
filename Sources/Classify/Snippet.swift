/// Code quoted in a reason or message, as the source spells it, on one line:
/// `viewModel.$title.sink {`, never the tokens spaced out (`viewModel . $title . sink {`).
///
/// The fingerprint and the gate's `matchText` keep the tokens joined by one space (whitespace and
/// comments must never change them); this is only for people, so it follows the source: a space
/// where the source has whitespace or a comment between two tokens, none where it has none.
enum Snippet {
  /// The most tokens a quote shows before it is cut (a statement's end, `else { return }`, is
  /// often what the reason is about, so this is not much shorter than a typical statement).
  static let maxTokens = 17
  /// The most characters a quote shows before it is cut: a reason stays one readable line.
  static let maxCharacters = 100

  /// The tokens `from…to` with their spacing collapsed to one space (line breaks and runs of
  /// spaces inside a token too, so a multi-line literal stays on one line); a long quote keeps
  /// its first tokens and ends in ` …`, or in `{ … }` when it is cut inside a closure.
  static func text(
    _ view: SignificantTokenView, from: Int, to: Int, maxTokens: Int = Snippet.maxTokens,
    maxCharacters: Int = Snippet.maxCharacters
  ) -> String {
    guard from >= 0, to >= from, to < view.count else { return "" }
    // Built as UTF-8 bytes: most tokens are ASCII with no white space inside, copied from the
    // source as they are and counted by bytes (one character each). Building a `String` per
    // token and counting its characters cost 30,000 instructions a quote, most of a feed's facts.
    var text: [UInt8] = []
    text.reserveCapacity(2 * maxCharacters)
    let source = view.stream.source
    var characters = 0
    var position = from
    // Where each `{` still open in the quote ends (a byte count), so a cut inside a closure can
    // close it.
    var openBraces: [Int] = []
    // The brackets still open outside any closure, innermost last.
    var closers: [UInt8] = []
    while position <= to {
      let start = view.startOffset(position)
      let end = view.endOffset(position)
      let plain = !source[start..<end].contains { $0 >= 0x80 || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
      // Anything else (a multi-line literal, a non-ASCII name) goes through `String`.
      let piece = plain ? "" : collapsed(view.text(position))
      let space = position > from && spaced(view, before: position)
      let length = (plain ? end - start : piece.count) + (space ? 1 : 0)
      // The first token always shows, however long: a quote is never just `…`.
      if position > from && (position - from >= maxTokens || characters + length > maxCharacters) { break }
      if space { text.append(0x20) }
      if plain {
        text.append(contentsOf: source[start..<end])
      } else {
        text.append(contentsOf: piece.utf8)
      }
      characters += length
      switch view.kind(position) {
      case .leftBrace: openBraces.append(text.count)
      case .rightBrace: _ = openBraces.popLast()
      case .leftParen: closers.append(UInt8(ascii: ")"))
      case .leftSquare: closers.append(UInt8(ascii: "]"))
      case .rightParen, .rightSquare: _ = closers.popLast()
      default: break
      }
      position += 1
    }
    guard position <= to else { return String(decoding: text, as: UTF8.self) }
    // Cut inside a closure: `sink { … }` reads better than `sink { [weak self] in self?. …`.
    if let open = openBraces.first { return String(decoding: text[..<open], as: UTF8.self) + " … }" }
    // Cut inside an argument list: `debounce(for …)`, closed as the source closes it.
    return String(decoding: text, as: UTF8.self) + " …" + String(decoding: closers.reversed(), as: UTF8.self)
  }

  /// Whether the quote puts a space before the token at `position`: where the source has
  /// whitespace or a comment before it, except a line break that only lays out a chain or an
  /// argument list (before `.`, `)` or `]`, after `(` or `[`), so a reflowed
  /// `$query\n  .debounce(…)\n  .sink {` reads `$query.debounce(…).sink {` as on one line.
  private static func spaced(_ view: SignificantTokenView, before position: Int) -> Bool {
    let gap = view.endOffset(position - 1)..<view.startOffset(position)
    guard !gap.isEmpty else { return false }
    guard view.stream.source[gap].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return true }
    switch view.kind(position) {
    case .period, .rightParen, .rightSquare: return false
    default: break
    }
    switch view.kind(position - 1) {
    case .leftParen, .leftSquare: return false
    default: return true
    }
  }

  /// `text` with every run of whitespace (line breaks included) made one space.
  private static func collapsed(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0x20 }) else { return text }
    var result = ""
    var inSpace = false
    for character in text {
      if character.isWhitespace {
        if !inSpace { result.append(" ") }
        inSpace = true
      } else {
        result.append(character)
        inSpace = false
      }
    }
    return result
  }
}
