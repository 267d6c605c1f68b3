import RuleEngine
import SwiftLexer
import Testing

/// Rules files come from the scanned repository, so each resource a rule can demand is
/// bounded (`RuleLimits`), and going over is an error that names the file, the rule and what
/// to do: never a crash, an exhausted memory or a scan that never ends.
@Suite struct RuleLimitsTests {
  static func rule(_ id: String, _ matcher: String) -> String {
    """
    {"id": "\(id)", "category": "future-task-wrapper", "severity": "warning", "message": "m", "help": "h", \(matcher)}
    """
  }

  static func file(_ rules: [String]) -> String {
    #"{"version": 1, "rules": ["# + rules.joined(separator: ",") + "]}"
  }

  static func patternRule(_ pattern: String) -> String {
    file([rule("team-rule", #""pattern": "\#(pattern)""#)])
  }

  @Test func longestAllowedPatternLoadsAndMatches() throws {
    let pattern = "foo " + Array(repeating: "a", count: RuleLimits.patternTokens - 1).joined(separator: " ")
    let catalog = try RuleCatalogTests.load(Self.patternRule(pattern))
    let source = "foo " + String(repeating: "a ", count: RuleLimits.patternTokens + 10)
    let matches = Matcher(catalog: catalog).matches(in: Lexer.tokenize(Array(source.utf8)))
    #expect(matches.count == 1)
  }

  @Test func longerPatternIsRefused() {
    // 500,000 tokens allocated patterns x tokens of memo (24 GB) before.
    let pattern = "foo " + String(repeating: "a ", count: 500_000)
    #expect(
      RuleCatalogTests.error(Self.patternRule(pattern))
        == "rules.json: rule 'team-rule': pattern: pattern longer than 500 tokens; split it, or match the middle "
        + "with '$$$' at column 1003")
  }

  @Test func manyRunsAreRefused() {
    // 4,000 `$$$` overflowed the stack when matched; that many are over the token limit too.
    #expect(RuleCatalogTests.error(Self.patternRule("foo " + String(repeating: "$$$ ", count: 4_000))) != nil)
    let pattern = "foo " + String(repeating: "$$$ ", count: 60)
    #expect(
      RuleCatalogTests.error(Self.patternRule(pattern))
        == "rules.json: rule 'team-rule': pattern: more than 50 '$$$' in one pattern; split it into several rules "
        + "at column 205")
  }

  @Test func mostRunsAllowedMatchWithoutCrashing() throws {
    let pattern = "foo(" + Array(repeating: "$$$", count: RuleLimits.runsPerPattern).joined(separator: ", ") + ")"
    let catalog = try RuleCatalogTests.load(Self.patternRule(pattern))
    let source = "foo(" + Array(repeating: "x", count: 200).joined(separator: ", ") + ")\n"
    #expect(Matcher(catalog: catalog).matches(in: Lexer.tokenize(Array(source.utf8))).count == 1)
  }

  /// `has` inside `has`, `depth` matcher objects in all.
  static func nested(_ depth: Int) -> String {
    var matcher = #"{"pattern": "{ $$$ }"}"#
    for _ in 0..<(depth - 2) { matcher = #"{"pattern": "{ $$$ }", "has": \#(matcher)}"# }
    return file([rule("team-nested", #""pattern": "{ $$$ }", "has": \#(matcher)"#)])
  }

  @Test func deepestAllowedMatcherLoads() throws {
    #expect(RuleCatalogTests.error(Self.nested(RuleLimits.matcherDepth)) == nil)
  }

  @Test func deeperMatchersAreRefused() {
    // 200 nested `has` took 1.6 GB.
    let message = RuleCatalogTests.error(Self.nested(200)) ?? ""
    #expect(message.hasPrefix("rules.json: rule 'team-nested': has.has.has."))
    #expect(
      message.hasSuffix(
        ": matchers nested deeper than 32 levels through 'any', 'all' and relations; flatten the rule"))
    let viaAny = Self.file([
      Self.rule("team-any", String(repeating: #""any": [{"#, count: 1) + nestedAny(40) + "}]")
    ])
    #expect(RuleCatalogTests.error(viaAny)?.contains("nested deeper than 32 levels") == true)
  }

  private func nestedAny(_ depth: Int) -> String {
    var matcher = #""pattern": "a""#
    for _ in 0..<depth { matcher = #""any": [{\#(matcher)}]"# }
    return matcher
  }

  @Test func tooManyRulesAreRefused() {
    let rules = (0...RuleLimits.rulesPerFile).map { Self.rule("team-r\($0)", #""pattern": "a""#) }
    #expect(
      RuleCatalogTests.error(Self.file(rules))
        == "rules.json: rules: 10001 rules is more than one rules file may have (10000); split it into several files")
  }

  @Test func tooLargeFileIsRefused() {
    let padding = String(repeating: " ", count: RuleLimits.fileBytes)
    #expect(
      RuleCatalogTests.error(Self.file([]) + padding, source: "team.json")
        == "team.json: 10000027 bytes is more than a rules file may have (10000000); split it into several files")
  }

  @Test func manyRulesOnOneLineLoadInLinearWork() throws {
    let small = Self.file((0..<1_000).map { Self.rule("team-r\($0)", #""pattern": "Future { $$$ }""#) })
    let large = Self.file((0..<2_000).map { Self.rule("team-r\($0)", #""pattern": "Future { $$$ }""#) })
    let smallWork = JSONParser.columnWork(Array(small.utf8))
    let largeWork = JSONParser.columnWork(Array(large.utf8))
    // Counting every column from the line start made this quadratic (5,000 rules: 12.7 s).
    #expect(largeWork <= 2 * smallWork + smallWork / 50, "small \(smallWork), large \(largeWork)")
    #expect(try RuleCatalogTests.load(large).rules.count == 2_000)
  }

  @Test func columnsCountedOnStayRight() {
    let json = #"{"version": 1, "rules": [1, 2, "é", 3 4]}"#
    #expect(RuleCatalogTests.error(json) == "rules.json:1:39: expected ',' or ']'")
  }
}
