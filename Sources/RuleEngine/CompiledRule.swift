import ScanModel

/// A rule ready to run: its metadata, its path filter, and either a compiled matcher or the
/// name of the detector that implements it.
package struct CompiledRule: Sendable {
  /// How findings for the rule are produced.
  package enum Implementation: Sendable {
    /// Token patterns, run by `Matcher`.
    case matcher(CompiledMatcher)
    /// A Swift detector from `Detectors.all`, run by Classify; the matcher skips these.
    case detector(String)
  }

  /// The stable kebab-case id (SARIF `ruleId`, `--only`, fixture names).
  package let id: String
  /// Former ids that still select the rule (`--only`, suppressions).
  package let aliases: [String]
  /// The DOMAIN category the finding belongs to.
  package let category: CategoryID
  /// How serious a finding is (SARIF `level`).
  package var severity: Severity
  /// One line, lowercase, no final period: what was found.
  package let message: String
  /// The remedy, kept out of `message`.
  package let help: String
  /// A short before/after for `explain`.
  package let example: RuleSpec.Example?
  /// Overrides of the category's default disposition and phase, when the rule sets them.
  package let disposition: Disposition?
  /// See `disposition`.
  package let phase: Phase?
  /// `requires-combine-import` (pattern rules): see `RuleSpec.requiresCombineImport`.
  package let requiresCombineImport: Bool
  /// The rule runs only on paths matching one of these (all paths when empty).
  package let include: [Glob]
  /// The rule never runs on paths matching one of these.
  package let exclude: [Glob]
  /// Patterns for the matcher, or a detector name for Classify.
  package let implementation: Implementation
  /// The catalogue file the rule came from, for messages.
  package let file: String
  /// The rule's place in that file (position and line of its `{`), for messages.
  package let reference: RuleCatalogError.RuleReference

  /// Compiles a decoded rule.
  init(spec: RuleSpec, file: String, knownDetectors: Set<String>) throws(RuleCatalogError) {
    self.id = spec.id
    self.aliases = spec.aliases
    self.category = spec.category
    self.severity = spec.severity
    self.message = spec.message
    self.help = spec.help
    self.example = spec.example
    self.disposition = spec.disposition
    self.phase = spec.phase
    self.requiresCombineImport = spec.requiresCombineImport
    self.include = spec.include.map(Glob.init)
    self.exclude = spec.exclude.map(Glob.init)
    self.file = file
    self.reference = spec.reference
    if let detector = spec.detector {
      guard knownDetectors.contains(detector) else {
        throw .unknownDetector(
          file: file, rule: spec.reference, detector: detector,
          suggestion: Suggestion.closest(to: detector, in: knownDetectors))
      }
      self.implementation = .detector(detector)
    } else if let matcher = spec.matcher {
      do {
        self.implementation = .matcher(try CompiledMatcher.compile(matcher))
      } catch {
        throw .badPattern(
          file: file, rule: spec.reference, field: error.field, problem: error.failure.problem,
          line: error.failure.line, column: error.failure.column)
      }
    } else {
      throw .neitherPatternNorDetector(file: file, rule: spec.reference)
    }
  }

  /// True when the rule has `include` or `exclude` globs: only then can a path leave it out.
  package var isScoped: Bool { !include.isEmpty || !exclude.isEmpty }

  /// True when the rule runs on `path` (relative to the scan root, `/`-separated): it matches
  /// an `include` glob (or there are none) and no `exclude` glob.
  package func applies(toPath path: String) -> Bool {
    if !include.isEmpty && !include.contains(where: { $0.matches(path) }) { return false }
    return !exclude.contains { $0.matches(path) }
  }

  /// What reports need to know about the rule.
  package var info: RuleInfo {
    RuleInfo(id: id, category: category, severity: severity, message: message, help: help)
  }

  /// The detector name, for a detector rule.
  package var detector: String? {
    if case .detector(let name) = implementation { return name }
    return nil
  }
}
