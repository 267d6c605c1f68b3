/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
///
/// Strings keep their text; data (`<0fbd…>`) is kept as its hex text, since nothing the project
/// model reads is data. Not `indirect`: arrays and dictionaries already live on the heap, and a
/// box per value (most are strings) was a malloc per token.
/// A dictionary keeps its entries in file order, unhashed: most are an object's handful of keys,
/// looked up a few times, and hashing every key of a large project was most of reading it.
package enum PropertyList: Sendable, Hashable {
  /// One `key = value;` of a dictionary.
  package struct Entry: Sendable, Hashable {
    package var key: String
    package var value: PropertyList

    package init(key: String, value: PropertyList) {
      self.key = key
      self.value = value
    }
  }

  case string(String)
  case array([PropertyList])
  case dictionary([Entry])
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

  /// The dictionary as a table (a key given twice: the last wins), when this is one. Built on
  /// each call: for the few large dictionaries (`objects`) that are looked up often.
  package var dictionary: [String: PropertyList]? {
    guard case .dictionary(let entries) = self else { return nil }
    var table: [String: PropertyList] = [:]
    table.reserveCapacity(entries.count)
    for entry in entries { table[entry.key] = entry.value }
    return table
  }

  /// The value under `key` of a dictionary (a key given twice: the last); nil for anything else.
  package subscript(key: String) -> PropertyList? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries.last { $0.key == key }?.value
  }

  /// The strings of an array, ignoring what is not a string (`( a, b, )` → `["a", "b"]`).
  package var strings: [String] {
    array?.compactMap(\.string) ?? []
  }
}
