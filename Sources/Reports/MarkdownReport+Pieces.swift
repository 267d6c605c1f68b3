import ScanModel

/// The small pieces every section is built of: a finding's line, a blocker in words, folding.
extension MarkdownReport {
  /// Names, paths and versions shown in running text are cut to this many characters.
  static let nameLength = 120
  /// A reason, a remedy or a note is cut to this many characters: one readable line.
  static let reasonLength = 400
  /// A finding's message is cut to this many characters.
  static let messageLength = 240
  /// Paths longer than this many bytes are shown, not linked, in the summary.
  static let pathLength = 300
  /// A `--full-report-url` longer than this is not linked.
  static let urlLength = 2_000
  /// Links to lines on one file's line (inventory lists).
  static let placesPerLine = 20
  /// Blockers named per finding, and per step; the rest are counted.
  static let blockersPerFinding = 3
  static let blockersPerStep = 5
  /// Remedies printed per step (one per distinct help text).
  static let remediesPerStep = 6
  /// Lines of a step's findings shown as they are; more are folded into `<details>` (three
  /// lines of its own, worth it only for a longer list).
  static let unfoldedFindingLines = 3

  /// `[`path:line`](path#Lline) message (`rule-id`)`, plus what blocks the finding, in words.
  func findingLine(_ finding: Finding, showSeverity: Bool) -> String {
    var line =
      MarkdownText.fileLink(path: finding.file, line: finding.range.start.line, base: options.markdownLinkBase) + " "
    line += MarkdownText.inline(MarkdownText.cut(finding.message, to: Self.messageLength))
    line += " (" + MarkdownText.code(finding.ruleID) + (showSeverity ? ", \(finding.severity.rawValue)" : "") + ")"
    if !finding.blockedBy.isEmpty {
      let named = finding.blockedBy.prefix(Self.blockersPerFinding).map(blockerText)
      line += "; blocked by " + named.joined(separator: "; ")
      if finding.blockedBy.count > named.count { line += " and \(finding.blockedBy.count - named.count) more" }
    }
    return line
  }

  /// Findings as work: one line per file, a finding alone as `findingLine` gives it; several in
  /// one file as `` `path`: message (`rule`) [L12](…), [L40](…) · other message (`rule`) [L7](…) ``,
  /// findings of one rule with the same message, blockers and reasons sharing one entry. Nothing
  /// is cut: every finding keeps its link (the JSON report has the rest of each).
  ///
  /// - Parameter reasons: append each finding's reasons after it (the keep and leave-alone lists).
  func groupedFindingLines(_ findings: [Finding], reasons: Bool, indent: String = "  ") -> [String] {
    var order: [String] = []
    var byFile: [String: [Finding]] = [:]
    for finding in findings {
      if byFile[finding.file] == nil { order.append(finding.file) }
      byFile[finding.file, default: []].append(finding)
    }
    func why(_ finding: Finding) -> String {
      guard reasons, !finding.reasons.isEmpty else { return "" }
      return ": " + finding.reasons.map { reasonText($0) }.joined(separator: "; ")
    }
    return order.map { file in
      let fileFindings = byFile[file] ?? []
      if fileFindings.count == 1 {
        return indent + "- " + findingLine(fileFindings[0], showSeverity: false) + why(fileFindings[0])
      }
      // Entries in finding order, each with the lines of the findings it stands for.
      var entries: [(key: [String], first: Finding, lines: [Int])] = []
      for finding in fileFindings {
        let key = [finding.ruleID, finding.message, why(finding)] + finding.blockedBy
        if let index = entries.firstIndex(where: { $0.key == key }) {
          entries[index].lines.append(finding.range.start.line)
        } else {
          entries.append((key, finding, [finding.range.start.line]))
        }
      }
      let parts = entries.map { entry in
        var part = MarkdownText.inline(MarkdownText.cut(entry.first.message, to: Self.messageLength))
        part += " (" + MarkdownText.code(entry.first.ruleID) + ") "
        part += entry.lines.map { line in
          "[L\(line)](\(MarkdownText.fileTarget(path: file, line: line, base: options.markdownLinkBase)))"
        }.joined(separator: ", ")
        let blockers = entry.first.blockedBy
        if !blockers.isEmpty {
          let named = blockers.prefix(Self.blockersPerFinding).map(blockerText)
          part += ", blocked by " + named.joined(separator: "; ")
          if blockers.count > named.count { part += " and \(blockers.count - named.count) more" }
        }
        return part + why(entry.first)
      }
      return indent + "- " + MarkdownText.code(file) + ": " + parts.joined(separator: " · ")
    }
  }

  /// A reason or remedy: one line, cut to a readable length.
  func reasonText(_ text: String) -> String {
    MarkdownText.inline(MarkdownText.cut(text, to: Self.reasonLength))
  }

  /// What a blocker is, in words, with a link to it:
  /// - a finding's fingerprint, or a bare `path.swift:line` where a finding starts, becomes that
  ///   finding: "`$query` pipeline with time-based operators in `FeatureViewModel.init` (link)";
  /// - a bare `path.swift:line` with no finding there: "the code at (link)";
  /// - text that starts with `path.swift:line` keeps its words after the link
  ///   (`Sources/A.swift:31 — why` → what is there, or "the code at", the link, then ` — why`);
  ///   `(Search.swift:40)` inside text becomes a link.
  func blockerText(_ text: String) -> String {
    if let finding = findingsByFingerprint[text] ?? findingsByPlace[text] { return describe(finding) }
    let scalars = Array(text.unicodeScalars)
    let pieces = Self.places(in: scalars)
    if let only = pieces.first, pieces.count == 1, only.range == 0..<scalars.count {
      return "the code at " + MarkdownText.fileLink(path: only.path, line: only.line, base: options.markdownLinkBase)
    }
    func words(_ range: Range<Int>) -> String {
      var piece = ""
      piece.unicodeScalars.append(contentsOf: scalars[range])
      return MarkdownText.inline(MarkdownText.cut(piece, to: Self.reasonLength))
    }
    var result = ""
    var next = 0
    for piece in pieces {
      if next < piece.range.lowerBound { result += words(next..<piece.range.lowerBound) }
      if piece.range.lowerBound == 0 {
        // A place that starts the text is its subject: say what is there, then link it.
        result +=
          findingsByPlace["\(piece.path):\(piece.line)"].map(describe) ?? "the code at "
          + MarkdownText.fileLink(path: piece.path, line: piece.line, base: options.markdownLinkBase)
      } else if piece.path.contains("/") || findingsByPlace["\(piece.path):\(piece.line)"] != nil {
        result += MarkdownText.fileLink(path: piece.path, line: piece.line, base: options.markdownLinkBase)
      } else {
        // A bare file name (the planner's "after `Model` (Model.swift:14)") is no path from the
        // root: linked, it pointed at a file that is not there.
        result += MarkdownText.code("\(piece.path):\(piece.line)")
      }
      next = piece.range.upperBound
    }
    if next < scalars.count { result += words(next..<scalars.count) }
    return result
  }

  private func describe(_ finding: Finding) -> String {
    var text = MarkdownText.inline(MarkdownText.cut(finding.message, to: Self.messageLength))
    if let symbol = finding.symbol { text += " in " + MarkdownText.code(symbol) }
    return text + " ("
      + MarkdownText.fileLink(path: finding.file, line: finding.range.start.line, base: options.markdownLinkBase) + ")"
  }

  /// The `path.swift:line` places in `text`, in order, outside code spans, as ranges of its
  /// unicode scalars: one that starts the text and ends at a space or the end may hold spaces
  /// (`Legacy Views/A (1).swift:9 — why`) when it names a folder; any other starts after a space
  /// or `(` (`(Search.swift:40)`).
  static func places(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, path: String, line: Int)] {
    var found: [(range: Range<Int>, path: String, line: Int)] = []
    let marker = Array(".swift:".unicodeScalars)
    var backticks = 0
    var index = 0
    while index + marker.count <= scalars.count {
      if scalars[index] == "`" { backticks += 1 }
      guard scalars[index] == ".", Array(scalars[index..<index + marker.count]) == marker else {
        index += 1
        continue
      }
      let digits = index + marker.count
      var end = digits
      while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
      defer { index = max(index + 1, end) }
      guard end > digits, end - digits < 10, backticks % 2 == 0,
        end == scalars.count || !(scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]))
      else { continue }
      let floor = found.last?.range.upperBound ?? 0
      let prefix = scalars[0..<index]
      var start = index
      if found.isEmpty, end == scalars.count || scalars[end] == " ", !prefix.contains("`"),
        !prefix.contains(" ") || prefix.contains("/")
      {
        start = 0
      } else {
        while start > floor && scalars[start - 1] != " " && scalars[start - 1] != "(" { start -= 1 }
      }
      guard start < index else { continue }
      var path = ""
      path.unicodeScalars.append(contentsOf: scalars[start..<index])
      var number = 0
      for digit in scalars[digits..<end] { number = number * 10 + Int(digit.value - 48) }
      found.append((start..<end, path + ".swift", number))
    }
    return found
  }

  /// `items` joined by ", ", at most `limit` of them, then "and N <more>".
  static func cutList(_ items: [String], limit: Int, more: String) -> String {
    var text = items.prefix(limit).joined(separator: ", ")
    if items.count > limit { text += " and \(items.count - limit) \(more)" }
    return text
  }

  /// `body` as it is, or folded into `<details>` when it has more than the threshold of items.
  func fold(_ body: String, count items: Int, noun: String, indent: String = "") -> String {
    guard items > options.markdownFoldThreshold else { return body }
    return details(summary: count(items, noun), body: body, indent: indent)
  }

  // The blank lines matter: GFM parses Markdown inside `<details>` only after one.
  func details(summary: String, body: String, indent: String = "") -> String {
    "\(indent)<details>\n\(indent)<summary>\(summary)</summary>\n\n\(body)\n\n\(indent)</details>"
  }

  /// A list folded inside a list item: three lines around it, not five. GFM parses Markdown in
  /// `<details>` after the blank line; `</details>` ends the inner list (an HTML block may
  /// interrupt it), and the next item, less indented, ends the HTML block.
  func details(summary: String, lines: [String], indent: String) -> String {
    // One item needs no folding: it is one line either way.
    if lines.count == 1 { return lines[0] }
    return (["\(indent)<details><summary>\(summary)</summary>", ""] + lines + ["\(indent)</details>"])
      .joined(separator: "\n")
  }

  func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }
}
