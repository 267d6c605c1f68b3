import ScanModel

/// Which `$x` feeds block which `@Published` property: by declaration, not by name.
///
/// A feed blocks a property when it names that property's projection:
/// - `$title` or `self.$title` inside type `A` (its body or an extension) names `A.title`;
/// - `model.$title` names the `title` of `model`'s type, resolved as `SubjectConsumers` resolves a
///   qualifier (a capitalised type name, a local or parameter with a written type, a property of
///   the enclosing type with a written type, then each further name's declared type): the type
///   itself, a type it inherits from, or a type that inherits from or conforms to it (a
///   `let model: ModelProtocol` names its conformers' `title`);
/// - a qualifier that does not resolve (or resolves to a type that publishes no `title` the scan
///   sees) keeps the conservative match by name, and says so in the reason.
/// In every case only a property of a module the feed's module can see (its own, or one its files
/// import, transitively) is blocked: another module's `title` is not the one code that cannot
/// import it names.
struct FeedIndex: Sendable {
  /// Feeds by `typePath` U+001F `name` of the property they block, and the unresolved ones by name.
  private var targeted: [String: [TreeFacts.LocatedFeed]] = [:]
  private var byName: [String: [TreeFacts.LocatedFeed]] = [:]

  /// No feeds.
  init() {}

  /// Resolves every feed of `feeds` (each with its module and the modules it sees) against
  /// the `@Published` properties and member types of `files`.
  init(feeds: [TreeFacts.LocatedFeed], files: [FileClassification], modules: [String?], symbols: SymbolTable) {
    guard !feeds.isEmpty else { return }
    var fedNames: Set<String> = []
    var through: Set<String> = []
    var receivers: Set<String> = []
    for located in feeds {
      fedNames.insert(located.feed.name)
      guard located.feed.viaOther else { continue }
      through.formUnion(located.feed.qualifier)
      if !located.feed.localType.isEmpty { receivers.insert(located.feed.localType) }
      if let first = located.feed.qualifier.first { receivers.insert(first) }
    }
    // The types publishing each fed name, with their modules.
    var declarers: [String: [(typePath: String, owner: String, module: String)]] = [:]
    var declarerTypes: Set<String> = []
    // The modules declaring each `typePath` U+001F `name`: a `$name` of the type's own code is
    // answered by one lookup, not by comparing its path with every type publishing that name
    // (thousands for `isLoading` in a large tree, the most of this index's time).
    var declaredAt: [String: [String]] = [:]
    // Every property and member name of the tree is tested: by bytes, not by hashing each.
    let fedFilter = NameFilter(fedNames)
    let members = symbols.memberTypes(named: NameFilter(through).contains)
    let memberTypes = members.byOwner
    receivers.formUnion(members.types)
    // By index: a `for … in` copied (retained) every file to read two of its facts.
    for index in files.indices {
      for property in files[index].facts.published where fedFilter.contains(property.name) {
        let owner = property.typePath.afterLast(UInt8(ascii: "."))
        declarers[property.name, default: []].append((property.typePath, owner, modules[index] ?? ""))
        declaredAt[property.typePath + "\u{1F}" + property.name, default: []].append(modules[index] ?? "")
        declarerTypes.insert(owner)
      }
    }
    var supertypes: [String: Set<String>] = [:]
    let typeFilter = NameFilter(declarerTypes.union(receivers))
    for index in files.indices {
      for conformance in files[index].facts.conformances where typeFilter.contains(conformance.type) {
        supertypes[conformance.type, default: []].formUnion(conformance.supertypes)
      }
    }
    for var located in feeds {
      let feed = located.feed
      if !feed.viaOther {
        let key = feed.typePath + "\u{1F}" + feed.name
        if declaredAt[key]?.contains(where: located.sees) == true { targeted[key, default: []].append(located) }
        continue
      }
      let candidates = declarers[feed.name] ?? []
      let receiver = InnerFailureIndex.receiver(
        qualifier: feed.qualifier, typePath: feed.typePath, localType: feed.localType, memberTypes: memberTypes)
      if let receiver {
        let inherited = supertypes[receiver] ?? []
        let matching = candidates.filter { candidate in
          let owner = candidate.owner
          return (owner == receiver || inherited.contains(owner) || supertypes[owner]?.contains(receiver) == true)
            && located.sees(candidate.module)
        }
        if !matching.isEmpty {
          for candidate in matching { targeted[candidate.typePath + "\u{1F}" + feed.name, default: []].append(located) }
          continue
        }
        located.note =
          "matched by name: `\(Self.path(feed))` is on a `\(receiver)`, which publishes no `\(feed.name)` the scan "
          + "can see"
      } else {
        let head = feed.qualifier.first ?? ""
        located.note = "matched by name: the type of `\(head)` in `\(Self.path(feed))` is not known"
      }
      byName[feed.name, default: []].append(located)
    }
  }

  /// `self.model.$title` as written.
  private static func path(_ feed: CombineFacts.Feed) -> String {
    (feed.qualifier + ["$" + feed.name]).joined(separator: ".")
  }

  /// The feeds that block `typePath.name`, declared in `module` ("" when unknown), in the order of
  /// the files.
  func feeds(of name: String, in typePath: String, module: String) -> [TreeFacts.LocatedFeed] {
    let own = (targeted[typePath + "\u{1F}" + name] ?? []).filter { $0.sees(module) }
    let other = (byName[name] ?? []).filter { $0.sees(module) }
    if other.isEmpty { return own }
    if own.isEmpty { return other }
    return (own + other).sorted { $0.order < $1.order }
  }
}
