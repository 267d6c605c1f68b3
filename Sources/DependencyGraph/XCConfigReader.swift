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
    let text = String(decoding: bytes, as: UTF8.self)
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = Substring(rawLine)
      if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
      let trimmed = String(line).trimmingSpaces
      if trimmed.hasPrefix("#include") {
        let optional = trimmed.hasPrefix("#include?")
        let name = String(trimmed.dropFirst(optional ? 9 : 8)).trimmingSpaces
        // `<…>` names a file in the SDK or Xcode, never in the tree.
        guard !name.isEmpty, !name.hasPrefix("<") else { continue }
        let included = RelativePath.join(RelativePath.directory(of: path), name)
        if let other = files[included] {
          read(included, bytes: other, into: &values, depth: depth + 1)
        } else if !optional {
          warnings.append("\(path): line \(number + 1): `#include \"\(name)\"` is not in the scanned tree")
        }
        continue
      }
      guard let equal = trimmed.firstIndex(of: "=") else { continue }
      let key = String(trimmed[..<equal]).trimmingSpaces
      guard !key.isEmpty, !key.contains("["), !key.contains(" ") else { continue }
      let value = String(trimmed[trimmed.index(after: equal)...]).trimmingSpaces
      values = Self.layer([key: value.hasSuffix(";") ? String(value.dropLast()) : value], over: values)
    }
  }

  /// `upper` over `lower`: each `$(inherited)` (or `${inherited}`) in `upper` becomes the value
  /// in `lower`; where `lower` has none, it stays, and the setting reads as unresolved.
  static func layer(_ upper: [String: String], over lower: [String: String]) -> [String: String] {
    var result = lower
    for (key, value) in upper {
      // A byte test first: most values hold no variable, and `contains` on characters was the
      // larger part of reading a project's settings.
      guard value.utf8.contains(UInt8(ascii: "$")), value.contains("inherited") else {
        result[key] = value
        continue
      }
      if let below = lower[key] {
        result[key] =
          value.replacing("$(inherited)", with: below).replacing("${inherited}", with: below)
          .trimmingSpaces
      } else {
        // Nothing below: Xcode's own default, which is not known here. A list setting loses
        // nothing by dropping it; a single value keeps the text so it is reported, not guessed.
        let rest = value.replacing("$(inherited)", with: "").replacing("${inherited}", with: "").trimmingSpaces
        result[key] = rest.isEmpty ? value : rest
      }
    }
    return result
  }

  /// Replaces `$(NAME)` and `${NAME}` by the value of `NAME` where it is known and holds no
  /// variable itself (one level, as the settings the plan reads are rarely built deeper).
  static func resolveVariables(_ values: [String: String]) -> [String: String] {
    var result = values
    for (key, value) in values where value.utf8.contains(UInt8(ascii: "$")) {
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
