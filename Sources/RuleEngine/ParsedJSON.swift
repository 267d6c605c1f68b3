/// A parsed JSON value that keeps what `JSONSerialization` throws away: the order of object
/// keys and the line and column where each value starts, so catalogue errors can point at the
/// rule that caused them.
package struct ParsedJSON: Sendable, Equatable {
  /// One `"key": value` pair of an object, in source order.
  package struct Member: Sendable, Equatable {
    package var key: String
    /// Where the key's opening quote is.
    package var keyPosition: Position
    package var value: ParsedJSON

    package init(key: String, keyPosition: Position, value: ParsedJSON) {
      self.key = key
      self.keyPosition = keyPosition
      self.value = value
    }
  }

  /// A 1-based line and column (columns count Unicode scalars, as editors do).
  package struct Position: Sendable, Equatable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  /// The JSON type of a value, for "expected X, found Y" messages.
  package enum TypeName: String, Sendable, Equatable {
    case null
    case boolean
    case number
    case string
    case array
    case object
  }

  /// The value itself.
  package enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    /// Numbers keep their source text: `version` must be an integer, and `1.0` or `1e0` should
    /// not sneak through a `Double` round trip.
    case number(String)
    case string(String)
    case array([ParsedJSON])
    case object([Member])
  }

  /// The value.
  package var kind: Kind
  /// Where the value's first character is.
  package var position: Position

  package init(_ kind: Kind, at position: Position) {
    self.kind = kind
    self.position = position
  }

  /// The JSON type of this value.
  package var typeName: TypeName {
    switch kind {
    case .null: return .null
    case .bool: return .boolean
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }

  /// The string, when this is a string.
  package var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The elements, when this is an array.
  package var arrayValue: [ParsedJSON]? {
    if case .array(let value) = kind { return value }
    return nil
  }

  /// The members in source order, when this is an object.
  package var objectValue: [Member]? {
    if case .object(let value) = kind { return value }
    return nil
  }

  /// The value as an `Int` when it is a number written as a plain integer (`1`, not `1.0`).
  package var integerValue: Int? {
    if case .number(let text) = kind { return Int(text) }
    return nil
  }

  /// The value of `key`, when this is an object that has it.
  package subscript(key: String) -> ParsedJSON? {
    objectValue?.first { $0.key == key }?.value
  }
}
