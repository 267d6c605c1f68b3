import RuleEngine

extension CommandLineTool {
  /// `migrate-scan rules`: one line per rule, aligned: id, category, severity, how it matches.
  static func runRules(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let catalog = try ScanSession.loadCatalog(invocation: invocation, configuration: Configuration())
    let width = catalog.rules.map(\.id.count).max() ?? 0
    let categoryWidth = catalog.rules.map(\.category.rawValue.count).max() ?? 0
    for rule in catalog.rules {
      let how = rule.detector.map { "detector \($0)" } ?? "pattern"
      io.outLine(
        pad(rule.id, width) + "  " + pad(rule.category.rawValue, categoryWidth) + "  "
          + pad(rule.severity.rawValue, 7) + "  " + how)
    }
    return .success
  }

  /// `migrate-scan explain RULE-ID`: message, help, defaults and the example.
  static func runExplain(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    let id = invocation.arguments[0]
    guard let rule = catalog.rule(id: id) else {
      throw .unknownRule(id, suggestion: Suggestion.closest(to: id, in: catalog.rules.map(\.id)))
    }
    var text = "\(rule.id) (\(rule.category.rawValue), \(rule.severity.rawValue))\n\n"
    text += rule.message + "\n\n"
    text += "What to do: " + rule.help + "\n"
    if let detector = rule.detector { text += "\nFound by the '\(detector)' detector.\n" }
    if let example = rule.example {
      text += "\nBefore:\n" + indent(example.before) + "\nAfter:\n" + indent(example.after)
    }
    io.out(text)
    return .success
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
  }
}
