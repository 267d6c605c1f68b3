import ScanModel

/// The tree's answer to `CandidateFinding.Requirement.innerFailure`: can the function or property
/// an inner publisher starts from fail, by its declared type?
///
/// Built in the global pass from every file's `publisherDeclarations` (and, to resolve receivers,
/// its `members` and `conformances`), for the names some lookup asks about only. A lookup
/// `q₀.q₁….name` is resolved like a subject's use (`SubjectConsumers`):
/// - its qualifier gives a type where it can (`self`, a capitalised type name, a local or
///   parameter with a written type, a property of the enclosing type with a written type, then
///   each further name's declared type): that type's declarations of `name` decide, else those of
///   the types it inherits from or conforms to;
/// - a type the tree does not declare (`URLSession`, a library's client) is not the tree's: its
///   member's type is unknown;
/// - an unresolved qualifier falls back to every declaration of `name` in the tree.
/// The declarations decide only when they agree: all can fail, or none can. A typealias
/// (`typealias Results = AnyPublisher<[Item], Never>`) is read through. Anything else is unknown,
/// and an unknown inner publisher makes no finding: a silent-failure finding is loud, and a
/// wrong one costs more than a miss.
struct InnerFailureIndex: Sendable {
  private struct Declaration {
    var owner: String
    var place: String
    var type: String
  }

  /// For each lookup: the reason its inner publisher can fail, or nil when it cannot or nothing says.
  private var answers: [InnerPublisher.Lookup: String] = [:]

  init(files: [FileClassification], symbols: SymbolTable, lookups: [InnerPublisher.Lookup]) {
    guard !lookups.isEmpty else { return }
    let wanted = Set(lookups.map(\.name))
    var through: Set<String> = []
    var receivers: Set<String> = []
    for lookup in lookups {
      through.formUnion(lookup.qualifier)
      if !lookup.localType.isEmpty { receivers.insert(lookup.localType) }
      if let first = lookup.qualifier.first { receivers.insert(first) }
      receivers.insert(lookup.typePath.afterLast(UInt8(ascii: ".")))
    }
    var declarations: [String: [Declaration]] = [:]
    var aliases: [String: [String]] = [:]
    let members = symbols.memberTypes(named: through.contains)
    let memberTypes = members.byOwner
    receivers.formUnion(members.types)
    for file in files {
      for declared in file.facts.publisherDeclarations {
        if declared.isAlias {
          aliases[declared.name, default: []].append(declared.type)
        } else if wanted.contains(declared.name) {
          declarations[declared.name, default: []].append(
            Declaration(
              owner: declared.typePath.afterLast(UInt8(ascii: ".")), place: "\(file.path):\(declared.line)",
              type: declared.type))
        }
      }
    }
    // What the receiver types inherit from.
    var supertypes: [String: [String]] = [:]
    for file in files {
      for conformance in file.facts.conformances where receivers.contains(conformance.type) {
        supertypes[conformance.type, default: []].append(contentsOf: conformance.supertypes)
      }
    }
    for lookup in Set(lookups) {
      let all = declarations[lookup.name] ?? []
      guard !all.isEmpty else { continue }
      var chosen = all
      var basis: String
      if let receiver = Self.receiver(
        qualifier: lookup.qualifier, typePath: lookup.typePath, localType: lookup.localType, memberTypes: memberTypes)
      {
        if !symbols.declares(receiver) { continue }
        let own = all.filter { $0.owner == receiver }
        let inherited = all.filter { supertypes[receiver]?.contains($0.owner) == true }
        if !own.isEmpty {
          chosen = own
          basis = "declared by `\(receiver)`"
        } else if !inherited.isEmpty {
          chosen = inherited
          basis = "declared by `\(inherited[0].owner)`, which `\(receiver)` inherits from"
        } else {
          basis = "found by name: `\(receiver)` declares no `\(lookup.name)` the scan can see"
        }
      } else {
        basis = "found by name: the receiver's type is not known"
      }
      var failures: [String] = []
      var never = 0
      for declaration in chosen {
        switch Self.failure(of: declaration.type, aliases: aliases) {
        case .fails(let failure): failures.append(failure)
        case .never: never += 1
        case .unknown: never += 1_000
        }
      }
      // Every declaration must say it can fail: one that cannot (or does not say) is a doubt.
      guard never == 0, let failure = failures.first else { continue }
      let first = chosen[0]
      let count = chosen.count == 1 ? "" : "; all \(chosen.count) declarations of that name can fail"
      answers[lookup] =
        "line \(lookup.line): the inner publisher `\(lookup.name)` can fail: \(first.place) declares it "
        + "`\(first.type)`, failing with `\(failure)` (\(basis)\(count))"
    }
  }

  /// Why the inner publisher of one of `lookups` can fail, or nil when none surely can.
  func reasons(for lookups: [InnerPublisher.Lookup]) -> [String]? {
    for lookup in lookups {
      if let answer = answers[lookup] { return [answer] }
    }
    return nil
  }

  /// What a declared type says, through at most a few typealiases that all agree.
  private static func failure(of type: String, aliases: [String: [String]]) -> PublisherFailure {
    var current = type
    for _ in 0..<4 {
      let found = PublisherFailure.of(type: current)
      guard found == .unknown, let targets = aliases[current], Set(targets).count == 1 else { return found }
      current = targets[0]
    }
    return .unknown
  }

  /// The simple type name a use's qualifier resolves to, or nil: `[]` and `self` are the
  /// enclosing type, a capitalised name is a type, then the first name's written local type
  /// (`localType`) or its type as a member of the enclosing type, then each further name's type
  /// as a member of the one before (`memberTypes`: `Type` U+001F `member` → simple type name,
  /// "" when declarations disagree).
  static func receiver(qualifier: [String], typePath: String, localType: String, memberTypes: [String: String])
    -> String?
  {
    let enclosing = typePath.afterLast(UInt8(ascii: "."))
    guard let first = qualifier.first else { return enclosing.isEmpty ? nil : enclosing }
    var type: String?
    if first == "self" {
      type = enclosing
    } else if first.utf8.first.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ?? false {
      type = first
    } else if !localType.isEmpty {
      type = localType
    } else {
      type = memberTypes[enclosing + "\u{1F}" + first]
    }
    for name in qualifier.dropFirst() {
      guard let current = type, !current.isEmpty else { return nil }
      type = memberTypes[current + "\u{1F}" + name]
    }
    guard let type, !type.isEmpty else { return nil }
    return type
  }
}
