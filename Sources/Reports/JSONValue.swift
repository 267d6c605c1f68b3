/// A JSON document whose object keys keep the order they were written in.
///
/// Reports build one of these and hand it to `JSONWriter`, so the bytes of every JSON and SARIF
/// report are decided here and not by Foundation's encoder, whose key order and layout (`"a" : 1`)
/// are not ours to pin in goldens.
package indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  /// Members in output order; keys are written as given, so callers must not repeat one.
  case object([JSONMember])

  /// A string, or `null` when `value` is `nil` (optional report fields are always present).
  package static func string(_ value: String?) -> JSONValue {
    guard let value else { return .null }
    return .string(value)
  }

  /// An array of strings.
  package static func strings(_ values: [String]) -> JSONValue {
    .array(values.map { .string($0) })
  }
}

/// One `"key": value` pair of a `JSONValue.object`.
package struct JSONMember: Sendable, Equatable {
  package var key: String
  package var value: JSONValue

  package init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
