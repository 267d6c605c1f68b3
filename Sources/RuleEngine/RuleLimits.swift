/// The most a rules file may ask of the matcher.
///
/// Rules come from the scanned repository (`rulesFiles`, `--add-rules`), so a pull request
/// can make them hostile: a pattern of 500,000 tokens, 4,000 `$$$`, 200 nested `has`, or
/// thousands of rules. Each limit is far above what a real rule uses (the built-in catalogue's
/// longest pattern has eight tokens and two `$$$`, and its rules nest matchers two deep) and low enough that the
/// matcher's memory and stack stay small. Breaking one is an error naming the file, the rule
/// and the limit, never a crash or a silent truncation.
package enum RuleLimits {
  /// Significant tokens in one pattern. The pattern runner recurses once per element, and
  /// its failure memo has one entry per element and token of the file.
  package static let patternTokens = 500
  /// `$$$` (or `...`) in one pattern: each is a backtracking point.
  package static let runsPerPattern = 50
  /// Matcher objects nested inside each other through `any`, `all` and the relations.
  package static let matcherDepth = 32
  /// Rules in one rules file.
  package static let rulesPerFile = 10_000
  /// Bytes of one rules file.
  package static let fileBytes = 10_000_000
}
