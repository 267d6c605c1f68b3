/// A `MatcherSpec` with its patterns compiled: what the `Matcher` evaluates for a pattern rule.
package struct CompiledMatcher: Sendable {
  /// What matches before relations narrow it.
  package enum Core: Sendable {
    case pattern(Pattern)
    case any([CompiledMatcher])
    case all([CompiledMatcher])
  }

  /// A relation and the matcher it refers to.
  package struct Relation: Sendable {
    /// `inside`, `not-inside`, `has` or `not-has`.
    package var kind: MatcherSpec.RelationKind
    /// What must (or must not) match around or within.
    package var matcher: CompiledMatcher
  }

  /// What matches before relations narrow it.
  package var core: Core
  /// Filters applied to the core's matches, in the order written.
  package var relations: [Relation]

  /// Compiles every pattern of `spec`.
  ///
  /// - Throws: the first pattern's failure, with the field path where it sits.
  static func compile(_ spec: MatcherSpec) throws(FieldFailure) -> CompiledMatcher {
    let core: Core
    switch spec.core {
    case .pattern(let text, let field):
      do {
        core = .pattern(try PatternCompiler.compile(text))
      } catch {
        throw FieldFailure(field: field, failure: error)
      }
    case .any(let specs):
      var matchers: [CompiledMatcher] = []
      for spec in specs { matchers.append(try compile(spec)) }
      core = .any(matchers)
    case .all(let specs):
      var matchers: [CompiledMatcher] = []
      for spec in specs { matchers.append(try compile(spec)) }
      core = .all(matchers)
    }
    var relations: [Relation] = []
    for relation in spec.relations {
      relations.append(Relation(kind: relation.kind, matcher: try compile(relation.matcher)))
    }
    return CompiledMatcher(core: core, relations: relations)
  }

  /// A pattern failure and the field it came from.
  struct FieldFailure: Error {
    var field: String
    var failure: PatternCompiler.Failure
  }
}
