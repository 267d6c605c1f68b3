import ScanModel

/// The `github` format: GitHub Actions workflow commands that annotate the changed lines.
///
/// `::warning file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`, one per finding, then
/// one plain summary line. GitHub shows at most 10 error, 10 warning and 10 notice annotations
/// per step (and 50 per job) and drops the rest without a word (actions/toolkit,
/// docs/problem-matchers.md, "Limitations"), so at most `annotationLimit` of each severity are
/// written, and the summary line says how many were left out and where to see them all.
/// Suppressed findings are not annotated.
///
/// Escaping follows the Actions runner: in the message `%`, `\r`, `\n` become `%25`, `%0D`,
/// `%0A`; in property values `:` and `,` are escaped too (`%3A`, `%2C`), since they separate
/// properties.
package enum GitHubReport {
  /// The annotations and the summary line.
  ///
  /// - Parameters:
  ///   - report: the report; its findings are in report order.
  ///   - annotationLimit: the most annotations to write of each severity (negative counts as 0).
  ///   - pathPrefix: put before each path (`RenderOptions.repositoryPathPrefix`).
  package static func render(_ report: ScanReport, annotationLimit: Int, pathPrefix: String = "") -> String {
    let limit = max(0, annotationLimit)
    let active = report.findings.filter { $0.suppression == nil }
    // The first `limit` of each severity, in report order, so the log reads file by file.
    var written: [Severity: Int] = [:]
    var output = ""
    for finding in active where written[finding.severity, default: 0] < limit {
      written[finding.severity, default: 0] += 1
      output.append(annotation(for: finding, pathPrefix: pathPrefix))
      output.append("\n")
    }
    let annotated = written.values.reduce(0, +)
    let left = active.count - annotated
    var summary =
      "migrate-scan: \(active.count) \(active.count == 1 ? "finding" : "findings"), \(annotated) annotated"
    if left > 0 {
      summary +=
        ", \(left) not annotated (GitHub shows \(limit) of each severity per step; "
        + "the SARIF or Markdown report has them all)"
    }
    output.append(summary + "\n")
    return output
  }

  /// The workflow command for `finding`, without the newline.
  package static func annotation(for finding: Finding, pathPrefix: String = "") -> String {
    let range = finding.range
    // GitHub counts columns in characters; scalars are the closest we have.
    let properties = [
      "file=" + escapeProperty(finding.file.hasPrefix("/") ? finding.file : pathPrefix + finding.file),
      "line=\(range.start.line)",
      "col=\(range.start.scalarColumn)",
      "endLine=\(range.end.line)",
      "endColumn=\(range.end.scalarColumn)",
      "title=" + escapeProperty("\(finding.ruleID) (\(finding.disposition.rawValue))"),
    ]
    let message = finding.help.isEmpty ? finding.message : finding.message + "\n" + finding.help
    return "::\(command(for: finding.severity)) \(properties.joined(separator: ","))::\(escapeData(message))"
  }

  /// A message escaped as the runner expects (`%`, CR and LF).
  package static func escapeData(_ text: String) -> String { escape(text, property: false) }

  /// A property value escaped as the runner expects (`%`, CR, LF, `:` and `,`).
  package static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

  /// A property value also escapes `:` and `,`, which separate properties.
  private static func escape(_ text: String, property: Bool) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": output.append("%25")
      case "\r": output.append("%0D")
      case "\n": output.append("%0A")
      case ":" where property: output.append("%3A")
      case "," where property: output.append("%2C")
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func command(for severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "notice"
    }
  }
}
