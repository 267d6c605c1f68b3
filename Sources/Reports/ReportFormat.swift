/// The report formats `migrate-scan` writes.
package enum ReportFormat: String, Sendable, CaseIterable {
  /// For people: summary, plan as checklists, Mermaid module graph. The default on stdout.
  case markdown
  /// For machines: the versioned schema in `Sources/Reports/report.schema.json`.
  case json
  /// SARIF 2.1.0, for code scanning.
  case sarif
  /// `path:line:col: warning: message [rule-id]`, clickable in Xcode and most editors.
  case xcode
  /// GitHub Actions workflow commands (`::warning file=…::`).
  case github

  /// The format named on the command line (`--format NAME`).
  package init?(name: String) {
    switch name.lowercased() {
    case "markdown", "md": self = .markdown
    case "json": self = .json
    case "sarif": self = .sarif
    case "xcode": self = .xcode
    case "github": self = .github
    default: return nil
    }
  }

  /// The format an output file's extension implies (`--output report.sarif`).
  package init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "md", "markdown": self = .markdown
    case "json": self = .json
    case "sarif": self = .sarif
    default: return nil
    }
  }
}
