/// Typed access to the JSON of one rule, turning every mismatch into a `RuleCatalogError` that
/// names the file, the rule and the field.
struct SpecReader {
  let file: String
  var rule: RuleCatalogError.RuleReference?

  /// The file, with the line and column of what an error is about (`team.json:12:7`), as the
  /// README promises and as JSON syntax errors already say.
  func located(_ position: ParsedJSON.Position) -> String { "\(file):\(position.line):\(position.column)" }

  /// The rule being read; only top-level keys are read without one.
  var ruleReference: RuleCatalogError.RuleReference { rule ?? .init(id: nil, index: 0, line: 0) }

  /// Rejects keys outside `allowed`, suggesting the closest allowed key for a typo.
  ///
  /// `path` prefixes nested keys so the message says where the key is (`paths.includ`).
  func rejectUnknownKeys(_ members: [ParsedJSON.Member], allowed: [String], path: String? = nil)
    throws(RuleCatalogError)
  {
    for member in members where !allowed.contains(member.key) {
      let qualify = { (key: String) in path.map { "\($0).\(key)" } ?? key }
      let suggestion = Suggestion.closest(to: member.key, in: allowed).map(qualify)
      throw .unknownKey(file: located(member.keyPosition), rule: rule, key: qualify(member.key), suggestion: suggestion)
    }
  }

  func object(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> [ParsedJSON.Member] {
    guard let members = value.objectValue else { throw wrongType(value, field: field, expected: .object) }
    return members
  }

  func array(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> [ParsedJSON] {
    guard let elements = value.arrayValue else { throw wrongType(value, field: field, expected: .array) }
    return elements
  }

  func bool(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> Bool {
    guard case .bool(let flag) = value.kind else { throw wrongType(value, field: field, expected: .boolean) }
    return flag
  }

  func string(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> String {
    guard let text = value.stringValue else { throw wrongType(value, field: field, expected: .string) }
    return text
  }

  /// A string that must not be empty (messages, patterns, globs).
  func nonEmptyString(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> String {
    let text = try string(value, field: field)
    if text.isEmpty { throw .emptyValue(file: file, rule: ruleReference, field: field) }
    return text
  }

  func stringArray(_ value: ParsedJSON, field: String) throws(RuleCatalogError) -> [String] {
    var result: [String] = []
    for (offset, element) in try array(value, field: field).enumerated() {
      result.append(try nonEmptyString(element, field: "\(field)[\(offset)]"))
    }
    return result
  }

  /// A string that must be the raw value of `Choice` (severity, phase…).
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: ParsedJSON, field: String, as type: Choice.Type
  ) throws(RuleCatalogError) -> Choice where Choice.RawValue == String {
    let text = try string(value, field: field)
    if let choice = Choice(rawValue: text) { return choice }
    let allowed = Choice.allCases.map(\.rawValue)
    throw .invalidValue(
      file: located(value.position), rule: rule, field: field, value: text, allowed: allowed,
      suggestion: Suggestion.closest(to: text, in: allowed))
  }

  func wrongType(_ value: ParsedJSON, field: String, expected: ParsedJSON.TypeName) -> RuleCatalogError {
    .wrongType(file: located(value.position), rule: rule, field: field, expected: expected, found: value.typeName)
  }
}
