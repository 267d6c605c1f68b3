/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
///
/// Strings keep their text; data (`<0fbd…>`) is kept as its hex text, since nothing the project
/// model reads is data.
package indirect enum PropertyList: Sendable, Hashable {
  case string(String)
  case array([PropertyList])
  case dictionary([String: PropertyList])
  case data(String)

  /// The string, when this is one.
  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The array, when this is one.
  package var array: [PropertyList]? {
    if case .array(let items) = self { return items }
    return nil
  }

  /// The dictionary, when this is one.
  package var dictionary: [String: PropertyList]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }

  /// The value under `key` of a dictionary; nil for anything else.
  package subscript(key: String) -> PropertyList? {
    dictionary?[key]
  }

  /// The strings of an array, ignoring what is not a string (`( a, b, )` → `["a", "b"]`).
  package var strings: [String] {
    array?.compactMap(\.string) ?? []
  }
}
