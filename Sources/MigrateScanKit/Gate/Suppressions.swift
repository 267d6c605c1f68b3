import SwiftLexer

/// Inline suppressions read from a file's comments.
///
/// Forms, each naming rule ids or category ids (comma- or space-separated, or `all`), with an
/// optional reason after `--` that the JSON report keeps:
/// ```
/// let f = Future { … }  // migrate-scan:disable-line future-task-wrapper -- bridged for the SDK
/// // migrate-scan:disable-next-line subject -- two consumers, kept
/// // migrate-scan:disable one-shot-future
/// …
/// // migrate-scan:enable one-shot-future
/// ```
/// Only real comments count: the same text in a string literal is ignored, because the lexer
/// tells comments from strings.
package struct Suppressions: Sendable {
  /// One suppression: the lines it covers, what it names, and where it was written.
  package struct Entry: Sendable, Equatable {
    package var names: [String]
    package var firstLine: Int
    package var lastLine: Int
    package var reason: String?
    /// The line of the comment, for "unused suppression" reports.
    package var line: Int
    package var column: Int
  }

  package private(set) var entries: [Entry] = []
  /// Malformed directives (an unknown verb, no rule named), as (line, message).
  package private(set) var problems: [(line: Int, message: String)] = []

  private static let prefix = Array("migrate-scan:".utf8)

  /// Suppressions already read (kept in a file's analysis after its tokens are gone).
  package init(entries: [Entry]) { self.entries = entries }

  /// Reads the directives in `stream`'s comments.
  package init(stream: TokenStream, lineIndex: LineIndex) {
    var open: [String: (line: Int, column: Int, reason: String?)] = [:]
    let lastLine = lineIndex.lineCount
    for token in stream.trivia where token.kind == .lineComment || token.kind == .blockComment {
      let bytes = stream.source[token.range]
      guard let start = Suppressions.find(Suppressions.prefix, in: bytes) else { continue }
      var text = String(decoding: bytes[(start + Suppressions.prefix.count)...], as: UTF8.self)
      if token.kind == .blockComment, text.hasSuffix("*/") { text.removeLast(2) }
      var reason: String?
      if let dashes = text.firstRange(of: "--") {
        let trimmed = text[dashes.upperBound...].trimmingSpaces()
        reason = trimmed.isEmpty ? nil : trimmed
        text = String(text[..<dashes.lowerBound])
      }
      let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
      let (line, column) = lineIndex.location(of: Int(token.start))
      guard let verb = words.first else { continue }
      let names = Array(words.dropFirst())
      if names.isEmpty {
        problems.append((line, "suppression '\(verb)' names no rule; write e.g. 'migrate-scan:\(verb) RULE-ID'"))
        continue
      }
      switch verb {
      case "disable-line":
        entries.append(Entry(names: names, firstLine: line, lastLine: line, reason: reason, line: line, column: column))
      case "disable-next-line":
        entries.append(
          Entry(names: names, firstLine: line + 1, lastLine: line + 1, reason: reason, line: line, column: column))
      case "disable":
        for name in names { open[name] = (line, column, reason) }
      case "enable":
        for name in names {
          guard let started = open.removeValue(forKey: name) else { continue }
          entries.append(
            Entry(
              names: [name], firstLine: started.line, lastLine: line, reason: started.reason, line: started.line,
              column: started.column))
        }
      default:
        problems.append((line, "unknown suppression '\(verb)'; use disable-line, disable-next-line, disable or enable"))
      }
    }
    // A `disable` with no `enable` runs to the end of the file.
    for (name, started) in open.sorted(by: { $0.key < $1.key }) {
      entries.append(
        Entry(
          names: [name], firstLine: started.line, lastLine: lastLine, reason: started.reason, line: started.line,
          column: started.column))
    }
    entries.sort {
      ($0.line, $0.column, $0.names.joined(separator: ",")) < ($1.line, $1.column, $1.names.joined(separator: ","))
    }
  }

  /// The index of the entry that suppresses a finding of `ruleID`/`category` starting on `line`.
  package func entryIndex(suppressing ruleID: String, category: String, line: Int) -> Int? {
    entries.firstIndex { entry in
      line >= entry.firstLine && line <= entry.lastLine
        && entry.names.contains { $0 == ruleID || $0 == category || $0 == "all" }
    }
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    var slice = self[...]
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
    return String(slice)
  }
}
