import RuleEngine
import ScanModel
import Testing

/// Loading, validation and selection of rule catalogues: every error names the file, the rule
/// and the field, in the exact words users see.
@Suite struct RuleCatalogTests {
  static let detectors: Set<String> = ["continuation-resume-count", "queue-guarded-state"]

  /// A catalogue with one rule made of `fields` (JSON object members without braces).
  static func catalog(rule fields: String) -> String {
    """
    {
      "version": 1,
      "rules": [
        {
          \(fields)
        }
      ]
    }
    """
  }

  static let base = """
    "id": "future-task-wrapper", "category": "future-task-wrapper", "severity": "warning",
    "message": "`Future` whose closure starts a `Task`", "help": "Make it async."
    """

  /// The error message loading `json` produces, or nil when it loads.
  static func error(_ json: String, source: String = "rules.json") -> String? {
    do {
      _ = try RuleCatalog.load(Array(json.utf8), source: source, knownDetectors: detectors)
      return nil
    } catch {
      return error.description
    }
  }

  static func load(_ json: String, source: String = "rules.json") throws(RuleCatalogError) -> RuleCatalog {
    try RuleCatalog.load(Array(json.utf8), source: source, knownDetectors: detectors)
  }

  // MARK: - Valid catalogues

  @Test func validCatalogueLoadsSortedWithMetadata() throws {
    let json = """
      {
        "version": 1,
        "rules": [
          {
            "id": "future-task-wrapper",
            "category": "future-task-wrapper",
            "severity": "warning",
            "message": "`Future` whose closure starts a `Task`",
            "help": "Make the operation `async`.",
            "example": { "before": "Future { p in Task { } }", "after": "try await op()" },
            "aliases": ["future-wrapping-task"],
            "disposition": "migrate",
            "phase": "one-shot",
            "skip-in": ["comment", "string", "regex"],
            "paths": { "include": ["Sources/**"], "exclude": ["**/Tests/**"] },
            "pattern": "Future { $PROMISE in $$$ Task { $$$ } $$$ }",
            "not-inside": { "pattern": "Deferred { $$$ }" }
          },
          {
            "id": "continuation-resumed-twice",
            "category": "continuation-misuse",
            "severity": "error",
            "message": "continuation may be resumed more than once",
            "help": "Resume exactly once on every path.",
            "detector": "continuation-resume-count"
          }
        ]
      }
      """
    let catalog = try Self.load(json)
    #expect(catalog.rules.map(\.id) == ["continuation-resumed-twice", "future-task-wrapper"])
    let rule = try #require(catalog.rule(id: "future-task-wrapper"))
    #expect(rule.category == .futureTaskWrapper)
    #expect(rule.severity == .warning)
    #expect(rule.aliases == ["future-wrapping-task"])
    #expect(rule.disposition == .migrate)
    #expect(rule.phase == .oneShot)
    #expect(rule.example?.after == "try await op()")
    #expect(rule.reference.line == 4)
    #expect(rule.applies(toPath: "Sources/App/Feed.swift"))
    #expect(!rule.applies(toPath: "Sources/App/Tests/FeedTests.swift"))
    #expect(!rule.applies(toPath: "Package.swift"))
    #expect(catalog.rules[0].detector == "continuation-resume-count")
    #expect(
      catalog.ruleInfos.map(\.id) == ["continuation-resumed-twice", "future-task-wrapper"])
    #expect(catalog.ruleInfos[1].message == "`Future` whose closure starts a `Task`")
  }

  @Test func emptyRulesArrayLoads() throws {
    #expect(try Self.load(#"{"version": 1, "rules": []}"#).rules.isEmpty)
  }

  @Test func kebabCaseIDs() {
    #expect(RuleSpec.isValidID("future-task-wrapper"))
    #expect(RuleSpec.isValidID("a1-2b"))
    for bad in ["", "-a", "a-", "a--b", "Future", "a.b", "a_b", "a b"] { #expect(!RuleSpec.isValidID(bad), "\(bad)") }
  }

  // MARK: - JSON syntax

  @Test func jsonErrorsHaveLineAndColumn() {
    let missingComma = """
      {
        "version": 1
        "rules": []
      }
      """
    #expect(Self.error(missingComma) == "rules.json:3:3: expected ',' or '}'")
    #expect(Self.error("{\"version\": 1, \"rules\": [1 2]}") == "rules.json:1:28: expected ',' or ']'")
    #expect(Self.error("{\"version\": tru}") == "rules.json:1:13: invalid literal (expected true, false or null)")
    #expect(Self.error("{\"version\" 1}") == "rules.json:1:12: expected ':'")
    #expect(Self.error("{\"version\": 1,\n  }") == "rules.json:2:3: expected a string key")
    #expect(Self.error("{\"version\": 01}") == "rules.json:1:14: expected ',' or '}'")
    #expect(Self.error("{\"version\": -}") == "rules.json:1:13: invalid number")
    #expect(Self.error("{\"a\": \"x\\q\"}") == "rules.json:1:9: invalid escape sequence")
    #expect(Self.error("{\"a\": \"x\ny\"}") == "rules.json:1:9: control character in string (escape it)")
    #expect(Self.error("{\"a\": \"abc") == "rules.json:1:7: unterminated string")
    #expect(Self.error("{\"a\": [") == "rules.json:1:8: unexpected end of input")
    #expect(Self.error("{} x") == "rules.json:1:4: unexpected text after the top-level value")
    #expect(Self.error("") == "rules.json:1:1: unexpected end of input")
  }

  @Test func jsonColumnsCountScalarsNotBytes() {
    #expect(Self.error("{\"é\": 1 2}") == "rules.json:1:9: expected ',' or '}'")
  }

  @Test func duplicateJSONKeyIsAnError() {
    let json = Self.catalog(rule: Self.base + #", "pattern": "Future", "pattern": "Task""#)
    #expect(Self.error(json) == "rules.json:6:101: duplicate key 'pattern'")
  }

  @Test func deepNestingIsRefusedNotCrashing() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(Self.error(deep) == "rules.json:1:257: nesting deeper than 256 levels")
  }

  @Test func parserKeepsKeyOrderEscapesAndPositions() throws {
    let json = try JSONParser.parse(Array(#"{"b": "\u00e9\ud83d\ude00\n", "a": [true, null, -1.5e3]}"#.utf8), file: "x")
    #expect(json.objectValue?.map(\.key) == ["b", "a"])
    #expect(json["b"]?.stringValue == "é😀\n")
    #expect(json["a"]?.arrayValue?.map(\.typeName) == [.boolean, .null, .number])
    #expect(json["a"]?.position == ParsedJSON.Position(line: 1, column: 36))
  }

  // MARK: - Top level

  @Test func versionIsChecked() {
    #expect(
      Self.error(#"{"version": 2, "rules": []}"#)
        == "rules.json: version 2 is newer than this migrate-scan supports (1); upgrade migrate-scan")
    #expect(Self.error(#"{"rules": []}"#) == "rules.json: missing required field 'version'")
    #expect(
      Self.error(#"{"version": "1", "rules": []}"#) == "rules.json:1:13: version: expected a number, found a string")
    #expect(Self.error(#"{"version": 1.5, "rules": []}"#) == "rules.json: version: '1.5' is not one of 1")
    #expect(Self.error(#"{"version": 1}"#) == "rules.json: missing required field 'rules'")
    #expect(Self.error(#"{"version": 1, "rules": {}}"#) == "rules.json:1:25: rules: expected an array, found an object")
    #expect(Self.error(#"[]"#) == "rules.json:1:1: top level: expected an object, found an array")
  }

  @Test func unknownTopLevelKeyIsRejectedWithSuggestion() {
    #expect(
      Self.error(#"{"version": 1, "rulez": []}"#) == "rules.json:1:16: unknown key 'rulez'; did you mean 'rules'?")
    #expect(Self.error(#"{"version": 1, "rules": [], "extra": 1}"#) == "rules.json:1:29: unknown key 'extra'")
  }

  // MARK: - Rule fields

  @Test func unknownRuleKeyIsRejectedWithSuggestion() {
    let json = Self.catalog(rule: Self.base + #", "pattern": "Future", "not-insde": {"pattern": "Deferred"}"#)
    #expect(
      Self.error(json)
        == "rules.json:6:101: rule 'future-task-wrapper': unknown key 'not-insde'; did you mean 'not-inside'?")
  }

  @Test func unknownNestedKeysNameTheirPath() {
    let paths = Self.catalog(rule: Self.base + #", "pattern": "Future", "paths": {"includ": ["a"]}"#)
    #expect(
      Self.error(paths)
        == "rules.json:6:111: rule 'future-task-wrapper': unknown key 'paths.includ'; did you mean 'paths.include'?")
    let matcher = Self.catalog(rule: Self.base + #", "pattern": "Future", "inside": {"patern": "Deferred"}"#)
    #expect(
      Self.error(matcher)
        == "rules.json:6:112: rule 'future-task-wrapper': unknown key 'inside.patern'; did you mean 'inside.pattern'?")
  }

  @Test func missingFieldsNameTheRule() {
    let noHelp = Self.catalog(
      rule: #""id": "x", "category": "subject", "severity": "note", "message": "m", "pattern": "a""#)
    #expect(Self.error(noHelp) == "rules.json: rule 'x': missing required field 'help'")
    let noID = Self.catalog(rule: #""category": "subject""#)
    #expect(Self.error(noID) == "rules.json: rule #1 (line 4): missing required field 'id'")
  }

  @Test func wrongTypesNameTheField() {
    let json = Self.catalog(
      rule: #""id": "x", "category": "subject", "severity": 3, "message": "m", "help": "h", "pattern": "a""#)
    #expect(Self.error(json) == "rules.json:5:53: rule 'x': severity: expected a string, found a number")
    let aliases = Self.catalog(rule: Self.base + #", "pattern": "a", "aliases": "old""#)
    #expect(
      Self.error(aliases) == "rules.json:6:107: rule 'future-task-wrapper': aliases: expected an array, found a string")
    let notObject = #"{"version": 1, "rules": ["x"]}"#
    #expect(Self.error(notObject) == "rules.json:1:26: rules[0]: expected an object, found a string")
  }

  @Test func invalidIDs() {
    let json = Self.catalog(rule: #""id": "Future.Task""#)
    #expect(
      Self.error(json)
        == "rules.json: rule #1 (line 4): id: 'Future.Task' is not a kebab-case id "
        + "(lowercase letters and digits joined by single '-', no dots)")
    let alias = Self.catalog(rule: Self.base + #", "pattern": "a", "aliases": ["ok", "Not_OK"]"#)
    #expect(
      Self.error(alias)
        == "rules.json: rule 'future-task-wrapper': aliases[1]: 'Not_OK' is not a kebab-case id "
        + "(lowercase letters and digits joined by single '-', no dots)")
  }

  @Test func unknownCategoryAndChoices() {
    let category = Self.catalog(
      rule: #""id": "x", "category": "subjects", "severity": "note", "message": "m", "help": "h", "pattern": "a""#)
    #expect(
      Self.error(category) == "rules.json: rule 'x': category: unknown category 'subjects'; did you mean 'subject'?")
    let severity = Self.catalog(
      rule: #""id": "x", "category": "subject", "severity": "warn", "message": "m", "help": "h", "pattern": "a""#)
    #expect(
      Self.error(severity)
        == "rules.json:5:53: rule 'x': severity: 'warn' is not one of note, warning, error; did you mean 'warning'?")
    let skip = Self.catalog(rule: Self.base + #", "pattern": "a", "skip-in": ["coment"]"#)
    #expect(
      Self.error(skip)
        == "rules.json:6:108: rule 'future-task-wrapper': skip-in[0]: 'coment' is not one of comment, string, regex; "
        + "did you mean 'comment'?")
    let phase = Self.catalog(rule: Self.base + #", "pattern": "a", "phase": "later""#)
    #expect(
      Self.error(phase)
        == "rules.json:6:105: rule 'future-task-wrapper': phase: 'later' is not one of prepare, one-shot, view-models, cleanup"
    )
  }

  @Test func emptyStringsAreRejected() {
    let json = Self.catalog(rule: Self.base + #", "pattern": """#)
    #expect(Self.error(json) == "rules.json: rule 'future-task-wrapper': pattern: must not be empty")
    let glob = Self.catalog(rule: Self.base + #", "pattern": "a", "paths": {"exclude": [""]}"#)
    #expect(Self.error(glob) == "rules.json: rule 'future-task-wrapper': paths.exclude[0]: must not be empty")
  }

  @Test func exampleNeedsBeforeAndAfter() {
    let json = Self.catalog(rule: Self.base + #", "pattern": "a", "example": {"before": "x"}"#)
    #expect(Self.error(json) == "rules.json: rule 'future-task-wrapper': missing required field 'example.after'")
  }

  // MARK: - Pattern or detector

  @Test func patternAndDetectorAreExclusive() {
    let both = Self.catalog(rule: Self.base + #", "pattern": "Future", "detector": "queue-guarded-state""#)
    #expect(
      Self.error(both)
        == "rules.json: rule 'future-task-wrapper': has both a matcher ('pattern', 'any' or 'all') and a 'detector'; keep one"
    )
    let neither = Self.catalog(rule: Self.base)
    #expect(
      Self.error(neither)
        == "rules.json: rule 'future-task-wrapper': needs a 'pattern' (or 'any'/'all') or a 'detector'")
    let relationOnly = Self.catalog(rule: Self.base + #", "inside": {"pattern": "Deferred"}"#)
    #expect(
      Self.error(relationOnly)
        == "rules.json: rule 'future-task-wrapper': needs a 'pattern' (or 'any'/'all') or a 'detector'")
    let relationWithDetector = Self.catalog(
      rule: Self.base + #", "detector": "queue-guarded-state", "has": {"pattern": "x"}"#)
    #expect(
      Self.error(relationWithDetector)
        == "rules.json: rule 'future-task-wrapper': has: only pattern rules can use 'has'; a detector rule cannot")
  }

  @Test func unknownDetectorGetsSuggestion() {
    let json = Self.catalog(rule: Self.base + #", "detector": "queue-guarded-stat""#)
    #expect(
      Self.error(json)
        == "rules.json: rule 'future-task-wrapper': detector: unknown detector 'queue-guarded-stat'; "
        + "did you mean 'queue-guarded-state'?")
  }

  @Test func matcherObjectsNeedExactlyOneCore() {
    let conflicting = Self.catalog(rule: Self.base + #", "pattern": "a", "any": [{"pattern": "b"}]"#)
    #expect(
      Self.error(conflicting)
        == "rules.json: rule 'future-task-wrapper': use only one of 'pattern', 'any' and 'all' (found 'pattern', 'any')"
    )
    let nested = Self.catalog(rule: Self.base + #", "pattern": "a", "has": {"any": [{"pattern": "b", "all": []}]}"#)
    #expect(
      Self.error(nested)
        == "rules.json: rule 'future-task-wrapper': has.any[0]: use only one of 'pattern', 'any' and 'all' "
        + "(found 'pattern', 'all')")
    let missing = Self.catalog(rule: Self.base + #", "pattern": "a", "inside": {"has": {"pattern": "b"}}"#)
    #expect(
      Self.error(missing) == "rules.json: rule 'future-task-wrapper': inside: needs one of 'pattern', 'any' or 'all'")
    let empty = Self.catalog(rule: Self.base + #", "any": []"#)
    #expect(Self.error(empty) == "rules.json: rule 'future-task-wrapper': any: must not be empty")
  }

  @Test func badPatternNamesRuleFieldAndColumn() {
    let json = Self.catalog(rule: Self.base + #", "pattern": "Future { $P in Task { } ""#)
    #expect(Self.error(json) == "rules.json: rule 'future-task-wrapper': pattern: unbalanced '{' at column 8")
    let nested = Self.catalog(rule: Self.base + #", "pattern": "Future", "not-inside": {"pattern": "Deferred )"}"#)
    #expect(
      Self.error(nested)
        == "rules.json: rule 'future-task-wrapper': not-inside.pattern: unexpected ')' with no opening bracket at column 10"
    )
    let onlyMetavariables = Self.catalog(rule: Self.base + #", "any": [{"pattern": "Future"}, {"pattern": "$$$"}]"#)
    #expect(
      Self.error(onlyMetavariables)
        == "rules.json: rule 'future-task-wrapper': any[1].pattern: pattern has only metavariables; "
        + "it needs a literal token to anchor on at column 1")
  }

  @Test func everyPatternProblemReadsWell() {
    func message(_ pattern: String) -> String? {
      Self.error(Self.catalog(rule: Self.base + ", \"pattern\": " + MatcherTests.json(pattern)))
    }
    let prefix = "rules.json: rule 'future-task-wrapper': pattern: "
    #expect(message("foo(a]") == prefix + "'(' closed by ']' at column 6")
    #expect(message("a \u{7} b") == prefix + #"cannot read '\x07' as Swift at column 3"#)
    #expect(message("log(\"abc)") == prefix + "unterminated literal or comment at column 5")
    #expect(message("a /* b") == prefix + "unterminated literal or comment at column 3")
    #expect(message("// nothing") == prefix + "empty pattern at column 1")
    #expect(message("f(\n  a]") == prefix + "'(' closed by ']' at line 2, column 4")
    let deep = String(repeating: "(", count: 65) + String(repeating: ")", count: 65)
    #expect(message(deep) == prefix + "brackets nested deeper than 64 levels at column 65")
  }

  // MARK: - Ids across rules and files

  static func rule(_ id: String, aliases: [String] = []) -> String {
    let list = aliases.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"id": "\(id)", "category": "subject", "severity": "note", "message": "m", "help": "h",
       "aliases": [\(list)], "detector": "queue-guarded-state"}
      """
  }

  static func file(_ rules: String...) -> String {
    "{\"version\": 1, \"rules\": [\n" + rules.joined(separator: ",\n") + "\n]}"
  }

  @Test func duplicateIDsAndAliases() {
    #expect(
      Self.error(Self.file(Self.rule("a"), Self.rule("b"), Self.rule("a")))
        == "rules.json: rule 'a': id 'a' is already used in rules.json at line 2")
    #expect(
      Self.error(Self.file(Self.rule("a"), Self.rule("b", aliases: ["a"])))
        == "rules.json: rule 'b': id 'a' is already used in rules.json at line 2")
  }

  @Test func mergingAddsTeamRulesAndRefusesDuplicates() throws {
    let builtIn = try Self.load(Self.file(Self.rule("b"), Self.rule("d")))
    let team = try Self.load(Self.file(Self.rule("a"), Self.rule("c")), source: "team-rules.json")
    let merged = try builtIn.merging(team)
    #expect(merged.rules.map(\.id) == ["a", "b", "c", "d"])
    #expect(merged.rule(id: "a")?.file == "team-rules.json")
    let clash = try Self.load(Self.file(Self.rule("d")), source: "team-rules.json")
    #expect(throws: RuleCatalogError.self) { try builtIn.merging(clash) }
    do {
      _ = try builtIn.merging(clash)
    } catch {
      #expect(error.description == "team-rules.json: rule 'd': id 'd' is already used in rules.json at line 4")
    }
  }

  @Test func onlySelectsByIDOrAlias() throws {
    let catalog = try Self.load(Self.file(Self.rule("new-name", aliases: ["old-name"]), Self.rule("other")))
    #expect(try catalog.only(["old-name"]).rules.map(\.id) == ["new-name"])
    #expect(try catalog.only(["other", "new-name", "old-name"]).rules.map(\.id) == ["new-name", "other"])
    #expect(catalog.rule(id: "old-name")?.id == "new-name")
    #expect(catalog.rule(id: "missing") == nil)
    do {
      _ = try catalog.only(["othr"])
      Issue.record("expected an error")
    } catch {
      #expect(error == .unknownRule(id: "othr", suggestion: "other"))
      #expect(error.description == "unknown rule 'othr'; did you mean 'other'?")
    }
  }

  @Test func errorsAreDataForTheCLI() {
    do {
      _ = try Self.load(#"{"version": 9, "rules": []}"#, source: "team.json")
      Issue.record("expected an error")
    } catch {
      #expect(error == .unsupportedVersion(file: "team.json", found: 9, supported: 1))
    }
  }
}
