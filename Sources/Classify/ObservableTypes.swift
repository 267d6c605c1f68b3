import ScanModel

/// The tree's `ObservableObject` types, to resolve the model a view's `@StateObject`,
/// `@ObservedObject`, `@EnvironmentObject` or `.environmentObject(…)` holds.
///
/// A type counts when its inheritance clause (or an extension's) names `ObservableObject`, or a
/// class or protocol of the tree that counts: `class Base: ObservableObject`, `final class
/// Profile: Base`; `protocol ProfileModel: ObservableObject`, `class Profile: ProfileModel`.
/// A type that inherits it only from a library (`class Store: LibraryStore`) does not: nothing of
/// the tree says so, and what the library declares does not move with this tree's migration.
struct ObservableTypes: Sendable {
  /// How a written type name resolves.
  enum Resolution: Equatable {
    /// One `ObservableObject` of the tree, by its dotted type path.
    case found(String)
    /// Several of the tree's `ObservableObject`s fit the name and the scope does not decide.
    case ambiguous([String])
    /// None does: a library's type, a generic parameter, or a type of the tree that is no
    /// `ObservableObject` as far as the tree says.
    case none
  }

  /// Dotted type paths of the tree's `ObservableObject`s.
  private var paths: Set<String> = []
  /// The same, by simple name, in file order.
  private var pathsByName: [String: [String]] = [:]
  /// What each type name inherits from, conforms to or aliases, over all its clauses: the way to
  /// a nested type a subclass inherits (`ScreenViewModel.Context`, declared as
  /// `StateStoreViewModel.Context`).
  private var supertypes: [String: [String]] = [:]
  /// The written type of each member a use site reads through (`TimelineViewModelProtocol`␟`context`
  /// → `TimelineViewModelType.Context`), "" where declarations disagree (see
  /// `SymbolTable.MemberTypes`).
  private var memberTypes: [String: String] = [:]
  /// For each member name a use site reads through: the written type every declaration of it in
  /// the tree agrees on, "" when one has none or two differ.
  private var typesByName: [String: String] = [:]
  /// The names of every `@Published` property of the tree.
  private(set) var publishedNames: Set<String> = []
  /// For each model path: where it is declared (`path:line` of its first clause) and what its own
  /// module's deployment target lacks for `@Observable`. A view in an iOS 17 app holding a model
  /// compiled into an iOS 16 extension cannot move before the model does.
  private var declarations: [String: (module: String, gates: [DeploymentGate])] = [:]

  /// An empty table: no file holds a view use site.
  init() {}

  /// Collects the `ObservableObject`s of `files`; `context` says each file's module and its
  /// deployment targets.
  init(files: [FileClassification], symbols: SymbolTable, context: ClassifyContext) {
    var clauses: [CombineFacts.Conformance] = []
    var clauseFiles: [Int] = []
    for (index, file) in files.enumerated() {
      clauses.append(contentsOf: file.facts.conformances)
      clauses.append(contentsOf: file.facts.protocolInheritance)
      clauses.append(contentsOf: file.facts.typealiases)
      let count = file.facts.conformances.count + file.facts.protocolInheritance.count + file.facts.typealiases.count
      clauseFiles.append(contentsOf: repeatElement(index, count: count))
      for property in file.facts.published { publishedNames.insert(property.name) }
    }
    // Which clauses name each supertype: a name that turns out observable makes those observable
    // too, each clause visited at most once.
    // Only the members some use site reads through (`viewModel.context`) are indexed.
    var wanted: Set<String> = []
    for file in files {
      for candidate in file.candidates where candidate.category == .observableUse {
        let parts = (candidate.key ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false)
        // `Head#member#member…`: every member a hop reads.
        if parts.count > 1, parts[1].contains("#") {
          for member in parts[1].split(separator: "#").dropFirst() { wanted.insert(String(member)) }
        }
      }
    }
    if !wanted.isEmpty {
      let members = symbols.memberTypes(named: wanted.contains)
      memberTypes = members.writtenByOwner
      typesByName = members.writtenByName
    }
    var bySupertype: [String: [Int]] = [:]
    for (index, clause) in clauses.enumerated() {
      for supertype in clause.supertypes { bySupertype[supertype, default: []].append(index) }
      supertypes[clause.type, default: []].append(contentsOf: clause.supertypes)
    }
    var observableNames: Set<String> = ["ObservableObject"]
    var pending = ["ObservableObject"]
    var counted = [Bool](repeating: false, count: clauses.count)
    while let name = pending.popLast() {
      for index in bySupertype[name] ?? [] where !counted[index] {
        counted[index] = true
        let clause = clauses[index]
        if observableNames.insert(clause.type).inserted { pending.append(clause.type) }
      }
    }
    // Every declaration or extension of an observable name is one of its paths; extensions of a
    // nested type name it fully (`extension Outer.Model`), so paths of one type agree.
    for (index, clause) in clauses.enumerated() where counted[index] || observableNames.contains(clause.type) {
      let path = clause.path.isEmpty ? clause.type : clause.path
      // Every file declaring or extending it must build for the model to move: the gates of each.
      let file = files[clauseFiles[index]].path
      let module = context.moduleOf(file)
      let gates =
        context.deploymentTargets(ofFile: file, module: module).map(PlatformRequirement.observable.gates) ?? []
      if var known = declarations[path] {
        known.gates += gates.filter { !known.gates.contains($0) }
        declarations[path] = known
      } else {
        declarations[path] = (module ?? "", gates)
      }
      guard paths.insert(path).inserted else { continue }
      pathsByName[clause.type, default: []].append(path)
    }
  }

  /// The `ObservableObject` that `written` (`ViewModel`, `Feature.Model`) names where it is
  /// written, inside `typePath`: Swift's lookup from the innermost enclosing type outwards
  /// (`ProfileView.ViewModel` before a top-level `ViewModel`), then a unique type of that name.
  func resolve(_ written: String, from typePath: String) -> Resolution {
    var scope = typePath
    while true {
      let candidate = scope.isEmpty ? written : scope + "." + written
      if paths.contains(candidate) { return .found(candidate) }
      guard let dot = scope.lastIndex(of: ".") else {
        if scope.isEmpty { break }
        scope = ""
        continue
      }
      scope = String(scope[..<dot])
    }
    let simple = written.split(separator: ".").last.map(String.init) ?? written
    let fitting = (pathsByName[simple] ?? []).filter { $0 == written || $0.hasSuffix("." + written) }
    switch fitting.count {
    case 0: return inherited(written)
    case 1: return .found(fitting[0])
    default: return .ambiguous(fitting)
    }
  }

  /// `Head.Tail` where `Tail` is declared in a supertype of `Head` (or the type an alias of it
  /// names), a few levels up: `SecurityScreenViewModel.Context` with `class
  /// SecurityScreenViewModel: SecurityScreenViewModelType` and `typealias
  /// SecurityScreenViewModelType = StateStoreViewModel<…>` is `StateStoreViewModel.Context`.
  private func inherited(_ written: String) -> Resolution {
    guard let dot = written.firstIndex(of: ".") else { return .none }
    let head = String(written[..<dot])
    let tail = String(written[written.index(after: dot)...])
    var seen: Set<String> = [head]
    var level = [head]
    var found: [String] = []
    for _ in 0..<4 where found.isEmpty && !level.isEmpty {
      var next: [String] = []
      for name in level {
        for supertype in supertypes[name] ?? [] where seen.insert(supertype).inserted {
          next.append(supertype)
          let candidate = supertype + "." + tail
          if paths.contains(candidate) {
            found.append(candidate)
          } else if let nested = pathsByName[String(tail.split(separator: ".").last ?? "")] {
            found += nested.filter { $0.hasSuffix("." + candidate) && !found.contains($0) }
          }
        }
      }
      level = next
    }
    switch found.count {
    case 0: return .none
    case 1: return .found(found[0])
    default: return .ambiguous(found)
    }
  }

  /// The written type of `member` in type `owner` (a simple name) or, failing that, in its
  /// supertypes a few levels up (a protocol or base class declaring it); nil when none or several
  /// disagree.
  func memberType(_ member: String, of written: String) -> String? {
    let owner = written.split(separator: ".").last.map(String.init) ?? written
    var seen: Set<String> = [owner]
    var level = [owner]
    for _ in 0..<4 where !level.isEmpty {
      var found: [String] = []
      var next: [String] = []
      for name in level {
        if let type = memberTypes[SymbolTable.MemberTypes.key(owner: name, member: member)] { found.append(type) }
        for supertype in supertypes[name] ?? [] where seen.insert(supertype).inserted { next.append(supertype) }
      }
      if let first = found.first { return found.allSatisfy { $0 == first } && !first.isEmpty ? first : nil }
      level = next
    }
    return nil
  }

  /// The written type of every property named `member` in the tree, when there is at least one
  /// and all say the same type: a hop that no declared type resolves (a generic base class's
  /// `viewState`) resolves by the name's only meaning, never by a guess among several.
  func onlyType(ofMember member: String) -> String? {
    guard let type = typesByName[member], !type.isEmpty else { return nil }
    return type
  }

  /// What the deployment targets of the modules declaring model `path` lack for `@Observable`,
  /// and the first of those modules.
  func gates(of path: String) -> (module: String, gates: [DeploymentGate]) { declarations[path] ?? ("", []) }

  /// True when `typePath` (a finding's enclosing type) is one of the tree's `ObservableObject`s.
  func contains(_ typePath: String) -> Bool { paths.contains(typePath) }
}
