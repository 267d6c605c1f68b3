/// Reads `.xcconfig` files: `KEY = value` lines, `// comments`, and `#include "other.xcconfig"`
/// (or `#include?`) relative to the including file. Text only; nothing is run.
///
/// A later assignment wins, and its `$(inherited)` stands for the value before it, so a chain of
/// includes layers as Xcode layers it. Conditional assignments (`KEY[sdk=iphoneos*] = …`) are
/// left out: which SDK builds is not known, and a guess would be worse than nothing.
struct XCConfigReader {
  /// Every `.xcconfig` of the tree by root-relative path.
  let files: [String: [UInt8]]
  /// Includes that could not be followed, as text for people.
  var warnings: [String] = []
  /// Files on the current include chain: a file including itself stops there.
  private var chain: Set<String> = []

  /// Includes deeper than this are not followed (real projects nest two or three).
  static let maximumDepth = 16

  init(files: [String: [UInt8]]) {
    self.files = files
  }

  /// The settings of `path`, whose bytes are `bytes`, with its includes followed.
  mutating func read(_ path: String, bytes: [UInt8]) -> [String: String] {
    var values: [String: String] = [:]
    read(path, bytes: bytes, into: &values, depth: 0)
    return values
  }

  private mutating func read(_ path: String, bytes: [UInt8], into values: inout [String: String], depth: Int) {
    guard depth < Self.maximumDepth, chain.insert(path).inserted else {
      warnings.append("\(path): includes itself or nests more than \(Self.maximumDepth) deep; not followed further")
      return
    }
    defer { chain.remove(path) }
    // On bytes, line by line: Strings only for what a line holds. Character-level splitting and
    // searching were most of reading a project with a dozen `.xcconfig` files.
    var number = 0
    var lineStart = 0
    while lineStart <= bytes.count {
      number += 1
      var lineEnd = lineStart
      while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      var end = lineEnd
      var index = lineStart
      while index + 1 < end {
        if bytes[index] == 0x2F && bytes[index + 1] == 0x2F {
          end = index
          break
        }
        index += 1
      }
      let trimmed = Self.trimmed(bytes[lineStart..<end])
      guard !trimmed.isEmpty else { continue }
      if trimmed.starts(with: Self.includeDirective) {
        let optional = trimmed.starts(with: Self.optionalIncludeDirective)
        let name = String(decoding: Self.trimmed(trimmed.dropFirst(optional ? 9 : 8)), as: UTF8.self).trimmingSpaces
        // `<…>` names a file in the SDK or Xcode, never in the tree.
        guard !name.isEmpty, !name.hasPrefix("<") else { continue }
        let included = RelativePath.join(RelativePath.directory(of: path), name)
        if let other = files[included] {
          read(included, bytes: other, into: &values, depth: depth + 1)
        } else if !optional {
          warnings.append("\(path): line \(number): `#include \"\(name)\"` is not in the scanned tree")
        }
        continue
      }
      guard let equal = trimmed.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let keyBytes = Self.trimmed(trimmed[..<equal])
      guard !keyBytes.isEmpty, !keyBytes.contains(UInt8(ascii: "[")), !keyBytes.contains(0x20) else { continue }
      let key = String(decoding: keyBytes, as: UTF8.self)
      var valueBytes = Self.trimmed(trimmed[(equal + 1)...])
      if valueBytes.last == UInt8(ascii: ";") { valueBytes = valueBytes.dropLast() }
      // Assigned in place: layering the line over a copy of everything read so far made a long
      // file quadratic.
      values[key] = Self.layered(String(decoding: valueBytes, as: UTF8.self).trimmingSpaces, over: values[key])
    }
  }

  private static let includeDirective = Array("#include".utf8)
  private static let optionalIncludeDirective = Array("#include?".utf8)

  /// The bytes without leading and trailing spaces, tabs and carriage returns.
  private static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = slice
    while let first = slice.first, first == 0x20 || first == 0x09 || first == 0x0D { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0D { slice = slice.dropLast() }
    return slice
  }

  /// `value` over `below`, the value of the same key one level down: its `$(inherited)` (or
  /// `${inherited}`) becomes `below`; with nothing below, it is dropped from a list, and a single
  /// value keeps its text so it is reported, not guessed.
  static func layered(_ value: String, over below: String?) -> String {
    // A byte test first: most values hold no variable, and `contains` on characters was the
    // larger part of reading a project's settings.
    guard value.utf8.contains(UInt8(ascii: "$")), value.contains("inherited") else { return value }
    if let below {
      return value.replacing("$(inherited)", with: below).replacing("${inherited}", with: below).trimmingSpaces
    }
    let rest = value.replacing("$(inherited)", with: "").replacing("${inherited}", with: "").trimmingSpaces
    return rest.isEmpty ? value : rest
  }

  /// `upper` over `lower`: each `$(inherited)` (or `${inherited}`) in `upper` becomes the value
  /// in `lower`; where `lower` has none, it stays, and the setting reads as unresolved.
  static func layer(_ upper: [String: String], over lower: [String: String]) -> [String: String] {
    var result = lower
    for (key, value) in upper { result[key] = layered(value, over: lower[key]) }
    return result
  }

  /// Replaces `$(NAME)` and `${NAME}` by the value of `NAME` where it is known and holds no
  /// variable itself (one level, as the settings the plan reads are rarely built deeper), in the
  /// settings `isRead` names (the others keep their text; every setting is a source).
  static func resolveVariables(_ values: [String: String], only isRead: (String) -> Bool = { _ in true })
    -> [String: String]
  {
    var result = values
    for (key, value) in values where value.utf8.contains(UInt8(ascii: "$")) && isRead(key) {
      var text = value
      for (open, close) in [("$(", ")"), ("${", "}")] {
        while let start = text.firstRange(of: open), let end = text[start.upperBound...].firstRange(of: close) {
          let name = String(text[start.upperBound..<end.lowerBound])
          guard let replacement = values[name], !replacement.contains("$"), name != key else { break }
          text.replaceSubrange(start.lowerBound..<end.upperBound, with: replacement)
        }
      }
      result[key] = text
    }
    return result
  }
}
