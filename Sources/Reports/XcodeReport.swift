import ScanModel

/// The `xcode` format: one `path:line:col: severity: message [rule-id]` line per finding.
///
/// This is the diagnostic shape Xcode, `swift build`, editors and CI log parsers recognise, so
/// the output holds nothing else: no header, no summary. Suppressed findings are left out (as
/// compilers leave out silenced warnings). Columns are UTF-8 byte columns, as compilers count.
package enum XcodeReport {
  /// One line per unsuppressed finding, in report order; empty when there is none.
  ///
  /// - Parameter base: put before each path (`RenderOptions.xcodePathBase`).
  package static func render(_ report: ScanReport, base: String = "") -> String {
    var output = ""
    for finding in report.findings where finding.suppression == nil {
      output.append(line(for: finding, base: base))
      output.append("\n")
    }
    return output
  }

  /// The diagnostic line for `finding`, without the newline.
  package static func line(for finding: Finding, base: String = "") -> String {
    let start = finding.range.start
    // A line break in a path or message would start a new, unparseable diagnostic.
    let path = TextSanitizer.singleLine(finding.file.hasPrefix("/") ? finding.file : base + finding.file)
    let message = TextSanitizer.singleLine(finding.message)
    // CI runners read this output too: the line must not be a workflow command.
    return TextSanitizer.humanLine(
      "\(path):\(start.line):\(start.column): \(finding.severity.rawValue): \(message) [\(finding.ruleID)]")
  }
}
