import Foundation

/// Checks a JSON document against a JSON Schema: the subset of drafts 4 and 2020-12 that our report
/// schema and the official SARIF 2.1.0 schema use, and a little more.
///
/// It exists so the schema tests need nothing beyond the toolchain (no python, no pip). A keyword
/// it does not know is a problem it reports, never one it skips: a checker that quietly ignored a
/// keyword would let a report drift from its schema while every test stayed green. `format` is an
/// annotation, as in python's `jsonschema` by default. `SchemaCheckerAgreementTests` holds it to
/// python's `jsonschema` on every schema and document the tests use, where that is installed.
package struct JSONSchemaChecker {
  private let root: JSONNode
  /// Draft 4 ignores the siblings of `$ref`, spells `exclusiveMinimum` as a flag, and counts only
  /// numbers written without a fraction as integers; 2020-12 does none of these.
  private let isDraft4: Bool

  /// Keywords that say nothing about validity.
  private static let annotations: Set<String> = [
    "$schema", "$id", "id", "$comment", "title", "description", "default", "examples", "definitions", "$defs",
    "format", "deprecated", "readOnly", "writeOnly", "$anchor", "contentMediaType", "contentEncoding",
  ]

  package init(schema: JSONNode) {
    root = schema
    if case .string(let uri) = schema["$schema"] ?? .null {
      isDraft4 = uri.contains("draft-04")
    } else {
      isDraft4 = false
    }
  }

  /// Every way `instance` fails the schema, each as "/json/pointer: what is wrong", in document
  /// order; empty when it is valid.
  package func problems(in instance: JSONNode) -> [String] {
    var problems: [String] = []
    check(instance, against: root, at: "", into: &problems, depth: 0)
    return problems
  }

  private func check(
    _ instance: JSONNode, against schema: JSONNode, at path: String, into problems: inout [String], depth: Int
  ) {
    guard depth < 200 else {
      problems.append("\(path): schema references nest deeper than 200 (a $ref loop?)")
      return
    }
    switch schema {
    case .bool(true): return
    case .bool(false):
      problems.append("\(path): no value is allowed here")
      return
    case .object(let keywords):
      if isDraft4, let reference = schema["$ref"] {
        checkReference(reference, instance, at: path, into: &problems, depth: depth)
        return
      }
      for (keyword, value) in keywords {
        checkKeyword(keyword, value, in: schema, instance, at: path, into: &problems, depth: depth)
      }
    default:
      problems.append("\(path): the schema here is not an object or a boolean")
    }
  }

  private func valid(_ instance: JSONNode, _ schema: JSONNode, at path: String, depth: Int) -> Bool {
    var scratch: [String] = []
    check(instance, against: schema, at: path, into: &scratch, depth: depth + 1)
    return scratch.isEmpty
  }

  // One keyword's rule; the cases mirror the specification's sections, so the switch is long.
  private func checkKeyword(
    _ keyword: String, _ value: JSONNode, in schema: JSONNode, _ instance: JSONNode, at path: String,
    into problems: inout [String], depth: Int
  ) {
    if Self.annotations.contains(keyword) { return }
    switch keyword {
    case "$ref":
      checkReference(value, instance, at: path, into: &problems, depth: depth)
    case "type":
      let names: [String]
      switch value {
      case .string(let name): names = [name]
      case .array(let items): names = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
      default: names = []
      }
      if !names.contains(where: { hasType($0, instance) }) {
        problems.append("\(path): \(describe(instance)) is not of type \(names.joined(separator: " or "))")
      }
    case "enum":
      if case .array(let allowed) = value, !allowed.contains(instance) {
        problems.append("\(path): \(describe(instance)) is not one of the enum's values")
      }
    case "const":
      if instance != value { problems.append("\(path): \(describe(instance)) is not the const value") }
    case "properties":
      guard case .object(let members) = instance, case .object(let properties) = value else { return }
      for (name, subschema) in properties {
        if let member = members.last(where: { $0.key == name }) {
          check(member.value, against: subschema, at: "\(path)/\(name)", into: &problems, depth: depth + 1)
        }
      }
    case "patternProperties":
      guard case .object(let members) = instance, case .object(let patterns) = value else { return }
      for (pattern, subschema) in patterns {
        for member in members where matches(pattern, member.key) {
          check(member.value, against: subschema, at: "\(path)/\(member.key)", into: &problems, depth: depth + 1)
        }
      }
    case "additionalProperties":
      guard case .object(let members) = instance else { return }
      var declared = Set<String>()
      if case .object(let properties) = schema["properties"] ?? .null { declared = Set(properties.map(\.key)) }
      var patterns: [String] = []
      if case .object(let entries) = schema["patternProperties"] ?? .null { patterns = entries.map(\.key) }
      for member in members
      where !declared.contains(member.key) && !patterns.contains(where: { matches($0, member.key) }) {
        if case .bool(false) = value {
          problems.append("\(path): additional property '\(member.key)' is not allowed")
        } else {
          check(member.value, against: value, at: "\(path)/\(member.key)", into: &problems, depth: depth + 1)
        }
      }
    case "required":
      guard case .object(let members) = instance, case .array(let names) = value else { return }
      for case .string(let name) in names where !members.contains(where: { $0.key == name }) {
        problems.append("\(path): '\(name)' is a required property")
      }
    case "propertyNames":
      guard case .object(let members) = instance else { return }
      for member in members {
        check(.string(member.key), against: value, at: "\(path)/\(member.key)", into: &problems, depth: depth + 1)
      }
    case "minProperties", "maxProperties":
      guard case .object(let members) = instance, case .number(let limit, _) = value else { return }
      if keyword == "minProperties" ? Double(members.count) < limit : Double(members.count) > limit {
        problems.append("\(path): \(members.count) properties break \(keyword) \(Int(limit))")
      }
    case "items":
      guard case .array(let elements) = instance else { return }
      if case .array(let tuple) = value {
        for (index, element) in elements.enumerated() where index < tuple.count {
          check(element, against: tuple[index], at: "\(path)/\(index)", into: &problems, depth: depth + 1)
        }
      } else {
        var first = 0
        if case .array(let prefix) = schema["prefixItems"] ?? .null { first = prefix.count }
        for (index, element) in elements.enumerated() where index >= first {
          check(element, against: value, at: "\(path)/\(index)", into: &problems, depth: depth + 1)
        }
      }
    case "prefixItems":
      guard case .array(let elements) = instance, case .array(let prefix) = value else { return }
      for (index, element) in elements.enumerated() where index < prefix.count {
        check(element, against: prefix[index], at: "\(path)/\(index)", into: &problems, depth: depth + 1)
      }
    case "additionalItems":
      guard case .array(let elements) = instance, case .array(let tuple) = schema["items"] ?? .null else { return }
      for (index, element) in elements.enumerated() where index >= tuple.count {
        check(element, against: value, at: "\(path)/\(index)", into: &problems, depth: depth + 1)
      }
    case "minItems", "maxItems":
      guard case .array(let elements) = instance, case .number(let limit, _) = value else { return }
      if keyword == "minItems" ? Double(elements.count) < limit : Double(elements.count) > limit {
        problems.append("\(path): \(elements.count) items break \(keyword) \(Int(limit))")
      }
    case "uniqueItems":
      guard case .array(let elements) = instance, case .bool(true) = value else { return }
      for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
        problems.append("\(path)/\(index): a duplicate item, and the items must be unique")
      }
    case "contains":
      guard case .array(let elements) = instance else { return }
      if !elements.enumerated().contains(where: { valid($0.element, value, at: "\(path)/\($0.offset)", depth: depth) })
      {
        problems.append("\(path): no item matches 'contains'")
      }
    case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
      checkBound(keyword, value, in: schema, instance, at: path, into: &problems)
    case "multipleOf":
      guard case .number(let number, _) = instance, case .number(let divisor, _) = value, divisor > 0 else { return }
      let quotient = number / divisor
      if quotient != quotient.rounded() { problems.append("\(path): \(number) is not a multiple of \(divisor)") }
    case "minLength", "maxLength":
      guard case .string(let text) = instance, case .number(let limit, _) = value else { return }
      let length = Double(text.unicodeScalars.count)
      if keyword == "minLength" ? length < limit : length > limit {
        problems.append("\(path): a string of \(Int(length)) characters breaks \(keyword) \(Int(limit))")
      }
    case "pattern":
      guard case .string(let text) = instance, case .string(let pattern) = value else { return }
      if !matches(pattern, text) { problems.append("\(path): '\(text)' does not match '\(pattern)'") }
    case "allOf", "anyOf", "oneOf":
      guard case .array(let subschemas) = value else { return }
      let passing = subschemas.filter { valid(instance, $0, at: path, depth: depth) }.count
      switch keyword {
      case "allOf" where passing < subschemas.count:
        for subschema in subschemas { check(instance, against: subschema, at: path, into: &problems, depth: depth + 1) }
      case "anyOf" where passing == 0:
        problems.append("\(path): \(describe(instance)) matches none of 'anyOf'")
      case "oneOf" where passing != 1:
        problems.append("\(path): \(describe(instance)) matches \(passing) of 'oneOf', not exactly one")
      default: break
      }
    case "not":
      if valid(instance, value, at: path, depth: depth) { problems.append("\(path): matches the 'not' schema") }
    case "if":
      let branch = valid(instance, value, at: path, depth: depth) ? schema["then"] : schema["else"]
      if let branch { check(instance, against: branch, at: path, into: &problems, depth: depth + 1) }
    case "then", "else":
      return  // applied by "if"
    default:
      problems.append("\(path): the checker does not know the keyword '\(keyword)'; teach it, don't skip it")
    }
  }

  private func checkBound(
    _ keyword: String, _ value: JSONNode, in schema: JSONNode, _ instance: JSONNode, at path: String,
    into problems: inout [String]
  ) {
    guard case .number(let number, _) = instance else { return }
    let isMinimum = keyword == "minimum" || keyword == "exclusiveMinimum"
    let limit: Double
    var exclusive = keyword.hasPrefix("exclusive")
    switch value {
    case .number(let bound, _): limit = bound
    case .bool:
      return  // draft 4's flag, read by "minimum"/"maximum"
    default: return
    }
    if isDraft4, !exclusive, case .bool(true) = schema[isMinimum ? "exclusiveMinimum" : "exclusiveMaximum"] ?? .null {
      exclusive = true
    }
    let broken =
      isMinimum ? (exclusive ? number <= limit : number < limit) : (exclusive ? number >= limit : number > limit)
    if broken { problems.append("\(path): \(number) breaks \(keyword) \(limit)") }
  }

  private func checkReference(
    _ reference: JSONNode, _ instance: JSONNode, at path: String, into problems: inout [String], depth: Int
  ) {
    guard case .string(let uri) = reference, let target = resolve(uri) else {
      problems.append("\(path): cannot resolve $ref \(describe(reference)) (only '#…' pointers are supported)")
      return
    }
    check(instance, against: target, at: path, into: &problems, depth: depth + 1)
  }

  /// Resolves a same-document reference: `#` or a JSON pointer after it.
  private func resolve(_ uri: String) -> JSONNode? {
    guard uri.hasPrefix("#") else { return nil }
    var node = root
    for token in uri.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
      let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      switch node {
      case .object:
        guard let next = node[key] else { return nil }
        node = next
      case .array(let elements):
        guard let index = Int(key), elements.indices.contains(index) else { return nil }
        node = elements[index]
      default: return nil
      }
    }
    return node
  }

  private func hasType(_ name: String, _ instance: JSONNode) -> Bool {
    switch (name, instance) {
    case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("string", .string),
      ("number", .number):
      return true
    case ("integer", .number(let value, let writtenAsInteger)):
      return writtenAsInteger || (!isDraft4 && value == value.rounded(.towardZero))
    default: return false
    }
  }

  private func matches(_ pattern: String, _ text: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  private func describe(_ node: JSONNode) -> String {
    switch node {
    case .null: return "null"
    case .bool(let value): return "\(value)"
    case .number(let value, let isInteger): return isInteger ? "\(Int(value))" : "\(value)"
    case .string(let text): return "'\(text.count > 60 ? String(text.prefix(60)) + "…" : text)'"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
