import ParallelWork
import ScanModel

/// Every subject's consumers across the tree, and the verdict they make.
///
/// Built in the global pass from each file's `CombineFacts.subjects` (what the declaring scope
/// says), `memberUses` (member paths that start chains or feed `onReceive`/combining calls) and
/// `members` (properties with their written types). A use `q₀.q₁….name` names a subject when:
/// - its qualifier resolves to the subject's type: `self`, a capitalised type name
///   (`Events.shared`: `Events`, then the declared type of `Events.shared`), a local or parameter
///   with a written type (`let coordinator = LoginCoordinator(…)`), or a property of the use's
///   own type (`manager.updates` where the type declares `let manager: Manager`);
/// - or, where the qualifier does not resolve (or resolves to a type the tree does not see declare
///   the member), the subject is the only declaration of that member name in the tree.
/// Two or more declarations of the name with an unresolved qualifier are ambiguous: said in the
/// verdict, never counted as a guess either way. A bare `changed` or `self.changed` counts only in
/// the subject's own type (elsewhere it is a local or another type's member).
struct SubjectConsumers: Sendable {
  /// What the tree knows about one subject.
  struct Result: Sendable {
    /// `path:line` of each consumer, the declaring scope's first.
    var consumers: [String] = []
    /// `path:line` of uses that may be consumers, with the other types declaring the name.
    var ambiguous: [String] = []
    var otherTypes: [String] = []
    /// `path:line` of the consumers that are `.onReceive(…)` arguments: a view subscribes.
    var views: [String] = []
    /// `path:line` of the consumers that go through an operator staying on Combine.
    var kept: [String] = []
    /// Re-exposing properties found in extensions of the subject's type in other files, followed
    /// like the declaring file's own (`CombineFacts.SubjectUse.aliases`).
    var aliases: [String] = []
    /// `path:line` of the consumers that subscribe once per call of their function, and why.
    var perCall: [String] = []
    var perCallWhy = ""

    /// The types other than the subject's own whose code holds a consumer reached through a
    /// property, a parameter or a shared instance (not a local it made): each instance of such a
    /// type subscribes again (a screen made per visit, a handler per tab).
    var foreignTypes: [String] = []

    /// A supertype declaring the same member with a subject type (a protocol requirement).
    var requiredBy: String?
    /// `path:line` of uses that pass it to a function whose consumers are not counted.
    var handedOver: [String] = []
    /// "`statePublisher` (path:line)": publisher properties of other code that re-expose it.
    var reExposures: [String] = []

    /// Consumers on an instance the consuming code makes itself (`let model = Model()`, a test's
    /// `viewModel = Model()` in `setUp`): each is the one outside consumer of its own instance,
    /// so they are not summed with each other.
    var madeSites: [String] = []

    /// The consumers the declaring scope of `subject` (in `path`) found itself.
    init(declaredIn path: String, _ subject: CombineFacts.SubjectUse) {
      consumers = subject.lines.map { "\(path):\($0)" }
      views = subject.viewLines.map { "\(path):\($0)" }
      kept = subject.keptLines.map { "\(path):\($0)" }
      perCall = subject.perCallLines.map { "\(path):\($0)" }
      perCallWhy = subject.perCallWhy
    }

    /// Consumers of one instance: those of the subject's own type, which every instance has,
    /// plus one for the sites on instances made elsewhere (each its own instance).
    var perInstance: Int { consumers.count - madeSites.count + (madeSites.isEmpty ? 0 : 1) }

    /// Counts the use at `place`; false when it only hands the subject over.
    @discardableResult
    mutating func add(_ place: String, _ use: CombineFacts.MemberUse, owner: String) -> Bool {
      let holder = use.typePath.afterLast(UInt8(ascii: "."))
      let made = holder != owner && use.madeLocally
      if !use.reExposedAs.isEmpty {
        reExposures.append("`\(use.reExposedAs)` (\(place))")
        return false
      }
      if use.isHandedOver && !made {
        handedOver.append(place)
        return false
      }
      consumers.append(place)
      if made { madeSites.append(place) }
      if use.isOnReceive { views.append(place) }
      if use.isKept { kept.append(place) }
      // A function that makes the subject's owner and subscribes to it (`let emitter =
      // Emitter()` … `c = emitter.events.sink { … }`) subscribes once to each instance it makes.
      if !use.perCall.isEmpty, !made {
        if perCall.isEmpty { perCallWhy = use.perCall }
        perCall.append(place)
      }
      if holder != owner, !made, !foreignTypes.contains(holder) { foreignTypes.append(holder) }
      return true
    }
  }

  /// A subject of the tree, as the source of a chain in another type.
  struct Source: Sendable, Equatable {
    /// The member the chain names (the subject or an alias of it).
    var name: String
    /// The subject's own name.
    var subject: String
    /// The subject's declaration, `path:line`.
    var place: String
    /// `PassthroughSubject` or `CurrentValueSubject`.
    var kind: String
  }

  private struct LocatedUse {
    var path: String
    var use: CombineFacts.MemberUse
  }

  /// Results by `path` U+001F `offset` of the declaration.
  private var results: [String: Result] = [:]
  /// The subject each counted use outside the declaring scope names, by `path:line` U+001F the
  /// member named; a use two subjects claim maps to neither.
  private var sources: [String: Source?] = [:]
  /// Uses looked at, over all subjects: the work counter of the cost-shape test.
  private(set) var visitedUses = 0

  /// Resolves every subject of `files` against the uses of every file.
  init(files: [FileClassification], symbols: SymbolTable) {
    // Members written with a subject type, by `Type` U+001F `name`, and every type's written
    // supertypes: a protocol requirement of a subject type fixes its conformers' member.
    var subjectTyped: Set<String> = []
    var declaredSupertypes: [String: Set<String>] = [:]
    for file in files {
      for conformance in file.facts.conformances where !conformance.supertypes.isEmpty {
        declaredSupertypes[conformance.type, default: []].formUnion(conformance.supertypes)
      }
      for declared in file.facts.publisherDeclarations
      where declared.type.hasPrefix("PassthroughSubject") || declared.type.hasPrefix("CurrentValueSubject") {
        subjectTyped.insert(declared.typePath + "\u{1F}" + declared.name)
      }
    }
    // The member names worth resolving: subjects and their aliases. Uses of other names (most of
    // a tree's chains) are dropped before any resolution.
    var wanted: Set<String> = []
    for file in files {
      for subject in file.facts.subjects where !subject.isLocal {
        wanted.insert(subject.name)
        wanted.formUnion(subject.aliases)
      }
    }
    guard !wanted.isEmpty else { return }
    // Most names asked about are no subject's: a byte filter answers them without hashing.
    var wantedFilter = NameFilter(wanted)
    var uses: [String: [LocatedUse]] = [:]
    // The names a wanted use's qualifier goes through (`shared`, `store`): only their declared
    // types are ever asked for, so only they are indexed (a tree declares tens of thousands).
    var through: Set<String> = []
    var types: Set<String> = []
    func collect(_ filter: NameFilter) {
      for file in files {
        for use in file.facts.memberUses where filter.contains(use.name) {
          uses[use.name, default: []].append(LocatedUse(path: file.path, use: use))
          through.formUnion(use.qualifier)
          if !use.localType.isEmpty { types.insert(use.localType) }
          if let first = use.qualifier.first { types.insert(first) }
        }
      }
    }
    collect(wantedFilter)
    // A bare subject name re-exposed by a property of an extension in another file names an
    // alias its declaring file cannot see: that property's uses are wanted too, in a second pass
    // made only when the tree has such a re-exposure.
    var late: Set<String> = []
    for located in uses.values {
      for entry in located where !entry.use.reExposedAs.isEmpty && !wanted.contains(entry.use.reExposedAs) {
        if entry.use.qualifier.isEmpty || entry.use.qualifier == ["self"] { late.insert(entry.use.reExposedAs) }
      }
    }
    if !late.isEmpty {
      collect(NameFilter(late))
      wanted.formUnion(late)
      wantedFilter = NameFilter(wanted)
    }
    // The declared type of `Type.member` and of each qualifier name whichever type declares it
    // (`state.bindings.spaceFiltersViewModel?.actions` resolves through its last name when the
    // path before it does not: a generic base class's `state`), from the symbol table.
    let throughFilter = NameFilter(through)
    let members = symbols.memberTypes { wantedFilter.contains($0) || throughFilter.contains($0) }
    let memberTypes = members.byOwner
    let byName = members.byName
    types.formUnion(members.types)
    // For each wanted name the types declaring it, in file order (for the report), with a set
    // beside each list for the membership tests: a name like `actions` is declared by hundreds
    // of types, and scanning the list per use made this pass quadratic (element-x-ios: 1.2G →
    // 2.4G instructions).
    var declaring: [String: [String]] = [:]
    var declaringSet: [String: Set<String>] = [:]
    for file in files {
      for member in file.facts.members where wantedFilter.contains(member.name) {
        let owner = member.typePath.afterLast(UInt8(ascii: "."))
        if declaringSet[member.name, default: []].insert(owner).inserted {
          declaring[member.name, default: []].append(owner)
        }
      }
    }
    // For each protocol or superclass a qualifier may resolve to: the types of the tree that
    // conform to it. A use through `let viewModel: ScreenViewModelProtocol` is a consumer of the
    // member of each conformer declaring it.
    var conformers: [String: [String]] = [:]
    var conformerSet: [String: Set<String>] = [:]
    for file in files {
      for conformance in file.facts.conformances {
        for supertype in conformance.supertypes where types.contains(supertype) {
          if conformerSet[supertype, default: []].insert(conformance.type).inserted {
            conformers[supertype, default: []].append(conformance.type)
          }
        }
      }
    }
    // What each subject may see of a name's uses, filed once per use rather than read per subject:
    // a tree where a hundred types each declare `events` made the scan below quadratic when every
    // subject walked every use of its name (1M generated lines: 3× the whole scan's time).
    var bareUses: [String: [Int]] = [:]  // name U+001F enclosing type → uses
    var typedUses: [String: [Int]] = [:]  // name U+001F resolved type → uses
    var looseUses: [String: [Int]] = [:]  // name → uses no declarer of the name claims
    var resolved: [String: [String?]] = [:]
    for (name, located) in uses {
      let declarerSet = declaringSet[name] ?? []
      var useTypes: [String?] = []
      useTypes.reserveCapacity(located.count)
      for (index, entry) in located.enumerated() {
        let use = entry.use
        if use.qualifier.isEmpty || use.qualifier == ["self"] {
          bareUses[name + "\u{1F}" + use.typePath.afterLast(UInt8(ascii: ".")), default: []].append(index)
          useTypes.append(nil)
          continue
        }
        let type = Self.resolve(use, memberTypes: memberTypes, byName: byName)
        useTypes.append(type)
        if let type { typedUses[name + "\u{1F}" + type, default: []].append(index) }
        if type.map({ !declarerSet.contains($0) }) ?? true { looseUses[name, default: []].append(index) }
      }
      resolved[name] = useTypes
    }
    // The supertypes of each type that a qualifier resolves to (a use through a protocol).
    var supertypesOf: [String: Set<String>] = [:]
    for (supertype, conforming) in conformers {
      for type in conforming { supertypesOf[type, default: []].insert(supertype) }
    }
    for file in files {
      for subject in file.facts.subjects where !subject.isLocal {
        var result = Result(declaredIn: file.path, subject)
        var otherSeen: Set<String> = []
        let owner = subject.typePath.afterLast(UInt8(ascii: "."))
        let declared = Source(
          name: "", subject: subject.name, place: "\(file.path):\(subject.line)", kind: subject.kind)
        func found(_ place: String, _ name: String) {
          var source = declared
          source.name = name
          let key = place + "\u{1F}" + name
          if let known = sources[key] {
            if known != source { sources[key] = .some(nil) }
          } else {
            sources[key] = source
          }
        }
        // The subject by its own name (its declaring scope already counted bare uses there), then
        // each alias (whose bare uses in the declaring file count too).
        var names: [(name: String, skipsOwnFile: Bool, isProperty: Bool)] = [(subject.name, true, true)]
        for alias in subject.aliases { names.append((alias, false, !subject.functionAliases.contains(alias))) }
        // A re-exposing property in an extension of the type in another file (`extension Op { var
        // updates: AnyPublisher<…> { subject.eraseToAnyPublisher() } }`): its consumers are the
        // subject's too, as for a re-exposure beside the declaration.
        let ownUses = uses[subject.name] ?? []
        for index in bareUses[subject.name + "\u{1F}" + owner] ?? [] {
          let alias = ownUses[index].use.reExposedAs
          guard !alias.isEmpty, ownUses[index].path != file.path, !names.contains(where: { $0.name == alias }) else {
            continue
          }
          names.append((alias, false, true))
          result.aliases.append(alias)
        }
        for (name, skipsOwnFile, isProperty) in names {
          let named = uses[name] ?? []
          // Only the uses that can say something about this subject, in file order: bare uses in
          // its type, uses resolved to its type or a supertype, and uses no declarer claims. The
          // rest (uses resolved to another declaring type) were skipped by the checks below.
          var visit = (bareUses[name + "\u{1F}" + owner] ?? []) + (typedUses[name + "\u{1F}" + owner] ?? [])
          for supertype in supertypesOf[owner] ?? [] { visit += typedUses[name + "\u{1F}" + supertype] ?? [] }
          visit += looseUses[name] ?? []
          visit = Array(Set(visit)).sorted()
          let useTypes = resolved[name] ?? []
          visitedUses += visit.count
          for index in visit {
            let located = named[index]
            let use = located.use
            let bare = use.qualifier.isEmpty || use.qualifier == ["self"]
            // `api.servers(count:)` calls a function spelled like the subject property, and
            // `NotificationCenter.default.publisher(for:)` one spelled like a re-exposing property.
            // A call on the subject's own type is another matter: the type declares a function of
            // that name too (`publisher(matching:)` beside `var publisher`), which may well be
            // made from the subject, so it still counts rather than risk a single consumer.
            if use.isCall && isProperty {
              let onOwner = bare ? use.typePath.afterLast(UInt8(ascii: ".")) == owner : useTypes[index] == owner
              if skipsOwnFile || !onOwner { continue }
            }
            if bare && skipsOwnFile && located.path == file.path { continue }
            // The re-exposure followed above: its consumers are counted, not it.
            if bare && skipsOwnFile && result.aliases.contains(use.reExposedAs) { continue }
            let place = "\(located.path):\(use.line)"
            if bare {
              if use.typePath.afterLast(UInt8(ascii: ".")) == owner, result.add(place, use, owner: owner) {
                found(place, name)
              }
              continue
            }
            let declarers = declaring[name] ?? []
            let declarerSet = declaringSet[name] ?? []
            if let type = useTypes[index] {
              if type == owner {
                if result.add(place, use, owner: owner) { found(place, name) }
                continue
              }
              // A protocol the subject's type conforms to: the use subscribes to the member of
              // whichever conformer it holds, so it is a consumer of each (a mock conforming too
              // does not make it a guess: one instance is held at a time).
              if conformerSet[type]?.contains(owner) == true, declarerSet.contains(owner) {
                if result.add(place, use, owner: owner) { found(place, name) }
                continue
              }
              // Another type the tree sees declare the name: its member, not this subject.
              if declarerSet.contains(type) { continue }
            }
            if declarers == [owner] {
              if result.add(place, use, owner: owner) { found(place, name) }
            } else {
              result.ambiguous.append(place)
              // The same declarers for every such use: added once.
              if !otherSeen.contains("\u{1F}" + name) {
                otherSeen.insert("\u{1F}" + name)
                for other in declarers where other != owner && otherSeen.insert(other).inserted {
                  result.otherTypes.append(other)
                }
              }
            }
          }
        }
        // `protocol DuckPlayerControlling { var requests: PassthroughSubject<URL, Never> { get } }`:
        // the protocol fixes the type, so no conformer migrates on its own.
        for supertype in (declaredSupertypes[owner] ?? []).sorted()
        where subjectTyped.contains(supertype + "\u{1F}" + subject.name) {
          result.requiredBy = supertype
          break
        }
        results[file.path + "\u{1F}" + String(subject.offset)] = result
      }
    }
  }

  /// The tree's subject that the use of `member` at `place` (`path:line`) consumes, when exactly
  /// one does: a chain starting there starts from that subject.
  func source(at place: String, member: String) -> Source? {
    sources[place + "\u{1F}" + member] ?? nil
  }

  /// The consumers of the subject `subject` declared in `path` (its own scope's alone for a local).
  func result(for subject: CombineFacts.SubjectUse, in path: String) -> Result {
    results[path + "\u{1F}" + String(subject.offset)] ?? Result(declaredIn: path, subject)
  }

  /// The simple type name the qualifier of `use` resolves to, or nil.
  private static func resolve(_ use: CombineFacts.MemberUse, memberTypes: [String: String], byName: [String: String])
    -> String?
  {
    let qualifier = use.qualifier
    guard let first = qualifier.first else { return use.typePath.afterLast(UInt8(ascii: ".")) }
    var type: String?
    if first == "self" {
      type = use.typePath.afterLast(UInt8(ascii: "."))
    } else if first.utf8.first.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ?? false {
      type = first
    } else if !use.localType.isEmpty {
      type = use.localType
    } else {
      type = memberTypes[use.typePath.afterLast(UInt8(ascii: ".")) + "\u{1F}" + first]
    }
    for name in qualifier.dropFirst() {
      if let current = type, !current.isEmpty {
        type = memberTypes[current + "\u{1F}" + name]
      } else {
        type = nil
      }
      // Not resolved through the path: the name's one declared type in the tree, if it has one.
      if type == nil { type = byName[name] }
    }
    guard let type, !type.isEmpty else { return nil }
    return type
  }

  /// The subject finding's disposition, phase and reasons.
  /// - Parameter library: the library module that exports the subject as public API, when it
  ///   does: its clients subscribe outside the tree, so the consumers counted are not all.
  static func verdict(_ subject: CombineFacts.SubjectUse, _ result: Result, exportedBy library: String? = nil)
    -> (Disposition, Phase?, [String])
  {
    // A subject that can fail needs a stream that can: advising `AsyncStream` for a
    // `PassthroughSubject<Data, APIError>` would lose the error.
    let kind = SubjectStream(failure: subject.failure)
    let stream = kind.rawValue
    let trap = kind.trap
    var reasons: [String] = []
    var disposition = Disposition.keep
    var phase: Phase?
    // Sites on instances made in different places are not one instance's consumers.
    let count = result.perInstance
    let listed = list(result.consumers)
    let aliases = subject.aliases + result.aliases
    let exposed =
      aliases.isEmpty ? "" : " (with its re-exposure as " + aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
    if !subject.heldLines.isEmpty {
      // A test harness's `subject = source.subject`: migrating it alone changes nothing.
      let lines = subject.heldLines.map(String.init).joined(separator: ", ")
      reasons.append(
        "holds another object's subject (given it at line\(subject.heldLines.count == 1 ? "" : "s") \(lines)), not one "
          + "of its own: it is that subject, and its type changes when that one moves")
      reasons.append("keep it until the subject it holds moves: \(trap)")
    } else if subject.perSubscriber {
      // Every site is listed, so every site is counted (per instance, four were "1 use").
      let uses = result.consumers.count
      reasons.append(
        "used in `receive(subscriber:)` of the publisher that holds it (\(uses == 1 ? "1 use" : "\(uses) uses")"
          + (uses == 0 ? "" : ": \(listed)") + "): every subscriber of that publisher subscribes to it")
      reasons.append("keep the broadcast on Combine: \(trap)")
    } else if count >= 1, let line = subject.repeatedLines.first {
      reasons.append(
        (count == 1 ? "1 consumer" : "\(count) consumers") + "\(exposed): \(listed); the one at line \(line) is in a "
          + "closure or loop that runs more than once (\(subject.repeatedWhy))")
      reasons.append("keep the broadcast on Combine: \(trap)")
    } else if count >= 1, let place = result.perCall.first {
      let at = result.consumers.count == 1 ? ", where " : "; at \(place), "
      reasons.append(
        (count == 1 ? "1 consumer" : "\(count) consumers") + "\(exposed): \(listed)\(at)\(result.perCallWhy)")
      reasons.append("keep the broadcast on Combine: \(trap)")
    } else if count >= 2 || subject.multicast {
      let sites = result.consumers.count
      let counted = count == sites ? "\(count) consumers" : "\(count) consumers of each instance (\(sites) sites)"
      // Shared with no consumer of its own: its subscribers are the shared publisher's.
      let head = count == 0 ? "no consumer of its own" : (count == 1 ? "1 consumer" : counted)
      let shared =
        !subject.multicast
        ? ""
        : count == 0
          ? "; shared with `share()`/`multicast`, whose subscribers all subscribe through it"
          : ", shared with `share()`/`multicast`"
      reasons.append(head + exposed + (count == 0 ? "" : ": \(listed)") + shared)
      reasons.append("keep the broadcast on Combine: \(trap)")
    } else if !result.ambiguous.isEmpty {
      // A name every coordinator declares (`actions`) has a hundred other owners: a few are named.
      let named = result.otherTypes.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
      let others = result.otherTypes.count > 5 ? named + " and \(result.otherTypes.count - 5) other types" : named
      reasons.append(
        (count == 1 ? "1 consumer found\(exposed): \(listed)" : "no consumer resolved\(exposed)")
          + "; the uses at \(list(result.ambiguous)) may be its consumers too "
          + (others.isEmpty ? "(their owner is not known)" : "(or those of \(others), which declare the name too)"))
      reasons.append("keep it on Combine until they are checked: \(trap)")
    } else if !result.reExposures.isEmpty {
      reasons.append(
        (count == 1 ? "1 consumer found: \(listed)" : "no consumer found")
          + "; re-exposed by \(result.reExposures.joined(separator: ", ")), whose consumers are not counted")
      reasons.append("keep it on Combine until they are known: \(trap)")
    } else if !subject.opaqueExposures.isEmpty || !result.handedOver.isEmpty {
      let lines = subject.opaqueExposures.map(String.init).joined(separator: ", ")
      let exposure =
        subject.opaqueExposures.isEmpty
        ? ""
        : "; re-exposed at line\(subject.opaqueExposures.count == 1 ? "" : "s") \(lines) (`eraseToAnyPublisher()`, "
          + "returned, bound to a name, or handed to another object's property or initialiser)"
      let passed = result.handedOver.isEmpty ? "" : "; passed to a function at \(list(result.handedOver))"
      reasons.append(
        (count == 1 ? "1 consumer found: \(listed)" : "no consumer found") + exposure + passed
          + ", where its consumers cannot be counted")
      reasons.append("keep it on Combine until they are known: \(trap)")
    } else if count == 1, !result.views.isEmpty {
      // `.onReceive` takes a publisher, and a view's subscription is remade with the view.
      reasons.append(
        (result.consumers.count > 1
          ? "one consumer per instance\(exposed): \(listed), each a view's `.onReceive` on an instance its code makes, "
          : "one consumer\(exposed): \(listed), a view's `.onReceive`, ")
          + "which takes a publisher and subscribes again whenever the view is remade")
      reasons.append(
        "keep it, or drop it with the `.onReceive`: send the value to state the view observes and react with "
          + "`.onChange(of:)` or `.task(id:)` (a `Task.sleep` there replaces a `debounce`)")
    } else if count == 1, !result.kept.isEmpty {
      let through =
        "through an operator or call that takes a publisher (a combining or time-based operator, or one "
        + "of the project's own), which an `\(stream)` cannot feed"
      reasons.append(
        result.consumers.count > 1
          ? "one consumer per instance\(exposed): \(listed), each on an instance its code makes; "
            + "\(list(result.kept)) \(result.kept.count == 1 ? "goes" : "go") \(through)"
          : "one consumer\(exposed): \(listed), \(through)")
      reasons.append("keep it with that pipeline; it moves when the pipeline does")
    } else if count == 1, let holder = result.foreignTypes.first {
      let code = holder.isEmpty ? "code outside any type" : "`\(holder)`"
      reasons.append(
        "one consumer site\(exposed): \(listed), in \(code), which reaches the subject through a property, a "
          + "parameter or a shared instance: every instance of it that is made (a screen per visit, a handler per "
          + "tab) subscribes again")
      reasons.append("keep it unless one of them lives exactly as long as the subject: \(trap)")
    } else if count == 1 {
      disposition = .migrate
      phase = .viewModels
      reasons.append(
        result.consumers.count > 1
          ? "one consumer per instance\(exposed): \(listed), each on an instance its code makes, so "
            + "`\(stream).makeStream()` can replace it"
          : "one consumer\(exposed): \(listed), so `\(stream).makeStream()` can replace it")
      reasons.append(kind.singleConsumerReason)
    } else if !aliases.isEmpty {
      reasons.append(
        "no consumer found in the tree\(exposed): it may be consumed through a protocol or a type the tree does not "
          + "resolve, outside the tree (a library's clients), or not at all")
      reasons.append("keep it on Combine while clients may subscribe: \(trap)")
    } else if subject.isUnused {
      // Not a stream waiting for its consumer: dead code.
      disposition = .migrate
      phase = .cleanup
      reasons.append(
        "unused: its declaration is the only place its file names it, and nothing outside the file can (it is "
          + "`private`): nothing sends to it or subscribes to it; delete it rather than replace it")
    } else {
      disposition = .migrate
      phase = .viewModels
      reasons.append(
        "no consumer found in the tree: nothing subscribes to it; `\(stream).makeStream()` can replace it once "
          + "its one consumer exists")
      reasons.append(kind.singleConsumerReason)
    }
    // Said with every verdict but the protocol's, which replaces the reasons.
    let stateRead =
      subject.kind == "CurrentValueSubject" && subject.stateReads > 0
      ? ["read as state through `.value`: a stored property of an `@Observable` type can replace that part"] : []
    reasons += stateRead
    if disposition == .migrate, let requirement = result.requiredBy {
      disposition = .keep
      phase = nil
      let found = count == 0 ? "no consumer found" : "\(count == 1 ? "one consumer" : "\(count) consumers"): \(listed)"
      reasons = [
        "\(found); `\(requirement).\(subject.name)` requires it to be a subject, so it moves with that protocol "
          + "and every conformer, not on its own",
        "keep it until the requirement changes: \(trap)",
      ]
    }
    // `public let reload = PassthroughSubject<Void, Never>()` in a library: whatever the tree
    // shows, its clients subscribe too, and an `AsyncStream` would serve only one of them.
    if disposition == .migrate, let library {
      disposition = .keep
      phase = nil
      let counted = count == 1 ? "one consumer" : "\(count) consumers"
      let found = count == 0 ? "no consumer in the tree" : "\(counted) in the tree: \(listed)"
      reasons =
        [
          "public API of `\(library)`, a library product no app of the tree uses: its clients subscribe to it outside "
            + "the tree (\(found)), and each may subscribe more than once",
          "keep it on Combine for them: \(trap); the `async` alternative goes beside it",
        ] + stateRead
    }
    return (disposition, phase, reasons)
  }

  /// `A.swift:12, B.swift:40, …` (the first eight, then how many more).
  private static func list(_ places: [String]) -> String {
    let shown = places.prefix(8).joined(separator: ", ")
    return places.count > 8 ? shown + " and \(places.count - 8) more" : shown
  }
}
