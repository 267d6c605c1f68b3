import SwiftLexer

/// Extracts a file's `FileFacts` from its tokens in one linear pass.
///
/// Works on tokens, not a syntax tree, so it relies on conventions a token stream shows:
/// - A type is named with a capital letter; members are not. `APIClient.shared` names
///   `APIClient`; `client.Session` (a member) and `.Loaded` (an implicit member) name nothing,
///   while `Outer.Inner` names both parts.
/// - A declaration is a declaring keyword followed by a name and then `{`, `:`, `<` or `where`
///   (`=` or `<` for `typealias`). That rules out `class func f()`, `class var x` and
///   `protocol P: class`, where `class` is a modifier or a constraint.
/// - Strings and comments never reach the pass: comments are trivia, and string text is
///   `stringSegment` tokens; code inside an interpolation is identifiers again, and counts.
package enum ReferenceCollector {
  /// Collects the declarations, extensions, imports and type references of one file.
  ///
  /// - Parameter extentLines: the file's line table, to also give the line extents of type
  ///   bodies and extensions (a plan step's size). Only files with findings pass one.
  package static func collect(_ stream: TokenStream, extentLines: LineIndex? = nil) -> FileFacts {
    // The hot paths read the arrays through buffer pointers: through the stream, each access
    // was bounds-checked twice and each byte range handed on cost a retain and a release.
    stream.source.withUnsafeBufferPointer { source in
      stream.kinds.withUnsafeBufferPointer { kinds in
        stream.starts.withUnsafeBufferPointer { starts in
          stream.lengths.withUnsafeBufferPointer { lengths in
            var collector = Pass(TokenReader(stream), source: source, kinds: kinds, starts: starts, lengths: lengths)
            collector.run()
            var facts = collector.facts()
            if let extentLines { facts.extents = collector.extents(lines: extentLines) }
            return facts
          }
        }
      }
    }
  }
}

/// The state of one collection pass.
private struct Pass {
  /// Tokens an inheritance clause may span before the pass gives up looking for the body.
  static let maximumClauseLength = 512
  /// Enclosing types that still qualify a nested name (`A.B.C…`).
  static let maximumQualifiedDepth = 32
  /// Components a qualified reference keeps (`A.B.C.D…`).
  static let maximumPathComponents = 8
  let reader: TokenReader
  /// The stream's arrays, valid for the pass (`ReferenceCollector.collect` holds them).
  let source: UnsafeBufferPointer<UInt8>
  let kinds: UnsafeBufferPointer<TokenKind>
  let starts: UnsafeBufferPointer<UInt32>
  /// One-byte lengths (255: look it up in the stream, `end(_:)` does).
  let lengths: UnsafeBufferPointer<UInt8>
  /// The enclosing braces, innermost last.
  var scopes: [Scope] = []
  /// The innermost scope's end, cached: checking it is the one thing done for every token.
  var scopeEnd = Int.max
  var declarations: [FileFacts.Declaration] = []
  var extensions: [FileFacts.Extension] = []
  var imports: [FileFacts.Import] = []
  /// Names as bytes: no `String` is made until the end, once per distinct name. A
  /// `Set<ArraySlice<UInt8>>` spent a quarter of this pass in SipHash.
  var references = ByteStringSet()
  /// Type bodies and extensions as byte offsets (keyword start, closing brace end); turned into
  /// lines only when asked for.
  var spans: [(name: String, isExtension: Bool, start: Int, end: Int)] = []

  init(
    _ reader: TokenReader, source: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<TokenKind>,
    starts: UnsafeBufferPointer<UInt32>, lengths: UnsafeBufferPointer<UInt8>
  ) {
    self.reader = reader
    self.source = source
    self.kinds = kinds
    self.starts = starts
    self.lengths = lengths
  }

  /// One pair of braces the pass is inside: a type or extension body, or code (a function,
  /// accessor or closure body).
  struct Scope {
    /// Positions of the `{` and of its `}` (the end of the file when it has none).
    var start: Int
    var end: Int
    /// The qualified name of the innermost enclosing type ("" at file scope).
    var name: String
    /// How many enclosing types qualify `name`.
    var typeDepth: Int
    /// True inside code: types declared there are local and no other file can name them.
    var isLocal: Bool
  }

  /// The keywords the pass acts on.
  enum Keyword {
    case `import`, `extension`
    case declaration(FileFacts.DeclarationKind)
  }

  mutating func run() {
    var position = 0
    while position < kinds.count {
      if position >= scopeEnd {
        while let last = scopes.indices.last, position >= scopes[last].end { scopes.removeLast() }
        scopeEnd = scopes.last?.end ?? Int.max
      }
      // A switch, not `==`: see `TokenReader.kind(_:is:)`. The kind alone: most tokens are
      // nothing this pass wants, and making each one's `Token` was a fifth of the pass.
      switch kinds[position] {
      case .keyword:
        switch keyword(at: position) {
        case .import?:
          position = readImport(at: position)
          continue
        case .extension?:
          position = readExtension(at: position)
          continue
        case .declaration(let declarationKind)? where startsDeclaration(declarationKind, at: position):
          position = readDeclaration(declarationKind, at: position)
          continue
        default:
          break
        }
      case .leftBrace:
        // A brace that no declaration claimed opens code: a function, accessor or closure body.
        // Inside code already, it would be a scope just like its parent's (braces nest, so it
        // also ends first): not pushing it keeps a million unclosed `{` from costing a scope
        // each (75 MB for a 1 MB file).
        if scopes.last?.start != position && scopes.last?.isLocal != true {
          let parent = scopes.last
          push(
            Scope(
              start: position, end: reader.partner(position) ?? reader.count, name: parent?.name ?? "",
              typeDepth: parent?.typeDepth ?? 0, isLocal: true))
        }
      case .identifier where end(position) > starts[position]:
        // Most identifiers are members and locals: one byte tells them apart from `actor` and
        // from type names.
        let first = source[Int(starts[position])]
        if first == UInt8(ascii: "a") {
          if case .identifier = kind(position + 1), spells(token(at: position), "actor"), !isPeriod(position - 1),
            isDeclarationFollower(position + 2, typealias: false)
          {
            position = readDeclaration(.actor, at: position)
            continue
          }
        } else if first == UInt8(ascii: "`") || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")) {
          noteReference(at: position)
        }
      default:
        break
      }
      position += 1
    }
  }

  /// `spans` in lines.
  func extents(lines: LineIndex) -> [FileFacts.TypeExtent] {
    spans.map { span in
      FileFacts.TypeExtent(
        name: span.name, isExtension: span.isExtension, firstLine: lines.line(of: span.start),
        lastLine: lines.line(of: max(span.start, span.end - 1)))
    }
  }

  /// The byte offset just past the token at `position` (the file's end past the last token).
  func endOffset(_ position: Int) -> Int {
    position < kinds.count ? Int(token(at: position).end) : source.count
  }

  func facts() -> FileFacts {
    let names = references.sortedASCIIStrings() ?? references.strings().sorted()
    return FileFacts(declarations: declarations, extensions: extensions, imports: imports, references: names)
  }

  // MARK: - References

  /// Records the identifier at `position` when it looks like a type name: bare (`APIClient`), or
  /// as the qualified path it ends (`Outer.Inner`, `Networking.APIClient`).
  ///
  /// Paths are kept whole because a nested name alone is ambiguous: in reducer-style code every
  /// feature declares its own `State`, and `Feature.State` must lead to `Feature`'s file only.
  mutating func noteReference(at position: Int) {
    guard startsCapitalized(position) else { return }
    let last = token(at: position)
    guard isPeriod(position - 1) else {
      var start = Int(last.start)
      var length = Int(last.end) - start
      if length >= 2 && source[start] == UInt8(ascii: "`") && source[start + length - 1] == UInt8(ascii: "`") {
        start += 1
        length -= 2
      }
      references.insert(UnsafeBufferPointer(rebasing: source[start..<start + length]))
      return
    }
    // `value.Member` and `.Case` name no type; `Outer.Inner` does.
    guard case .identifier = kind(position - 2), startsCapitalized(position - 2) else { return }
    if spells(last, "Type") || spells(last, "Protocol") { return }
    // Walk back to the start of the path; real paths are short, and the bound keeps it so.
    var start = position - 2
    var components = 2
    while components < Self.maximumPathComponents, isPeriod(start - 1), case .identifier = kind(start - 2),
      startsCapitalized(start - 2)
    {
      start -= 2
      components += 1
    }
    // Written without spaces or backticks (nearly always), the path is one run of the source.
    var quoted = false
    for cursor in stride(from: start, through: position, by: 2)
    where source[Int(token(at: cursor).start)] == UInt8(ascii: "`") {
      quoted = true
    }
    if !quoted && (start..<position).allSatisfy({ end($0) == starts[$0 + 1] }) {
      references.insert(UnsafeBufferPointer(rebasing: source[Int(token(at: start).start)..<Int(last.end)]))
      return
    }
    var path: [UInt8] = []
    var cursor = start
    while cursor <= position {
      if cursor > start { path.append(UInt8(ascii: ".")) }
      path += stripBackticks(reader.bytes(cursor))
      cursor += 2
    }
    references.insert(path[...])
  }

  func stripBackticks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    if bytes.count >= 2 && bytes.first == UInt8(ascii: "`") && bytes.last == UInt8(ascii: "`") {
      return bytes.dropFirst().dropLast()
    }
    return bytes
  }

  // MARK: - Tokens

  // The helpers below are inlined: called on the pass (a large struct) from its mutating
  // methods, each call copied the whole of it first.

  /// The significant token at `position`, which must be in range.
  @inline(__always)
  func token(at position: Int) -> Token {
    Token(kind: kinds[position], flags: Token.Flags(rawValue: 0), start: starts[position], end: end(position))
  }

  /// The byte offset just past the token at `position`.
  @inline(__always)
  func end(_ position: Int) -> UInt32 {
    let length = lengths[position]
    return length != 0xFF ? starts[position] &+ UInt32(length) : reader.stream.end(position)
  }

  /// The kind of the token at `position`; `endOfFile` out of range, as `TokenReader.kind(_:)`.
  @inline(__always)
  func kind(_ position: Int) -> TokenKind {
    guard position >= 0 && position < kinds.count else { return .endOfFile }
    return kinds[position]
  }

  @inline(__always)
  func isPeriod(_ position: Int) -> Bool {
    if case .period = kind(position) { return true }
    return false
  }

  /// True when `token` is spelled exactly `word`: a static string needs no lazy global (the
  /// `Word` arrays cost a `swift_once` per use) and no generic `elementsEqual`.
  @inline(__always)
  func spells(_ token: Token, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard Int(token.end) - Int(token.start) == count else { return false }
    let text = word.utf8Start
    let start = Int(token.start)
    for offset in 0..<count where source[start + offset] != text[offset] { return false }
    return true
  }

  /// `TokenReader.isCapitalized` on the buffers: the pass asks it of every capitalized name.
  @inline(__always)
  func startsCapitalized(_ position: Int) -> Bool {
    guard position >= 0 && position < kinds.count else { return false }
    let token = token(at: position)
    guard token.end > token.start else { return false }
    var first = source[Int(token.start)]
    if first == UInt8(ascii: "`"), token.end - token.start > 1 { first = source[Int(token.start) + 1] }
    return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
  }

  // MARK: - Declarations

  /// Which of the keywords the pass acts on the keyword at `position` is. Length and first byte
  /// pick the one candidate, so most keywords (`let`, `func`, `return`) cost no byte comparison.
  @inline(__always)
  func keyword(at position: Int) -> Keyword? {
    let token = token(at: position)
    guard token.end > token.start else { return nil }
    let first = source[Int(token.start)]
    let candidate: (word: StaticString, keyword: Keyword)
    switch (Int(token.end - token.start), first) {
    case (6, UInt8(ascii: "i")): candidate = ("import", .import)
    case (9, UInt8(ascii: "e")): candidate = ("extension", .extension)
    case (5, UInt8(ascii: "c")): candidate = ("class", .declaration(.class))
    case (6, UInt8(ascii: "s")): candidate = ("struct", .declaration(.struct))
    case (4, UInt8(ascii: "e")): candidate = ("enum", .declaration(.enum))
    case (8, UInt8(ascii: "p")): candidate = ("protocol", .declaration(.protocol))
    case (9, UInt8(ascii: "t")): candidate = ("typealias", .declaration(.typealias))
    default: return nil
    }
    return spells(token, candidate.word) ? candidate.keyword : nil
  }

  /// True when the declaring keyword at `position` starts a declaration of `kind`.
  func startsDeclaration(_ kind: FileFacts.DeclarationKind, at position: Int) -> Bool {
    // `import struct Foo.Bar` is an import, read by `readImport`; a name must follow directly.
    guard reader.kind(position + 1, is: .identifier) else { return false }
    return isDeclarationFollower(position + 2, typealias: kind == .typealias)
  }

  /// True when the token at `position` can follow a declared type's name.
  func isDeclarationFollower(_ position: Int, typealias isTypealias: Bool) -> Bool {
    if reader.isOpeningAngle(position) { return true }
    if isTypealias { return reader.kind(position, is: .equal) }
    switch reader.kind(position) {
    case .leftBrace, .colon: return true
    default: return reader.is(position, .keyword, Word.where)
    }
  }

  /// Reads `kind Name …` at `position` and returns the position after the name, so the
  /// inheritance clause and body are scanned as ordinary code (their names are references).
  mutating func readDeclaration(_ kind: FileFacts.DeclarationKind, at position: Int) -> Int {
    let namePosition = position + 1
    let name = reader.name(namePosition)
    let enclosing = scopes.last?.name ?? ""
    let qualified = enclosing.isEmpty ? name : enclosing + "." + name
    // Types declared inside code are local: recorded nowhere, as no other file can name them
    // (a `struct Row` inside a function must not make every file that says `Row` depend on it).
    let isLocal = scopes.last?.isLocal ?? false
    if kind == .typealias {
      if !isLocal { declarations.append(.init(kind: kind, qualifiedName: qualified, name: name)) }
      return namePosition + 1
    }
    let (inheritance, body) = readInheritance(from: namePosition + 1)
    if !isLocal {
      declarations.append(.init(kind: kind, qualifiedName: qualified, name: name, inheritance: inheritance))
      if let body {
        spans.append(
          (qualified, false, Int(token(at: position).start), endOffset(reader.partner(body) ?? kinds.count)))
      }
    }
    if let body { pushScope(body: body, name: qualified, isLocal: isLocal) }
    return namePosition + 1
  }

  /// Reads `extension A.B: P, Q where … {` at `position`.
  mutating func readExtension(at position: Int) -> Int {
    var cursor = position + 1
    var extended = ""
    while reader.kind(cursor, is: .identifier) {
      if cursor > position + 1 { extended += "." }
      extended += reader.name(cursor)
      // The extended type is a reference to it (and to each qualifying type).
      noteReference(at: cursor)
      guard reader.kind(cursor + 1, is: .period), reader.kind(cursor + 2, is: .identifier) else {
        cursor += 1
        break
      }
      cursor += 2
    }
    guard cursor > position + 1 else { return position + 1 }
    let (conformances, body) = readInheritance(from: cursor)
    extensions.append(.init(extendedType: extended, conformances: conformances))
    if let body {
      spans.append(
        (extended, true, Int(token(at: position).start), endOffset(reader.partner(body) ?? kinds.count)))
      pushScope(body: body, name: extended, isLocal: false)
    }
    return cursor
  }

  /// Reads an inheritance clause starting at `position` (which may not be one) up to the body.
  ///
  /// Returns the names listed after `:` (each dotted path joined) and the body's `{` position.
  /// Stops at `}` or `;` without a body, so a malformed declaration cannot swallow the file.
  func readInheritance(from position: Int) -> (names: [String], body: Int?) {
    var names: [String] = []
    var cursor = position
    var expectingName = false
    var inWhere = false
    // A real clause is short; the limit keeps `struct A: struct B: …` without braces linear.
    let limit = min(reader.count, position + Self.maximumClauseLength)
    while cursor < limit {
      switch reader.kind(cursor) {
      case .leftBrace:
        return (names, cursor)
      case .rightBrace, .semicolon:
        return (names, nil)
      case .keyword where !reader.is(cursor, .keyword, Word.where) && !reader.is(cursor, .keyword, Word.class):
        // Another declaration (`func`, `var`, `struct`) began: this one had no body.
        if !reader.isCapitalized(cursor) { return (names, nil) }
      case .colon, .comma:
        expectingName = !inWhere
      case .atSign:
        cursor += 1  // `@unchecked Sendable`, `@preconcurrency P`: the attribute is not a type.
      case .identifier where expectingName:
        var path = reader.name(cursor)
        while reader.kind(cursor + 1, is: .period), reader.kind(cursor + 2, is: .identifier) {
          path += "." + reader.name(cursor + 2)
          cursor += 2
        }
        names.append(path)
        expectingName = false
      case .binaryOperator where reader.bytes(cursor).elementsEqual("&".utf8):
        expectingName = !inWhere
      case .keyword where reader.is(cursor, .keyword, Word.where):
        inWhere = true
        expectingName = false
      case .leftParen, .leftSquare:
        // Skip bracketed groups in one jump (`@available(…)`, tuple types in a where clause).
        if let close = reader.partner(cursor) { cursor = close }
      default:
        break
      }
      cursor += 1
    }
    return (names, nil)
  }

  mutating func pushScope(body: Int, name: String, isLocal: Bool) {
    // An unbalanced `{` keeps its scope to the end of the file: the names stay qualified, and
    // nothing is lost. Past a nesting no real code reaches, the scope keeps its parent's name,
    // so 50,000 nested `struct S {` cost linear work, not names 50,000 components long.
    let depth = scopes.last?.typeDepth ?? 0
    let qualifies = depth < Self.maximumQualifiedDepth
    push(
      Scope(
        start: body, end: reader.partner(body) ?? reader.count, name: qualifies ? name : scopes.last?.name ?? name,
        typeDepth: qualifies ? depth + 1 : depth, isLocal: isLocal))
  }

  mutating func push(_ scope: Scope) {
    scopes.append(scope)
    // Braces nest, so the new scope ends first (an unclosed one ends with the file, as its parent).
    scopeEnd = scope.end
  }

  // MARK: - Imports

  /// Reads `[@attributes] [modifiers] import [kind] A.B.C` and returns the position after it.
  mutating func readImport(at position: Int) -> Int {
    var isTestable = false
    var isExported = false
    // Attributes come before the keyword; walk back over them and any access modifiers.
    var back = position - 1
    while back >= 0 {
      if reader.kind(back, is: .rightParen), let open = reader.partner(back) {
        back = open - 1
        continue
      }
      guard reader.isWordLike(back) else { break }
      if reader.kind(back - 1, is: .atSign) {
        if reader.is(back, .identifier, Word.testable) { isTestable = true }
        if reader.is(back, .identifier, Word.exported) { isExported = true }
        back -= 2
        continue
      }
      let word = token(at: back)
      guard
        spells(word, "public") || spells(word, "internal") || spells(word, "package") || spells(word, "private")
          || spells(word, "fileprivate") || spells(word, "open")
      else { break }
      back -= 1
    }
    var cursor = position + 1
    var scoped = false
    // `import struct Foo.Bar`, `import func Foo.bar`: a kind word, then the path. The kind must
    // be one of the known words: `import Foo` followed by `import Bar` is two words too.
    if isImportKind(cursor), reader.isWordLike(cursor + 1) {
      scoped = true
      cursor += 1
    }
    guard reader.isWordLike(cursor) else { return position + 1 }
    let module = reader.name(cursor)
    // Only a scoped import keeps its path; the others need just its end.
    var symbol = module
    while isPeriod(cursor + 1), reader.isWordLike(cursor + 2) {
      if scoped { symbol += "." + reader.name(cursor + 2) }
      cursor += 2
    }
    imports.append(.init(module: module, isTestable: isTestable, isExported: isExported, symbol: scoped ? symbol : nil))
    return cursor + 1
  }

  /// True when the token at `position` is spelled like one of `importKinds`, whatever its kind.
  func isImportKind(_ position: Int) -> Bool {
    guard position >= 0 && position < kinds.count else { return false }
    let word = token(at: position)
    return spells(word, "struct") || spells(word, "class") || spells(word, "enum") || spells(word, "protocol")
      || spells(word, "typealias") || spells(word, "func") || spells(word, "let") || spells(word, "var")
      || spells(word, "actor")
  }
}
