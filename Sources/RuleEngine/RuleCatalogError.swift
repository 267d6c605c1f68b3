import SwiftLexer

/// Everything that can be wrong with a rules catalogue, as data.
///
/// The cases carry what went wrong and where (file, rule, field); `description` is the one place
/// that turns them into text, so wording is consistent and the CLI can map cases to exit codes.
/// Every message names the file, and the rule and field when there is one:
/// `rules.json: rule 'future-task-wrapper': pattern: unbalanced '{' at column 12`.
package enum RuleCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which rule of a file an error is about.
  ///
  /// The id is missing when the rule has none (or an invalid one); the message then falls back
  /// to the rule's position and line (`rule #3 (line 12)`).
  package struct RuleReference: Equatable, Sendable {
    package var id: String?
    /// 1-based position in the `rules` array.
    package var index: Int
    /// The line of the rule object's `{`.
    package var line: Int

    package init(id: String?, index: Int, line: Int) {
      self.id = id
      self.index = index
      self.line = line
    }
  }

  /// A syntax error in the JSON text itself.
  package enum JSONProblem: Equatable, Sendable {
    case unexpectedEnd
    case expectedValue
    case expectedKey
    case expectedColon
    case expectedCommaOrBrace
    case expectedCommaOrBracket
    case trailingContent
    case invalidLiteral
    case invalidNumber
    case invalidEscape
    case invalidUnicodeEscape
    case controlCharacterInString
    case unterminatedString
    case invalidUTF8
    case nestingTooDeep(limit: Int)
    case duplicateKey(String)
  }

  /// Why a pattern could not be compiled.
  package enum PatternProblem: Equatable, Sendable {
    /// An opening bracket with no closer.
    case unbalanced(String)
    /// A closing bracket with no opener.
    case unexpectedCloser(String)
    /// A closing bracket of the wrong kind (`( … }`).
    case mismatchedCloser(open: String, close: String)
    /// Text the Swift lexer could not read (a stray character, a bad escape).
    case unlexable(String)
    /// A string, regex or comment that does not end.
    case unterminatedLiteral
    /// The pattern has no tokens at all.
    case empty
    /// The pattern is only metavariables: nothing to anchor the search on.
    case noLiteralToken
    /// Brackets nested deeper than `PatternCompiler.maximumNesting`.
    case nestingTooDeep(limit: Int)
    /// More significant tokens than `RuleLimits.patternTokens`.
    case tooManyTokens(limit: Int)
    /// More `$$$` than `RuleLimits.runsPerPattern`.
    case tooManyRuns(limit: Int)
  }

  /// Which of `RuleLimits` a rules file broke.
  package enum Limit: Equatable, Sendable {
    /// The file is larger than `RuleLimits.fileBytes`.
    case fileBytes(found: Int, limit: Int)
    /// The file has more rules than `RuleLimits.rulesPerFile`.
    case rules(found: Int, limit: Int)
    /// Matcher objects nested deeper than `RuleLimits.matcherDepth`.
    case matcherDepth(limit: Int)
  }

  case invalidJSON(file: String, line: Int, column: Int, problem: JSONProblem)
  case unsupportedVersion(file: String, found: Int, supported: Int)
  /// `rule` is nil for keys of the top-level object.
  case unknownKey(file: String, rule: RuleReference?, key: String, suggestion: String?)
  case missingField(file: String, rule: RuleReference?, field: String)
  case wrongType(
    file: String, rule: RuleReference?, field: String, expected: ParsedJSON.TypeName, found: ParsedJSON.TypeName)
  /// A string that must be one of a fixed set (severity, disposition, phase, `skip-in`, version).
  case invalidValue(
    file: String, rule: RuleReference?, field: String, value: String, allowed: [String], suggestion: String?)
  case emptyValue(file: String, rule: RuleReference, field: String)
  case invalidID(file: String, rule: RuleReference, field: String, value: String)
  case duplicateID(file: String, rule: RuleReference, id: String, firstFile: String, firstLine: Int)
  case unknownCategory(file: String, rule: RuleReference, value: String, suggestion: String?)
  case unknownDetector(file: String, rule: RuleReference, detector: String, suggestion: String?)
  case bothPatternAndDetector(file: String, rule: RuleReference)
  case neitherPatternNorDetector(file: String, rule: RuleReference)
  /// A matcher object with more than one of `pattern`, `any` and `all`.
  case conflictingMatchers(file: String, rule: RuleReference, field: String?, keys: [String])
  /// A matcher object (`inside`, an `any` element…) with none of `pattern`, `any` and `all`.
  case missingMatcher(file: String, rule: RuleReference, field: String)
  /// `inside`/`has`/… on a detector rule: relations only make sense for token matches.
  case relationWithDetector(file: String, rule: RuleReference, key: String)
  case badPattern(file: String, rule: RuleReference, field: String, problem: PatternProblem, line: Int, column: Int)
  /// `--only` named a rule no catalogue has.
  case unknownRule(id: String, suggestion: String?)
  /// The file, or a rule in it (`rule` and `field` set), asks more than `RuleLimits` allows.
  case limitExceeded(file: String, rule: RuleReference?, field: String?, limit: Limit)

  package var description: String {
    switch self {
    case .invalidJSON(let file, let line, let column, let problem):
      return "\(file):\(line):\(column): \(Self.text(problem))"
    case .unsupportedVersion(let file, let found, let supported):
      return "\(file): version \(found) is newer than this migrate-scan supports (\(supported)); upgrade migrate-scan"
    case .unknownKey(let file, let rule, let key, let suggestion):
      return "\(Self.prefix(file, rule, nil))unknown key '\(key)'\(Self.didYouMean(suggestion))"
    case .missingField(let file, let rule, let field):
      return "\(Self.prefix(file, rule, nil))missing required field '\(field)'"
    case .wrongType(let file, let rule, let field, let expected, let found):
      return "\(Self.prefix(file, rule, field))expected \(Self.article(expected)), found \(Self.article(found))"
    case .invalidValue(let file, let rule, let field, let value, let allowed, let suggestion):
      let choices = allowed.joined(separator: ", ")
      return "\(Self.prefix(file, rule, field))'\(value)' is not one of \(choices)\(Self.didYouMean(suggestion))"
    case .emptyValue(let file, let rule, let field):
      return "\(Self.prefix(file, rule, field))must not be empty"
    case .invalidID(let file, let rule, let field, let value):
      return "\(Self.prefix(file, rule, field))'\(value)' is not a kebab-case id "
        + "(lowercase letters and digits joined by single '-', no dots)"
    case .duplicateID(let file, let rule, let id, let firstFile, let firstLine):
      return "\(Self.prefix(file, rule, nil))id '\(id)' is already used in \(firstFile) at line \(firstLine)"
    case .unknownCategory(let file, let rule, let value, let suggestion):
      return "\(Self.prefix(file, rule, "category"))unknown category '\(value)'\(Self.didYouMean(suggestion))"
    case .unknownDetector(let file, let rule, let detector, let suggestion):
      return "\(Self.prefix(file, rule, "detector"))unknown detector '\(detector)'\(Self.didYouMean(suggestion))"
    case .bothPatternAndDetector(let file, let rule):
      return "\(Self.prefix(file, rule, nil))has both a matcher ('pattern', 'any' or 'all') and a 'detector'; keep one"
    case .neitherPatternNorDetector(let file, let rule):
      return "\(Self.prefix(file, rule, nil))needs a 'pattern' (or 'any'/'all') or a 'detector'"
    case .conflictingMatchers(let file, let rule, let field, let keys):
      let found = keys.map { "'\($0)'" }.joined(separator: ", ")
      return "\(Self.prefix(file, rule, field))use only one of 'pattern', 'any' and 'all' (found \(found))"
    case .missingMatcher(let file, let rule, let field):
      return "\(Self.prefix(file, rule, field))needs one of 'pattern', 'any' or 'all'"
    case .relationWithDetector(let file, let rule, let key):
      return "\(Self.prefix(file, rule, key))only pattern rules can use '\(key)'; a detector rule cannot"
    case .badPattern(let file, let rule, let field, let problem, let line, let column):
      let place = line == 1 ? "column \(column)" : "line \(line), column \(column)"
      return "\(Self.prefix(file, rule, field))\(Self.text(problem)) at \(place)"
    case .unknownRule(let id, let suggestion):
      return "unknown rule '\(id)'\(Self.didYouMean(suggestion))"
    case .limitExceeded(let file, let rule, let field, let limit):
      return "\(Self.prefix(file, rule, field))\(Self.text(limit))"
    }
  }

  // MARK: - Message pieces

  /// `file: rule 'id': field: ` with the parts that are known.
  private static func prefix(_ file: String, _ rule: RuleReference?, _ field: String?) -> String {
    var text = "\(file): "
    if let rule {
      if let id = rule.id {
        text += "rule '\(id)': "
      } else {
        text += "rule #\(rule.index) (line \(rule.line)): "
      }
    }
    if let field { text += "\(field): " }
    return text
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func article(_ type: ParsedJSON.TypeName) -> String {
    switch type {
    case .null: return "null"
    case .array, .object: return "an \(type.rawValue)"
    case .boolean, .number, .string: return "a \(type.rawValue)"
    }
  }

  private static func text(_ problem: JSONProblem) -> String {
    switch problem {
    case .unexpectedEnd: return "unexpected end of input"
    case .expectedValue: return "expected a value"
    case .expectedKey: return "expected a string key"
    case .expectedColon: return "expected ':'"
    case .expectedCommaOrBrace: return "expected ',' or '}'"
    case .expectedCommaOrBracket: return "expected ',' or ']'"
    case .trailingContent: return "unexpected text after the top-level value"
    case .invalidLiteral: return "invalid literal (expected true, false or null)"
    case .invalidNumber: return "invalid number"
    case .invalidEscape: return "invalid escape sequence"
    case .invalidUnicodeEscape: return "invalid \\u escape"
    case .controlCharacterInString: return "control character in string (escape it)"
    case .unterminatedString: return "unterminated string"
    case .invalidUTF8: return "invalid UTF-8"
    case .nestingTooDeep(let limit): return "nesting deeper than \(limit) levels"
    case .duplicateKey(let key): return "duplicate key '\(key)'"
    }
  }

  private static func text(_ problem: PatternProblem) -> String {
    switch problem {
    case .unbalanced(let open): return "unbalanced '\(open)'"
    case .unexpectedCloser(let close): return "unexpected '\(close)' with no opening bracket"
    case .mismatchedCloser(let open, let close): return "'\(open)' closed by '\(close)'"
    case .unlexable(let text): return "cannot read '\(TokenStream.escape(Array(text.utf8)[...]))' as Swift"
    case .unterminatedLiteral: return "unterminated literal or comment"
    case .empty: return "empty pattern"
    case .noLiteralToken: return "pattern has only metavariables; it needs a literal token to anchor on"
    case .nestingTooDeep(let limit): return "brackets nested deeper than \(limit) levels"
    case .tooManyTokens(let limit):
      return "pattern longer than \(limit) tokens; split it, or match the middle with '$$$'"
    case .tooManyRuns(let limit): return "more than \(limit) '$$$' in one pattern; split it into several rules"
    }
  }

  private static func text(_ limit: Limit) -> String {
    switch limit {
    case .fileBytes(let found, let limit):
      return "\(found) bytes is more than a rules file may have (\(limit)); split it into several files"
    case .rules(let found, let limit):
      return "\(found) rules is more than one rules file may have (\(limit)); split it into several files"
    case .matcherDepth(let limit):
      return "matchers nested deeper than \(limit) levels through 'any', 'all' and relations; flatten the rule"
    }
  }
}
