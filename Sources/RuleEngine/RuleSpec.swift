import ScanModel

/// One rule exactly as `rules.json` spells it, checked for shape but not yet compiled.
///
/// The schema (version 1). A file is `{"version": 1, "rules": [rule, …]}`; a rule is:
/// ```
/// id           string, required   kebab case ^[a-z0-9]+(-[a-z0-9]+)*$, unique with aliases
/// category     string, required   a CategoryID raw value
/// severity     string, required   note | warning | error
/// message      string, required   non-empty
/// help         string, required   non-empty
/// example      object             {"before": string, "after": string}
/// aliases      [string]           former ids (kebab case)
/// disposition  string             migrate | keep | leave-alone | fix-now
/// phase        string             prepare | one-shot | view-models | cleanup
/// skip-in      [string]           comment | string | regex (always skipped anyway)
/// paths        object             {"include": [glob], "exclude": [glob]}
/// detector     string             a known detector name; excludes the matcher keys
/// pattern | any | all             exactly one, unless `detector` is given
/// inside | not-inside | has | not-has   matcher objects (pattern rules only)
/// ```
/// A matcher object (an element of `any`/`all`, the value of a relation) has exactly one of
/// `pattern` (string), `any` or `all` (non-empty arrays of matcher objects), plus optional
/// relations, recursively. No other key is accepted anywhere.
///
/// Decoding rejects unknown keys (with a "did you mean" for typos, as SwiftLint reports
/// `invalidConfigurationKeys`), because a misspelt `not-inside` silently ignored would make a
/// rule fire where its author excluded it. `RuleCatalog` then compiles the patterns and globs.
package struct RuleSpec: Sendable, Equatable {
  /// Literal contexts a match is never taken from. All three are always skipped; the key is
  /// accepted for familiarity with SwiftLint's `excluded_match_kinds`.
  package enum SkipContext: String, Sendable, Equatable, CaseIterable {
    case comment
    case string
    case regex
  }

  /// A short before/after shown by `explain`.
  package struct Example: Sendable, Equatable {
    package var before: String
    package var after: String

    package init(before: String, after: String) {
      self.before = before
      self.after = after
    }
  }

  /// Every key a rule object may have, in the order the schema documents them.
  package static let keys =
    [
      "id", "category", "severity", "message", "help", "example", "aliases", "disposition", "phase", "skip-in",
      "paths", "requires-combine-import", "detector",
    ] + MatcherSpec.keys

  /// `id`: kebab case, unique across all loaded catalogues (aliases included).
  package var id: String
  /// `category`: a DOMAIN category id.
  package var category: CategoryID
  /// `severity`: note, warning or error.
  package var severity: Severity
  /// `message`: what was found, one line.
  package var message: String
  /// `help`: the remedy.
  package var help: String
  /// `example`: `{"before": …, "after": …}`.
  package var example: Example?
  /// `aliases`: former ids that still select the rule.
  package var aliases: [String]
  /// `disposition`: overrides the category default.
  package var disposition: Disposition?
  /// `phase`: overrides the category default.
  package var phase: Phase?
  /// `requires-combine-import`: a pattern rule's matches count only in files that see Combine
  /// even when the pattern names no Combine word (default false: such a pattern is the team's own
  /// and fires wherever it matches; one naming `Future`, `Just`, … needs the import anyway).
  package var requiresCombineImport = false
  /// `skip-in`: accepted and validated; literals are always skipped.
  package var skipIn: [SkipContext]
  /// `paths.include` globs; empty means every path.
  package var include: [String]
  /// `paths.exclude` globs.
  package var exclude: [String]
  /// `detector`: the Swift detector that implements the rule.
  package var detector: String?
  /// `pattern` / `any` / `all` plus relations, for a pattern rule.
  package var matcher: MatcherSpec?
  /// Where the rule sits in its file, for messages.
  package var reference: RuleCatalogError.RuleReference

  /// True when `text` is a valid rule id: kebab case, `^[a-z0-9]+(-[a-z0-9]+)*$`. Dots are out
  /// because a dot separates the rule id from the case name in fixture file names.
  package static func isValidID(_ text: String) -> Bool {
    var previousWasHyphen = true  // so a leading hyphen fails
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        previousWasHyphen = false
      case UInt8(ascii: "-"):
        if previousWasHyphen { return false }
        previousWasHyphen = true
      default:
        return false
      }
    }
    return !previousWasHyphen
  }

  /// Decodes the rule at `index` (0-based) of a catalogue's `rules` array.
  ///
  /// - Throws: the first problem found, naming the rule by id when it has a valid one.
  package init(json: ParsedJSON, index: Int, file: String) throws(RuleCatalogError) {
    var reader = SpecReader(file: file, rule: nil)
    let members = try reader.object(json, field: "rules[\(index)]")
    let id = json["id"]?.stringValue
    var reference = RuleCatalogError.RuleReference(
      id: id.flatMap { Self.isValidID($0) ? $0 : nil }, index: index + 1, line: json.position.line)
    reader.rule = reference
    try reader.rejectUnknownKeys(members, allowed: Self.keys)

    func required(_ key: String) throws(RuleCatalogError) -> ParsedJSON {
      guard let value = json[key] else { throw .missingField(file: file, rule: reference, field: key) }
      return value
    }
    let idText = try reader.string(try required("id"), field: "id")
    guard Self.isValidID(idText) else { throw .invalidID(file: file, rule: reference, field: "id", value: idText) }
    reference.id = idText
    self.id = idText
    self.reference = reference

    let categoryText = try reader.string(try required("category"), field: "category")
    guard let category = CategoryID(rawValue: categoryText) else {
      let suggestion = Suggestion.closest(to: categoryText, in: CategoryID.allCases.map(\.rawValue))
      throw .unknownCategory(file: file, rule: reference, value: categoryText, suggestion: suggestion)
    }
    self.category = category
    self.severity = try reader.choice(try required("severity"), field: "severity", as: Severity.self)
    self.message = try reader.nonEmptyString(try required("message"), field: "message")
    self.help = try reader.nonEmptyString(try required("help"), field: "help")

    self.example = nil
    if let value = json["example"] {
      let example = try reader.object(value, field: "example")
      try reader.rejectUnknownKeys(example, allowed: ["before", "after"], path: "example")
      guard let before = value["before"] else {
        throw .missingField(file: file, rule: reference, field: "example.before")
      }
      guard let after = value["after"] else { throw .missingField(file: file, rule: reference, field: "example.after") }
      self.example = Example(
        before: try reader.nonEmptyString(before, field: "example.before"),
        after: try reader.nonEmptyString(after, field: "example.after"))
    }

    self.aliases = []
    if let value = json["aliases"] {
      for (offset, alias) in try reader.stringArray(value, field: "aliases").enumerated() {
        guard Self.isValidID(alias) else {
          throw .invalidID(file: file, rule: reference, field: "aliases[\(offset)]", value: alias)
        }
        aliases.append(alias)
      }
    }
    self.disposition = try json["disposition"].map { (value) throws(RuleCatalogError) in
      try reader.choice(value, field: "disposition", as: Disposition.self)
    }
    self.phase = try json["phase"].map { (value) throws(RuleCatalogError) in
      try reader.choice(value, field: "phase", as: Phase.self)
    }
    if let value = json["requires-combine-import"] {
      self.requiresCombineImport = try reader.bool(value, field: "requires-combine-import")
    }
    self.skipIn = []
    if let value = json["skip-in"] {
      for (offset, element) in try reader.array(value, field: "skip-in").enumerated() {
        skipIn.append(try reader.choice(element, field: "skip-in[\(offset)]", as: SkipContext.self))
      }
    }

    self.include = []
    self.exclude = []
    if let value = json["paths"] {
      let paths = try reader.object(value, field: "paths")
      try reader.rejectUnknownKeys(paths, allowed: ["include", "exclude"], path: "paths")
      if let include = value["include"] { self.include = try reader.stringArray(include, field: "paths.include") }
      if let exclude = value["exclude"] { self.exclude = try reader.stringArray(exclude, field: "paths.exclude") }
    }

    self.detector = try json["detector"].map { (value) throws(RuleCatalogError) in
      try reader.nonEmptyString(value, field: "detector")
    }
    if detector != nil {
      if members.contains(where: { MatcherSpec.coreKeys.contains($0.key) }) {
        throw .bothPatternAndDetector(file: file, rule: reference)
      }
      if let relation = members.first(where: { MatcherSpec.RelationKind(rawValue: $0.key) != nil }) {
        throw .relationWithDetector(file: file, rule: reference, key: relation.key)
      }
      self.matcher = nil
    } else {
      guard let matcher = try MatcherSpec.decode(members, path: "", reader: reader) else {
        throw .neitherPatternNorDetector(file: file, rule: reference)
      }
      self.matcher = matcher
    }
  }
}
