/// Escaping for the Markdown report: text from findings and paths must render as written, both
/// on GitHub (GFM) and when the file is read as plain text.
package enum MarkdownText {
  /// Running text (a message, a reason, a note) made safe for one line of Markdown.
  ///
  /// Balanced code spans are kept, because messages put code in backticks by convention
  /// (`` `Future` whose closure starts a `Task` ``); outside them, characters Markdown would act
  /// on (`\ * _ [ ] < > ~ & |` and an unmatched backtick) get a backslash, and a leading `#`,
  /// `-`, `+`, `=` or `1.` is escaped so a note cannot turn into a heading or a list. Line
  /// breaks become spaces, since a finding is one list item.
  ///
  /// - Parameters:
  ///   - text: the raw text.
  ///   - inTable: escape `|` inside code spans too; GFM splits table cells on a pipe before it
  ///     parses code spans.
  package static func inline(_ text: String, inTable: Bool = false) -> String {
    let scalars = Array(TextSanitizer.singleLine(text).unicodeScalars)
    var output = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "`" {
        let run = runLength(of: "`", in: scalars, from: index)
        if let close = closingRun(of: run, in: scalars, after: index + run) {
          for inner in scalars[index..<close + run] {
            if inTable && inner == "|" { output.append("\\") }
            output.unicodeScalars.append(inner)
          }
          index = close + run
        } else {
          output.append(String(repeating: "\\`", count: run))
          index += run
        }
        continue
      }
      if needsEscape(scalar) || (index == 0 && startsBlock(scalars)) || isOrderedListMarker(scalars, at: index) {
        output.append("\\")
      }
      output.unicodeScalars.append(scalar)
      index += 1
    }
    return output
  }

  /// `text` as one code span, whatever backticks it holds: the fence is one backtick longer than
  /// its longest backtick run, and a space pads content that starts or ends with a backtick.
  package static func code(_ text: String, inTable: Bool = false) -> String {
    let scalars = Array(TextSanitizer.singleLine(text).unicodeScalars)
    var longest = 0
    var index = 0
    while index < scalars.count {
      let run = runLength(of: "`", in: scalars, from: index)
      longest = max(longest, run)
      index += max(run, 1)
    }
    var content = ""
    for scalar in scalars {
      if inTable && scalar == "|" { content.append("\\") }
      content.unicodeScalars.append(scalar)
    }
    let needsPadding = scalars.first == "`" || scalars.last == "`" || (scalars.first == " " && scalars.last == " ")
    if needsPadding { content = " " + content + " " }
    let fence = String(repeating: "`", count: longest + 1)
    return fence + content + fence
  }

  /// A link to `line` of `path` (relative to the scanned root), shown as `` `path:line` ``, with
  /// the target percent-encoded and GitHub's `#L<line>` anchor.
  package static func fileLink(path: String, line: Int) -> String {
    "[\(code("\(path):\(line)"))](\(URIEncoding.encodePath(path))#L\(line))"
  }

  // MARK: - Helpers

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\\", "*", "_", "[", "]", "<", ">", "~", "&", "|": return true
    default: return false
    }
  }

  // `#`, `-`, `+`, `=` at the very start would open a heading, a list or a setext underline.
  private static func startsBlock(_ scalars: [Unicode.Scalar]) -> Bool {
    guard let first = scalars.first else { return false }
    return first == "#" || first == "-" || first == "+" || first == "="
  }

  // `1.` or `1)` at the start opens an ordered list: escape its punctuation (`1\.`).
  private static func isOrderedListMarker(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index > 0, scalars[index] == "." || scalars[index] == ")" else { return false }
    return scalars[..<index].allSatisfy { $0.properties.numericType != nil && $0.isASCII }
  }

  private static func runLength(of mark: Unicode.Scalar, in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var end = start
    while end < scalars.count && scalars[end] == mark { end += 1 }
    return end - start
  }

  // The start of the next run of exactly `length` backticks at or after `start` (CommonMark's
  // rule for closing a code span), or `nil` when the span never closes.
  private static func closingRun(of length: Int, in scalars: [Unicode.Scalar], after start: Int) -> Int? {
    var index = start
    while index < scalars.count {
      guard scalars[index] == "`" else {
        index += 1
        continue
      }
      let run = runLength(of: "`", in: scalars, from: index)
      if run == length { return index }
      index += run
    }
    return nil
  }
}
