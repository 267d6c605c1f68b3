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
    // Works on UTF-8 bytes: every character it acts on is ASCII, and no byte of a multi-byte
    // character is ASCII, so byte and scalar indices agree wherever a decision is made.
    var text = TextSanitizer.singleLine(text)
    return text.withUTF8 { bytes -> String in
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count + 8)
      // `1.` opens a list only when every byte before the `.` is an ASCII digit.
      var leadingDigits = 0
      while leadingDigits < bytes.count && isDigit(bytes[leadingDigits]) { leadingDigits += 1 }
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == backtick {
          let run = runLength(in: bytes, from: index)
          if let close = closingRun(of: run, in: bytes, after: index + run) {
            for inner in bytes[index..<close + run] {
              if inTable && inner == UInt8(ascii: "|") { output.append(UInt8(ascii: "\\")) }
              output.append(inner)
            }
            index = close + run
          } else {
            for _ in 0..<run {
              output.append(UInt8(ascii: "\\"))
              output.append(backtick)
            }
            index += run
          }
          continue
        }
        if needsEscape(byte) || (index == 0 && startsBlock(byte))
          || (index > 0 && index == leadingDigits && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")))
        {
          output.append(UInt8(ascii: "\\"))
        }
        output.append(byte)
        index += 1
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// `text` as one code span, whatever backticks it holds: the fence is one backtick longer than
  /// its longest backtick run, and a space pads content that starts or ends with a backtick.
  package static func code(_ text: String, inTable: Bool = false) -> String {
    var text = TextSanitizer.singleLine(text)
    return text.withUTF8 { bytes -> String in
      var longest = 0
      var index = 0
      while index < bytes.count {
        let run = runLength(in: bytes, from: index)
        longest = max(longest, run)
        index += max(run, 1)
      }
      // First and last bytes stand for the first and last characters here: a backtick or a
      // space is one byte, and never part of a longer character.
      let needsPadding =
        bytes.first == backtick || bytes.last == backtick
        || (bytes.first == UInt8(ascii: " ") && bytes.last == UInt8(ascii: " "))
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count + 2 * longest + 6)
      for _ in 0...longest { output.append(backtick) }
      if needsPadding { output.append(UInt8(ascii: " ")) }
      for byte in bytes {
        if inTable && byte == UInt8(ascii: "|") { output.append(UInt8(ascii: "\\")) }
        output.append(byte)
      }
      if needsPadding { output.append(UInt8(ascii: " ")) }
      for _ in 0...longest { output.append(backtick) }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// `text` cut to at most `limit` characters, at a space when there is one in the last fifth,
  /// ending in `…`; a code span the cut leaves open is closed, so the rest of the line does not
  /// turn into code. Text that fits comes back as it is.
  package static func cut(_ text: String, to limit: Int) -> String {
    guard text.count > limit, limit > 1 else { return text }
    var kept = String(text.prefix(limit - 1))
    if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) >= limit * 4 / 5 {
      kept = String(kept[..<space])
    }
    // An odd number of backticks: the last span is open.
    if kept.utf8.count(where: { $0 == backtick }) % 2 == 1 { kept += "`" }
    return kept + "…"
  }

  /// A link to `line` of `path` (relative to the scanned root), shown as `` `path:line` ``, with
  /// the target percent-encoded and GitHub's `#L<line>` anchor.
  ///
  /// - Parameter base: put before the link's target only (`RenderOptions.markdownLinkBase`).
  package static func fileLink(path: String, line: Int, base: String = "") -> String {
    "[\(code("\(path):\(line)"))](\(fileTarget(path: path, line: line, base: base)))"
  }

  /// The target of `fileLink`: the percent-encoded path and GitHub's `#L<line>` anchor.
  package static func fileTarget(path: String, line: Int, base: String = "") -> String {
    "\(URIEncoding.encodePath(base + path))#L\(line)"
  }

  /// A URL given by the user as a link target: spaces, `<`, `>`, parentheses and control
  /// characters percent-encoded, so it cannot end the link early or open HTML.
  package static func linkTarget(_ url: String) -> String {
    var output = ""
    for scalar in url.unicodeScalars {
      switch scalar {
      case " ", "<", ">", "(", ")", "\"", "`":
        output += "%" + String(scalar.value, radix: 16, uppercase: true)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          output += "%" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  // MARK: - Helpers

  private static let backtick = UInt8(ascii: "`")

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "|"):
      return true
    default: return false
    }
  }

  // `#`, `-`, `+`, `=` at the very start would open a heading, a list or a setext underline.
  private static func startsBlock(_ first: UInt8) -> Bool {
    first == UInt8(ascii: "#") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=")
  }

  private static func runLength(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var end = start
    while end < bytes.count && bytes[end] == backtick { end += 1 }
    return end - start
  }

  // The start of the next run of exactly `length` backticks at or after `start` (CommonMark's
  // rule for closing a code span), or `nil` when the span never closes.
  private static func closingRun(of length: Int, in bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      guard bytes[index] == backtick else {
        index += 1
        continue
      }
      let run = runLength(in: bytes, from: index)
      if run == length { return index }
      index += run
    }
    return nil
  }
}
