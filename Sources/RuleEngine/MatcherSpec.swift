/// How a pattern rule matches, as written in `rules.json`: one of `pattern`, `any` or `all`,
/// narrowed by optional relations (`inside`, `not-inside`, `has`, `not-has`) whose values are
/// matcher objects themselves.
///
/// The same keys sit directly on a rule object, and on every nested matcher object, as in
/// ast-grep's rule objects.
package struct MatcherSpec: Sendable, Equatable {
  /// What the matcher matches before relations narrow it.
  package enum Core: Sendable, Equatable {
    /// `field` is where the pattern sits (`pattern`, `inside.pattern`, `any[1].pattern`), for messages.
    case pattern(String, field: String)
    /// A match of any of the matchers.
    case any([MatcherSpec])
    /// A range matched by every one of the matchers.
    case all([MatcherSpec])
  }

  /// A relation that keeps a match only when another matcher matches around or within it.
  package enum RelationKind: String, Sendable, Equatable, CaseIterable {
    case inside
    case notInside = "not-inside"
    case has
    case notHas = "not-has"
  }

  /// One relation and the matcher it refers to.
  package struct Relation: Sendable, Equatable {
    /// Which relation.
    package var kind: RelationKind
    /// The matcher the relation refers to.
    package var matcher: MatcherSpec

    package init(kind: RelationKind, matcher: MatcherSpec) {
      self.kind = kind
      self.matcher = matcher
    }
  }

  /// The keys that make a matcher (exactly one of them).
  package static let coreKeys = ["pattern", "any", "all"]
  /// Every key a nested matcher object may have.
  package static let keys = coreKeys + RelationKind.allCases.map(\.rawValue)

  /// What matches before relations narrow it.
  package var core: Core
  /// The relations, in the order written.
  package var relations: [Relation]

  package init(core: Core, relations: [Relation] = []) {
    self.core = core
    self.relations = relations
  }

  /// Reads the matcher keys among `members`, leaving other keys to the caller.
  ///
  /// - Parameters:
  ///   - members: a rule object or a nested matcher object.
  ///   - path: the field path of the object (`""` for a rule, `inside`, `any[0]`…).
  /// - Returns: `nil` when none of `pattern`, `any` and `all` is present.
  static func decode(
    _ members: [ParsedJSON.Member], path: String, reader: SpecReader, depth: Int = 1
  ) throws(RuleCatalogError) -> MatcherSpec? {
    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    // Every level is a recursion here, in compiling and in matching, and its own pass over
    // the file: a limit keeps 200 nested `has` from costing gigabytes.
    guard depth <= RuleLimits.matcherDepth else {
      throw .limitExceeded(
        file: reader.file, rule: reader.ruleReference, field: path,
        limit: .matcherDepth(limit: RuleLimits.matcherDepth))
    }
    let present = members.map(\.key).filter { coreKeys.contains($0) }
    let rule = reader.ruleReference
    if present.count > 1 {
      throw .conflictingMatchers(file: reader.file, rule: rule, field: path.isEmpty ? nil : path, keys: present)
    }
    var core: Core?
    var relations: [Relation] = []
    for member in members {
      switch member.key {
      case "pattern":
        core = .pattern(try reader.nonEmptyString(member.value, field: field("pattern")), field: field("pattern"))
      case "any", "all":
        let elements = try reader.array(member.value, field: field(member.key))
        if elements.isEmpty { throw .emptyValue(file: reader.file, rule: rule, field: field(member.key)) }
        var matchers: [MatcherSpec] = []
        for (offset, element) in elements.enumerated() {
          matchers.append(
            try nested(element, path: "\(field(member.key))[\(offset)]", reader: reader, depth: depth + 1))
        }
        core = member.key == "any" ? .any(matchers) : .all(matchers)
      default:
        if let kind = RelationKind(rawValue: member.key) {
          relations.append(
            Relation(
              kind: kind, matcher: try nested(member.value, path: field(member.key), reader: reader, depth: depth + 1)))
        }
      }
    }
    guard let core else { return nil }
    return MatcherSpec(core: core, relations: relations)
  }

  /// A matcher object value: only matcher keys allowed, and one of the core keys required.
  private static func nested(_ value: ParsedJSON, path: String, reader: SpecReader, depth: Int)
    throws(RuleCatalogError) -> MatcherSpec
  {
    let members = try reader.object(value, field: path)
    try reader.rejectUnknownKeys(members, allowed: keys, path: path)
    guard let matcher = try decode(members, path: path, reader: reader, depth: depth) else {
      throw .missingMatcher(file: reader.file, rule: reader.ruleReference, field: path)
    }
    return matcher
  }

  /// Every pattern in the tree with its field path, depth first in written order.
  package var patterns: [(text: String, field: String)] {
    var result: [(text: String, field: String)] = []
    switch core {
    case .pattern(let text, let field): result.append((text, field))
    case .any(let matchers), .all(let matchers): for matcher in matchers { result += matcher.patterns }
    }
    for relation in relations { result += relation.matcher.patterns }
    return result
  }
}
