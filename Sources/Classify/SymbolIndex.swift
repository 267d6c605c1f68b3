import ScanModel
import SwiftLexer

/// The enclosing declaration of every significant position, as `Type.member`.
///
/// One iterative pass with a brace stack (no recursion, so 100,000 nested braces only cost
/// memory). A declaration keyword names the next declaration brace of its bracket frame:
/// `extension Feed.Loader {` pushes the type `Feed.Loader`, `func load() {` inside it the member
/// `load`, giving `Feed.Loader.load` for every token of that body. Members declared inside a
/// member (local functions, closures stored in locals) keep the outer member's name, so a
/// finding's symbol does not change when a helper closure is renamed.
package struct SymbolIndex: Sendable {
  /// One declaration scope.
  package struct Scope: Sendable, Hashable {
    /// Dotted type path (`Outer.Inner`), empty at file level.
    package var typePath: String
    /// The member name (`load`, `init`, `body`), or nil in a type body.
    package var member: String?
    /// Position of the scope's `{`, -1 for the file scope.
    package var open: Int
    /// Position of the matching `}`, or the end of the file when unbalanced.
    package var close: Int
    /// True when the scope is a type body (class, struct, enum, actor, protocol, extension).
    package var isType: Bool

    /// `Type.member`, `Type`, `member` or nil at file level.
    package var symbol: String? {
      switch (typePath.isEmpty, member) {
      case (true, nil): return nil
      case (true, let member?): return member
      case (false, nil): return typePath
      case (false, let member?): return typePath + "." + member
      }
    }
  }

  /// Every scope, the file scope first (index 0).
  package private(set) var scopes: [Scope]
  /// The innermost named scope of every significant position, run-length encoded: the positions
  /// from `runs[i].start` up to the next run's start have the scope `runs[i].scope` (an index
  /// into `scopes`). The scope only changes at braces, so this is a few entries per declaration
  /// where a per-token array was 4 bytes a token. `runs[0].start` is 0.
  private var runs: [Run]

  /// Positions from `start` on, up to the next run, whose innermost named scope is `scope`.
  struct Run {
    var start: Int32
    var scope: Int32
  }
  /// The number of significant positions.
  package let count: Int
  /// Type declarations of the file (class, struct, enum, actor, protocol, typealias names),
  /// each by its simple name, in source order. Extensions are not declarations.
  package private(set) var declaredTypes: [String]

  /// Indexes the declarations of one file.
  package init(_ view: SignificantTokenView) {
    let count = view.count
    var builder = Builder(view: view)
    // Read through buffers: this loop runs for every token of every file, and checked array
    // accesses were most of its cost.
    view.kinds.withUnsafeBufferPointer { kinds in
      view.declarationWords.withUnsafeBufferPointer { words in
        SymbolIndex.run(kinds: kinds, words: words, builder: &builder)
      }
    }
    self.count = count
    self.scopes = builder.scopes
    self.runs = builder.runs
    self.declaredTypes = builder.declaredTypes
  }

  /// The pass: most tokens only take the current scope, so the loop keeps just that, the bracket
  /// depth and the next declaration word in locals, and hands brackets of braces and declaration
  /// words to `builder` out of line. With all the state in the loop, the compiler spilled and
  /// reloaded it for every token (about 40 instructions a token).
  private static func run(
    kinds: UnsafeBufferPointer<TokenKind>, words: UnsafeBufferPointer<Int32>, builder: inout Builder
  ) {
    var current: Int32 = 0
    var bracketDepth = 0
    var wordIndex = 0
    // `SignificantTokenView.declarationWords`: the only words that may start a declaration.
    var nextWord = words.isEmpty ? -1 : Int(words[0])
    for position in 0..<kinds.count {
      switch kinds[position] {
      case .leftParen, .leftSquare:
        bracketDepth += 1
      case .rightParen, .rightSquare:
        bracketDepth = max(0, bracketDepth - 1)
      case .leftBrace:
        current = builder.openBrace(at: position, current: current, bracketDepth: bracketDepth)
      case .rightBrace:
        current = builder.closeBrace(at: position, current: current)
      default:
        guard position == nextWord else { continue }
        wordIndex += 1
        nextWord = wordIndex < words.count ? Int(words[wordIndex]) : -1
        builder.declaration(at: position, current: current, bracketDepth: bracketDepth)
      }
    }
  }

  /// The state of the pass besides the current scope and bracket depth.
  private struct Builder {
    let view: SignificantTokenView
    var scopes: [Scope]
    var declaredTypes: [String] = []
    /// The scope each open brace belongs to, in nesting order; its last element is the current one.
    var braceStack: [Int32] = []
    /// `SymbolIndex.runs`, appended at the braces that change the scope.
    var runs = [Run(start: 0, scope: 0)]
    /// The declaration waiting for its `{`, and the bracket depth it was declared at.
    var pendingName: DeclaredName?
    var pendingIsType = false
    var pendingDepth = 0
    let keywords = SymbolIndex.declarationKeywords
    let modifiers = SymbolIndex.modifiers

    init(view: SignificantTokenView) {
      self.view = view
      scopes = [Scope(typePath: "", member: nil, open: -1, close: view.count, isType: false)]
    }

    /// Opens the `{` at `position`; returns the scope its body belongs to.
    @inline(never)
    mutating func openBrace(at position: Int, current: Int32, bracketDepth: Int) -> Int32 {
      var next = current
      if let pending = pendingName, bracketDepth == pendingDepth, view.braceRole[position] == .declaration {
        let name = pending.text(in: view)
        let outer = scopes[Int(current)]
        if pendingIsType {
          let path = outer.typePath.isEmpty ? name : outer.typePath + "." + name
          // A type declared inside a member keeps the member's name as its prefix context.
          if outer.member == nil {
            scopes.append(Scope(typePath: path, member: nil, open: position, close: view.count, isType: true))
            next = Int32(scopes.count - 1)
          }
        } else if outer.member == nil {
          scopes.append(
            Scope(typePath: outer.typePath, member: name, open: position, close: view.count, isType: false))
          next = Int32(scopes.count - 1)
        }
      }
      if bracketDepth == pendingDepth { pendingName = nil }
      braceStack.append(next)
      // The `{` itself belongs to the scope it opens.
      if next != current { startRun(at: position, scope: next) }
      return next
    }

    /// Starts a run of `scope` at `position`, replacing a run that would be empty and merging
    /// with the run before when it has the same scope.
    mutating func startRun(at position: Int, scope: Int32) {
      let start = Int32(truncatingIfNeeded: position)
      if runs.count > 1, runs[runs.count - 1].start == start { runs.removeLast() }
      if runs[runs.count - 1].scope == scope { return }
      runs.append(Run(start: start, scope: scope))
    }

    /// Closes the `}` at `position`; returns the scope after it.
    @inline(never)
    mutating func closeBrace(at position: Int, current: Int32) -> Int32 {
      guard let top = braceStack.popLast() else { return current }
      let index = Int(top)
      if index != 0, scopes[index].close == view.count, scopes[index].open == view.partner(position) {
        scopes[index].close = position
      }
      // The `}` still belongs to the scope it closes; the next position takes the outer one.
      let next = braceStack.last ?? 0
      if next != current { startRun(at: position + 1, scope: next) }
      return next
    }

    /// Takes the declaration word at `position`, if it declares something.
    @inline(never)
    mutating func declaration(at position: Int, current: Int32, bracketDepth: Int) {
      if let found = SymbolIndex.declaredName(view, at: position, keywords: keywords, modifiers: modifiers) {
        if found.isType || scopes[Int(current)].member == nil {
          pendingName = found.name
          pendingIsType = found.isType
          pendingDepth = bracketDepth
        }
        if found.isType && !found.isExtension {
          declaredTypes.append(found.name.text(in: view).afterLast(UInt8(ascii: ".")))
        }
      } else if view.has(position, "typealias"), view.kind(position + 1) == .identifier {
        declaredTypes.append(view.text(position + 1))
      }
    }
  }

  /// The index into `scopes` of the innermost named scope of `position` (0, the file scope,
  /// out of range). A binary search over the runs: asked per finding, not per token.
  package func scopeIndex(at position: Int) -> Int {
    guard position >= 0, position < count else { return 0 }
    return Int(runs[run(containing: position)].scope)
  }

  /// The scope enclosing `position`.
  package func scope(at position: Int) -> Scope { scopes[scopeIndex(at: position)] }

  /// The ranges of positions in `range` whose innermost named scope is scope `index`, in order:
  /// the members of a type body without visiting each token of its nested bodies.
  package func positions(inScope index: Int, within range: Range<Int>) -> [Range<Int>] {
    let range = range.clamped(to: 0..<count)
    guard !range.isEmpty else { return [] }
    var found: [Range<Int>] = []
    var run = run(containing: range.lowerBound)
    while run < runs.count, Int(runs[run].start) < range.upperBound {
      if Int(runs[run].scope) == index {
        let end = run + 1 < runs.count ? Int(runs[run + 1].start) : count
        let piece = max(Int(runs[run].start), range.lowerBound)..<min(end, range.upperBound)
        if !piece.isEmpty { found.append(piece) }
      }
      run += 1
    }
    return found
  }

  /// The last run starting at or before `position` (which is in range).
  private func run(containing position: Int) -> Int {
    var low = 0
    var high = runs.count
    let target = Int32(truncatingIfNeeded: position)
    // The first run starting after `position`, minus one.
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].start <= target { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }

  /// `Type.member` enclosing `position`, or nil at file level.
  package func symbol(at position: Int) -> String? { scope(at: position).symbol }

  /// The dotted type path enclosing `position` (empty at file level).
  package func typePath(at position: Int) -> String { scope(at: position).typePath }

  /// The type body scopes, in source order.
  package var typeScopes: [Scope] { scopes.filter(\.isType) }

  /// `func`, then `init`/`deinit`/`subscript`, `var`/`let` and the type keywords: see
  /// `DeclarationKeyword` for the index ranges.
  private static let declarationKeywords = ByteWords([
    "func", "init", "deinit", "subscript", "var", "let", "class", "struct", "enum", "protocol", "extension", "actor",
  ])

  /// Indices into `declarationKeywords`.
  private enum DeclarationKeyword {
    static let `func` = 0
    static let namedMember = 1...3
    static let binding = 4...5
    static let `extension` = 10
    static let actor = 11
  }
  /// Words that, after a type keyword, make it a modifier (`class func`), not a declaration.
  private static let modifiers = ByteWords([
    "override", "final", "public", "private", "fileprivate", "internal", "open", "package", "static", "class",
    "convenience", "required", "mutating", "nonmutating", "dynamic", "lazy", "weak", "unowned", "nonisolated",
    "indirect", "distributed",
  ])

  /// A declared name: a member's is one token, made a `String` only if a body brace follows
  /// (most `let`s and `var`s never open one); a type's is built at once (`Outer.Inner`).
  private enum DeclaredName {
    case token(Int)
    case text(String)

    func text(in view: SignificantTokenView) -> String {
      switch self {
      case .token(let position): return view.text(position)
      case .text(let text): return text
      }
    }
  }

  /// What `declaredName` found: the name, whether it is a type, and whether it is an extension.
  private struct Declared {
    var name: DeclaredName
    var isType: Bool
    var isExtension: Bool
  }

  /// The name a declaration keyword at `position` introduces, and whether it is a type.
  /// `class func f` is a member (the `class` is a modifier); `extension A.B where …` is `A.B`.
  private static func declaredName(
    _ view: SignificantTokenView, at position: Int, keywords: ByteWords, modifiers: ByteWords
  ) -> Declared? {
    // One lookup by bytes: this runs for every word of the file, and almost none is a
    // declaration keyword. It used to compare the word with each keyword in turn.
    guard let found = keywords.index(at: position, in: view) else { return nil }
    let isKeyword: Bool
    if case .keyword = view.kind(position) { isKeyword = true } else { isKeyword = false }
    // Patterns, not `==`: `TokenKind.==` is an out-of-line call (see `SignificantTokenView.isWord`).
    let nextIsIdentifier = view.isIdentifier(position + 1)
    switch found {
    case DeclarationKeyword.func:
      guard isKeyword else { return nil }
      let next = position + 1
      guard next < view.count else { return nil }
      return Declared(name: .token(next), isType: false, isExtension: false)
    case DeclarationKeyword.namedMember:
      return isKeyword ? Declared(name: .token(position), isType: false, isExtension: false) : nil
    case DeclarationKeyword.binding:
      guard isKeyword, nextIsIdentifier else { return nil }
      return Declared(name: .token(position + 1), isType: false, isExtension: false)
    default:
      break
    }
    let isActor = found == DeclarationKeyword.actor
    let isExtension = found == DeclarationKeyword.extension
    if isActor && isKeyword { return nil }
    guard nextIsIdentifier else { return nil }
    // By bytes, as `String ==` would (the modifiers are ASCII with no `K`, so no other spelling
    // is canonically equal to one).
    if modifiers.index(at: position + 1, in: view) != nil { return nil }
    var name = view.text(position + 1)
    var next = position + 2
    if isExtension {
      while view.isPeriod(next), view.isIdentifier(next + 1) {
        name += "." + view.text(next + 1)
        next += 2
      }
    }
    // `actor` is a contextual keyword: `actor Store {` or `actor Store: P`, not `let actor = …`.
    if isActor {
      let after = view.kind(next)
      guard after == .leftBrace || after == .colon || view.has(next, "<") || view.isWord(next, "where") else {
        return nil
      }
    }
    return Declared(name: .text(name), isType: true, isExtension: isExtension)
  }
}
