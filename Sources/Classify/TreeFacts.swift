import ParallelWork
import ScanModel
import SwiftLexer

/// The facts of every file joined for the global pass: which names the tree declares, which
/// modules re-export Combine, the bridge helpers, the `$x` feeds and the completion defects.
///
/// Read-only once built, so files are finalised against it in parallel.
struct TreeFacts: Sendable {
  struct LocatedFeed {
    var path: String
    var feed: CombineFacts.Feed
    /// Position among all feeds of the same name, in file order: keeps the indexes of
    /// `FeedIndex` merging back into the order of the files.
    var order: Int = 0
    /// The module of the feed's file ("" when it has none).
    var module = ""
    /// The modules the feed's module can see: those its files import, transitively.
    var visible: [String] = []
    /// Why the feed was matched by name rather than by declaration; empty when it was not.
    var note = ""

    /// Whether the feed's file can see a declaration in `module` ("" when unknown: it can).
    /// A target's name may not be its module's: `SyncUI-iOS` is imported as `SyncUI_iOS`.
    func sees(_ other: String) -> Bool {
      if other.isEmpty || module.isEmpty || other == module || visible.contains(other) { return true }
      let imported = TreeFacts.moduleName(other)
      return imported != other && visible.contains(imported)
    }
  }

  struct LocatedSend {
    var path: String
    var line: Int
  }

  /// Whose a name is, seen from one file: nobody else's, its own module's, or an imported one's.
  enum Owner {
    /// No declaration of the name is visible from the file: it is Combine's, if anyone's.
    case none
    /// The file's own module declares it: that declaration shadows every import.
    case sameModule
    /// A module the file imports declares it: beside a Combine import, the reference is
    /// ambiguous and only a qualified name or the construct's shape says which.
    case imported
  }

  /// What one file can see: its module and what it imports, re-exports followed.
  struct FileScope {
    /// The file's module, "" when it has none.
    var module: String
    /// Modules the file imports, and those they (or its own module) re-export. An array: a
    /// file imports a handful, and a `Set` per file was most of finalising one.
    var imports: [String]
    /// The file imports a module providing Combine's names (directly or through a re-export).
    var importsCombine: Bool
    /// The file can see Combine at all (see `TreeFacts.scope(of:module:)`).
    var seesCombine = false
    /// The file imports a module of the tree that imports Combine and exposes publishers: Combine's
    /// members (`sink`, operators, `values`) reach the file through it, though its types do not.
    var reachesCombineMembers = false
  }

  /// For each type name the tree declares, among those ever asked about (see `init`): the modules
  /// ("" for files without one) with a file declaring it.
  private let declaredBy: [String: Set<String>]
  /// Names the context says the tree declares but no file's facts place in a module (a caller
  /// that knows names only): visible from everywhere, as if declared in every module.
  private let declaredEverywhere: Set<String>
  /// For each module, the modules its files `@_exported import`.
  private let reexports: [String: Set<String>]
  private let providing: Set<String>
  /// Modules of the tree that `@_exported import` a providing module.
  private let exportingModules: Set<String>
  /// Modules of the tree that import a providing module and declare a publisher (a property of a
  /// publisher type, a `@Published` property or a function returning a publisher).
  private let publishingModules: Set<String>
  /// The helpers whose `Future` is Combine's (see `init`), in file order.
  private var helpers: [(path: String, helper: CombineFacts.Helper)] = []
  /// How many files use each bridge helper's name (other names are not counted).
  private let usedNames: [String: Int]
  /// `$name` feeds by the property they block (see `FeedIndex`). Indexed rather than one list
  /// filtered per property: a tree where thousands of types share a property name (`$query`,
  /// `$viewState`) made that filter quadratic (10% of a 10M-line scan).
  private var feedIndex = FeedIndex()
  private let sendsByType: [String: [LocatedSend]]
  /// `@Published` property names by declaring type, in source order.
  private let publishedByType: [String: [String]]
  private let defects: [String: [(path: String, defect: CompletionDefect)]]
  /// Every analysed completion-taking function, by name, with its `path:line`.
  private let completionFunctions: [String: [(key: String, labels: [String])]]
  /// How the stream of each publisher-returning function ends, by name (`SourceEnds`).
  private let sourceEnds: SourceEnds
  /// The tree's declarations: the table the dependency graph resolves references with.
  let symbols: SymbolTable
  /// Every subject's consumers across the tree.
  let subjectConsumers: SubjectConsumers
  /// The tree's `ObservableObject`s, built only when a file holds an `observable-use` candidate.
  let observableTypes: ObservableTypes
  /// Whether the inner publishers silent-failure asks about can fail.
  private let innerFailures: InnerFailureIndex
  /// The public publisher API of the tree's published library modules.
  let libraryAPI: LibraryAPI
  /// The tree's test modules.
  let testModules: Set<String>
  /// The public `ObservableObject`s of published libraries, with their module: their clients
  /// hold them with `@StateObject`/`@ObservedObject` and read their `$` publishers, so they keep
  /// that API, and their properties and use sites stay with them.
  let clientModels: [String: String]
  /// The pipelines reading a `$property` of a client model, by `path:line`.
  private(set) var clientModelFeeds: [String: (type: String, property: String, module: String)] = [:]
  /// Per model, the pipelines its use sites are blocked by, made when first asked for.
  let modelFeeds = ModelFeedMemo()
  /// Resolved `future-initialiser` helper calls, counted per helper name for `bridge-helper`.
  private var initialiserCalls = 0

  /// True when `module` is a published library that is no test module: its public API has
  /// clients outside the tree.
  func exports(_ module: String) -> Bool {
    libraryAPI.libraries.contains(module) && !testModules.contains(module)
  }

  /// Joins the facts of `files`; `jobs` threads share the per-file part.
  init(files: [FileClassification], context: ClassifyContext, jobs: Int = 1) {
    // The indexes no other part of the join reads are built beside it, on another thread.
    let modules = files.map { context.moduleOf($0.path) }
    let symbols = context.symbols ?? Self.symbols(of: files, modules: modules)
    self.symbols = symbols
    let side = SideWork(jobs: jobs) {
      // By index: a `for … in` over candidates copies each one to read its category.
      let holdsUse = files.contains { file in
        file.candidates.indices.contains { file.candidates[$0].category == .observableUse }
      }
      return (
        subjects: SubjectConsumers(files: files, symbols: symbols),
        observable: holdsUse ? ObservableTypes(files: files, symbols: symbols, context: context) : ObservableTypes(),
        library: LibraryAPI(files: files, modules: modules, libraries: context.libraryModules)
      )
    }
    // `declared` only ever answers: does the tree declare a candidate's anchor, a Combine name a
    // file uses, or `Future`? So it keeps just those names: hashing every type the tree declares
    // into one set was the largest serial cost here. Uses, likewise, are looked up for
    // bridge-helper names only (a handful): counting every name the tree uses filled a table of
    // all of them.
    // Walking every candidate is per-file work too: each file lists its own, the join is small.
    let questions = ParallelChunks.map(count: files.count, jobs: jobs) { index in
      var asked = Set(files[index].facts.unambiguousNames)
      var helperNames: Set<String> = []
      var lookups: [InnerPublisher.Lookup] = []
      for candidate in files[index].candidates {
        if let anchor = candidate.anchor { asked.insert(anchor) }
        if candidate.category == .bridgeHelper, let name = candidate.key { helperNames.insert(name) }
        if case .innerFailure(let found)? = candidate.requirement { lookups += found }
      }
      return (asked: asked, helperNames: helperNames, lookups: lookups)
    }
    var asked: Set<String> = ["Future"]
    var helperNames: Set<String> = []
    var lookups: [InnerPublisher.Lookup] = []
    for question in questions {
      asked.formUnion(question.asked)
      helperNames.formUnion(question.helperNames)
      lookups += question.lookups
    }
    self.innerFailures = InnerFailureIndex(files: files, symbols: symbols, lookups: lookups)
    let helperTable = UsedNames(helperNames.sorted())
    let shares = ParallelChunks.map(count: helperNames.isEmpty ? 0 : files.count, jobs: jobs) { index in
      files[index].facts.usedNames.intersection(helperTable)
    }
    // Which modules declare each name asked about: the symbol table's answer.
    var declaredBy: [String: Set<String>] = [:]
    for name in asked {
      let declaring = symbols.files(declaring: name)
      if declaring.isEmpty { continue }
      var owners: Set<String> = []
      for file in declaring { owners.insert(symbols.files[file].module) }
      declaredBy[name] = owners
    }
    var reexports: [String: Set<String>] = [:]
    var exporting: Set<String> = []
    var used: [String: Int] = [:]
    var located: [(file: Int, feed: LocatedFeed)] = []
    var feedCount: [String: Int] = [:]
    var sends: [String: [LocatedSend]] = [:]
    var published: [String: [String]] = [:]
    var defects: [String: [(String, CompletionDefect)]] = [:]
    var functions: [String: [(key: String, labels: [String])]] = [:]
    var importing: Set<String> = []
    var declaring: Set<String> = []
    for name in shares.joined() { used[name, default: 0] += 1 }
    for (index, file) in files.enumerated() {
      let module = modules[index]
      // A publisher type is visible only where Combine is imported: other files declare none, and
      // a module already known needs no second look (member lists are long).
      if let module, file.facts.imports.contains(where: context.providingModules.contains) {
        importing.insert(module)
        if !declaring.contains(module),
          !file.facts.published.isEmpty || !file.facts.publisherSources.isEmpty
            || file.facts.members.contains(where: { CombineVocabulary.publisherTypes.contains($0.type) })
        {
          declaring.insert(module)
        }
      }
      if !file.facts.exportedImports.isEmpty {
        reexports[module ?? "", default: []].formUnion(file.facts.exportedImports)
      }
      if file.facts.exportedImports.contains(where: context.providingModules.contains), let module {
        exporting.insert(module)
      }
      for feed in file.facts.feeds {
        var entry = LocatedFeed(path: file.path, feed: feed)
        entry.order = feedCount[feed.name, default: 0]
        feedCount[feed.name] = entry.order + 1
        located.append((index, entry))
      }
      for property in file.facts.published { published[property.typePath, default: []].append(property.name) }
      for send in file.facts.willChangeSends {
        sends[send.typePath, default: []].append(LocatedSend(path: file.path, line: send.line))
      }
      for defect in file.facts.completionDefects { defects[defect.function, default: []].append((file.path, defect)) }
      for function in file.facts.completionFunctions {
        functions[function.name, default: []].append(("\(file.path):\(function.line)", function.closureLabels))
      }
    }
    self.declaredBy = declaredBy
    self.declaredEverywhere = asked.filter { name in
      declaredBy[name] == nil
        && (context.declaredTypeNames.contains(name) || context.symbols?.declaresTopLevel(name) == true)
    }
    self.reexports = reexports
    self.providing = context.providingModules
    self.exportingModules = exporting
    self.publishingModules = importing.intersection(declaring)
    self.usedNames = used
    self.sendsByType = sends
    self.publishedByType = published
    self.defects = Self.withoutFutureCompletions(defects, files: files)
    self.completionFunctions = functions
    self.testModules = context.testModules
    var clientModels: [String: String] = [:]
    if !context.libraryModules.isEmpty {
      for (file, module) in zip(files, modules) {
        guard let module, context.libraryModules.contains(module), !context.testModules.contains(module) else {
          continue
        }
        for candidate in file.candidates where candidate.category == .observableObject {
          if candidate.isPublicDeclaration, let type = candidate.key { clientModels[type] = module }
        }
      }
    }
    self.clientModels = clientModels
    self.sourceEnds = SourceEnds(
      files.flatMap { file in
        file.facts.publisherSources.map { (source: $0, place: "\(file.path):\($0.line)") }
      })
    // What each feed's module can see: every module its files import, and what those modules'
    // files import in turn. By module, not by file: without `MemberImportVisibility`, a member
    // (`cell.statusView.viewModel.$x`) is usable in a file that does not import its module itself.
    var moduleImports: [String: Set<String>] = [:]
    if !located.isEmpty {
      for (index, file) in files.enumerated() {
        let module = modules[index] ?? ""
        moduleImports[module, default: []].formUnion(file.facts.imports)
        let imported = Self.moduleName(module)
        if imported != module { moduleImports[imported, default: []].formUnion(file.facts.imports) }
      }
    }
    var visibleOf: [String: [String]] = [:]
    for index in 0..<located.count {
      let module = modules[located[index].file] ?? ""
      if visibleOf[module] == nil {
        var seen: Set<String> = [module]
        var pending = [module]
        while let next = pending.popLast() {
          for imported in (moduleImports[next] ?? []).union(reexports[next] ?? []) where seen.insert(imported).inserted
          {
            pending.append(imported)
          }
        }
        visibleOf[module] = seen.sorted()
      }
      located[index].feed.module = module
      located[index].feed.visible = visibleOf[module] ?? []
    }
    self.feedIndex = FeedIndex(feeds: located.map(\.feed), files: files, modules: modules, symbols: symbols)
    // Methods of `self` are called from here on: the side indexes must be in place.
    let built = side.result()
    self.subjectConsumers = built.subjects
    self.observableTypes = built.observable
    self.libraryAPI = built.library
    for (type, module) in clientModels {
      for name in publishedNames(of: type) {
        for feed in feeds(of: name, in: type, module: module) {
          clientModelFeeds["\(feed.path):\(feed.feed.line)"] = (type, name, module)
        }
      }
    }
    // A helper counts only where its own `Future` is Combine's: an `extension Future` in a module
    // that declares (or a file that imports) another `Future` extends that one.
    for (index, file) in files.enumerated() where !file.facts.helpers.isEmpty {
      let scope = self.scope(of: file, module: modules[index])
      guard scope.importsCombine, owner(of: "Future", in: scope) == .none else { continue }
      for helper in file.facts.helpers { self.helpers.append((file.path, helper)) }
    }
    // Call sites of `Future` initialiser helpers that resolve, each counted once (a call is a
    // candidate of every rule using the detector).
    let initialisers = self.helpers.filter { $0.helper.kind == .futureInitialiser }.map(\.helper)
    let fitting = ParallelChunks.map(count: initialisers.isEmpty ? 0 : files.count, jobs: jobs) { index in
      files[index].candidates.compactMap { candidate -> Int? in
        guard case .helperCall(let name, let labels)? = candidate.requirement, name == "Future" else { return nil }
        return initialisers.contains { $0.accepts(labels) } ? candidate.offset : nil
      }
    }
    var sites: Set<String> = []
    for (file, offsets) in zip(files, fitting) {
      for offset in offsets { sites.insert("\(file.path):\(offset)") }
    }
    self.initialiserCalls = sites.count
  }

  /// The symbol table of `files` for a caller that built none: each file's types by their
  /// simple names (nested and local ones too, as far as this file's facts say), and its members.
  static func symbols(of files: [FileClassification], modules: [String?]) -> SymbolTable {
    SymbolTable(
      files: zip(files, modules).map { file, module in
        SymbolTable.File(
          path: file.path, module: module ?? "",
          types: file.facts.declaredTypes.map { SymbolTable.TypeSymbol(qualifiedName: $0, name: $0) },
          members: file.facts.members)
      })
  }

  /// What `file` (in `module`) can see: its imports with every re-export they bring, whether one
  /// provides Combine, and whether it sees Combine at all: it imports it, or uses an unambiguous
  /// Combine name (`PassthroughSubject`) that no visible declaration of the tree claims.
  func scope(of file: FileClassification, module: String?) -> FileScope {
    let key = module ?? ""
    var imports = file.facts.imports
    if !reexports.isEmpty {
      // `@_exported import` chains: a module imported through another is visible too. Arrays,
      // not sets: a file imports a handful of modules, and hashing them cost more than the rest.
      var pending = imports
      pending.append(key)
      while let next = pending.popLast() {
        guard let exported = reexports[next] else { continue }
        for module in exported where !imports.contains(module) {
          imports.append(module)
          pending.append(module)
        }
      }
    }
    let combine =
      imports.contains { providing.contains($0) || exportingModules.contains($0) } || exportingModules.contains(key)
    var scope = FileScope(module: key, imports: imports, importsCombine: combine)
    scope.seesCombine = combine || file.facts.unambiguousNames.contains { owner(of: $0, in: scope) == .none }
    if !scope.seesCombine, !publishingModules.isEmpty {
      scope.reachesCombineMembers = imports.contains { $0 != key && publishingModules.contains($0) }
    }
    return scope
  }

  /// Whose `name` is, seen from `scope`: a file's `Future` is someone else's only when the file
  /// can see that other declaration (its own module, or a module it imports).
  func owner(of name: String, in scope: FileScope) -> Owner {
    guard let modules = declaredBy[name] else { return declaredEverywhere.contains(name) ? .sameModule : .none }
    if modules.contains(scope.module) { return .sameModule }
    return scope.imports.contains(where: modules.contains) ? .imported : .none
  }

  /// The ambiguity filter: does `candidate` count as Combine?
  ///
  /// Example: `Future { promise in … }` in a file importing only Foundation is someone else's
  /// `Future`, and so is one in a module that declares its own `Future`; in a file importing both
  /// Combine and a module that declares a `Future`, only the shape (`promise in` with a `Task`
  /// calling `promise(.success(…))`) or a qualified `Combine.Future` (which has no anchor) says
  /// Combine. `@Published` counts everywhere unless a visible declaration of `Published` exists.
  func counts(_ candidate: CandidateFinding, in scope: FileScope) -> Bool {
    if let anchor = candidate.anchor {
      switch owner(of: anchor, in: scope) {
      case .sameModule: return false
      case .imported: return scope.importsCombine && candidate.combineShaped
      case .none: break
      }
      if CombineVocabulary.ambiguousNames.contains(anchor) { return scope.importsCombine }
      if CombineVocabulary.unambiguousNames.contains(anchor) { return true }
    }
    // A pattern that names no Combine word and asks for no import (a team's
    // `DispatchQueue.main.async { $$$ }`) is about the code it matches, whatever the file imports.
    if candidate.anchor == nil && !candidate.requiresCombineImport { return true }
    // Continuations and queues are concurrency findings, not Combine ones: they need no import.
    switch candidate.category {
    case .continuationBridge, .continuationMisuse, .queueGuardedState: return true
    // Chains are Combine's members: a test file importing only the library under test calls
    // `.sink` on its publishers, which Swift lets through its import of Combine (before
    // `MemberImportVisibility`). Types (`PassthroughSubject`, `@StateObject`) do not leak so.
    case .operatorPipeline, .valuesBridge, .silentFailure, .assignRetainCycle:
      return scope.seesCombine || scope.reachesCombineMembers
    default: return scope.seesCombine
    }
  }

  /// Extra reasons when a requirement holds, nil when it does not.
  func resolve(_ requirement: CandidateFinding.Requirement) -> [String]? {
    switch requirement {
    case .helperCall(let name, let labels):
      // By the labels the call can legally use (`CombineFacts.Helper.accepts`).
      let factory = name.hasPrefix("Future.") ? String(name.dropFirst("Future.".count)) : nil
      let first = helpers.first { entry in
        let helper = entry.helper
        switch helper.kind {
        case .futureInitialiser: guard name == "Future" else { return false }
        case .futureFactory: guard helper.name == factory else { return false }
        case .futureFunction: guard helper.name == name else { return false }
        case .member: return false
        }
        return helper.accepts(labels)
      }
      guard let first else { return nil }
      let called = first.helper.kind == .futureFactory ? "Future." + first.helper.name : first.helper.name
      return [
        "calls `\(called)` (\(first.path):\(first.helper.line)), which wraps a `Task` in a `Future`: "
          + "cancelling the publisher does not cancel the `Task`"
      ]
    case .calleeDefect(let name, let kind, let parameter, let passed):
      guard let entries = defects[name], !entries.isEmpty, let declarations = completionFunctions[name] else {
        return nil
      }
      // The closure binds to a labelled parameter, or (trailing) to the first closure parameter
      // not passed by label. Overloads: flag only when every declaration has the defect there.
      var match: (path: String, defect: CompletionDefect)?
      for declaration in declarations {
        guard let target = parameter ?? declaration.labels.first(where: { !passed.contains($0) }) else {
          return nil
        }
        let hit = entries.first { entry in
          "\(entry.path):\(entry.defect.declarationLine)" == declaration.key && entry.defect.kind == kind
            && entry.defect.parameter == target
        }
        guard let hit else { return nil }
        if match == nil { match = hit }
      }
      guard let match else { return nil }
      let place = "\(match.path):\(match.defect.line)"
      let quoted = match.defect.statement.isEmpty ? "" : ": `\(match.defect.statement)`"
      let what: String
      switch kind {
      case .calledTwice:
        what = "calls its completion more than once on some path (\(place)\(quoted)): the continuation is resumed twice"
      case .notCalled:
        what =
          "returns on some path without calling its completion (\(place)\(quoted)), and a completion runs once: "
          + "the continuation is never resumed"
      case .notCalledWithoutSelf:
        what =
          "returns without calling its completion when `self` is gone (\(place)\(quoted)): if `self` is "
          + "deallocated before the callback, the caller waits for ever"
      }
      return ["`\(name)` \(what)"]
    case .innerFailure(let lookups):
      return innerFailures.reasons(for: lookups)
    }
  }

  /// `defects` less the paths that leave a `sink`'s `receiveCompletion:` on `.finished` when the
  /// publisher comes from a function every declaration of which returns a `Future`: a `Future`
  /// finishes only after its value, which the `receiveValue:` closure passes on (woocommerce's
  /// `disconnect(onCompletion:)` over `cardReaderService.disconnect()`). Files are read again only
  /// for the few names such paths have.
  private static func withoutFutureCompletions(
    _ defects: [String: [(String, CompletionDefect)]], files: [FileClassification]
  ) -> [String: [(String, CompletionDefect)]] {
    let sources = Set(defects.values.joined().compactMap(\.1.sinkSource))
    guard !sources.isEmpty else { return defects }
    var returnsFuture: [String: Bool] = [:]
    for file in files {
      for declared in file.facts.publisherDeclarations where !declared.isAlias && sources.contains(declared.name) {
        let future = declared.type.hasPrefix("Future<") || declared.type == "Future"
        returnsFuture[declared.name] = (returnsFuture[declared.name] ?? true) && future
      }
    }
    return defects.mapValues { entries in
      entries.filter { entry in !(entry.1.sinkSource.map { returnsFuture[$0] == true } ?? false) }
    }.filter { !$0.value.isEmpty }
  }

  /// How many files use helper `name` (`future-initialiser` helpers: resolved calls).
  func helperUses(_ name: String) -> Int {
    if name == "Future.init" { return initialiserCalls }
    return usedNames[name] ?? 0
  }

  /// The `$name` feeds that block `typePath.name` declared in `module` (see `FeedIndex`).
  func feeds(of name: String, in typePath: String, module: String?) -> [LocatedFeed] {
    feedIndex.feeds(of: name, in: typePath, module: module ?? "")
  }

  /// How the stream of the tree's publisher function `name` ends, and where it is declared;
  /// nil when the tree declares none. `owner`, the type a call writes before the name
  /// (`App` in `Mastodon.API.App.verifyCredentials(…)`), picks that type's declaration.
  func sourceEnd(of name: String, owner: String = "") -> SourceEnds.Entry? { sourceEnds.end(of: name, owner: owner) }

  /// The `@Published` property names `typePath` declares.
  func publishedNames(of typePath: String) -> [String] { publishedByType[typePath] ?? [] }

  /// Manual `objectWillChange.send()` calls inside `typePath`.
  func willChangeSends(in typePath: String) -> [LocatedSend] { sendsByType[typePath] ?? [] }

  /// The name a target is imported by: `SyncUI-iOS` is `SyncUI_iOS` (every byte that cannot be
  /// in an identifier becomes `_`).
  static func moduleName(_ target: String) -> String {
    guard target.utf8.contains(where: { !Self.isIdentifierByte($0) }) else { return target }
    return String(decoding: target.utf8.map { Self.isIdentifierByte($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    return letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }

  /// `Type.name` → (`Type`, `name`).
  static func split(_ key: String) -> (String, String) {
    guard let dot = key.lastIndex(ofUTF8: UInt8(ascii: ".")) else { return ("", key) }
    return (String(key[..<dot]), String(key[key.index(after: dot)...]))
  }
}

/// A small set of names that many names are looked up in: an ASCII name is found by its bytes
/// (most are rejected by their length and first byte), anything else by `Set`.
package struct NameFilter: Sendable {
  private let names: Set<String>
  /// The names, when they are few, all ASCII and shorter than 64 bytes: then an ASCII name
  /// equals one of them exactly when its bytes do.
  private let words: ByteWords?

  /// A filter answering for `names`.
  package init(_ names: Set<String>) {
    self.names = names
    // Past a few dozen names the set's hash beats `ByteWords`, which compares a name with every
    // word of its length: a tree's fed property names made that the largest cost of `FeedIndex`.
    let simple =
      names.count <= NameFilter.wordLimit
      && names.allSatisfy { name in
        name.utf8.count < 64 && name.utf8.allSatisfy { $0 < 0x80 }
      }
    words = simple ? ByteWords(names.sorted()) : nil
  }

  /// The most names looked up by bytes.
  static let wordLimit = 48

  /// Whether `name` is one of the names, as `Set.contains` answers it.
  package func contains(_ name: String) -> Bool {
    if let words {
      let found = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
        guard bytes.count > 0, bytes.count < 64, ByteSearch.isASCII(bytes) else { return nil }
        return words.index(in: bytes, start: 0, length: bytes.count) != nil
      }
      if let found, let found { return found }
    }
    return names.contains(name)
  }
}
