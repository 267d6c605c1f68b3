import Reports
import RuleEngine
import ScanModel

extension CommandLineTool {
  /// `migrate-scan rules`: a header, then one line per rule, aligned: id, category, severity,
  /// how it matches. `--format json`: the same as an array of objects, for scripts.
  static func runRules(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let catalog = try ScanSession.loadCatalog(invocation: invocation, configuration: Configuration())
    if invocation.format == .json {
      let rules: [JSONValue] = catalog.rules.map { rule in
        .object([
          JSONMember("id", .string(rule.id)),
          JSONMember("category", .string(rule.category.rawValue)),
          JSONMember("severity", .string(rule.severity.rawValue)),
          JSONMember("matchedBy", .string(rule.detector.map { "detector \($0)" } ?? "pattern")),
          JSONMember("message", .string(rule.message)),
        ])
      }
      io.out(JSONWriter.write(.array(rules)))
      return .success
    }
    let header = (id: "ID", category: "CATEGORY", severity: "SEVERITY", how: "MATCHED BY")
    let width = max(header.id.count, catalog.rules.map(\.id.count).max() ?? 0)
    let categoryWidth = max(header.category.count, catalog.rules.map(\.category.rawValue.count).max() ?? 0)
    io.outLine(
      pad(header.id, width) + "  " + pad(header.category, categoryWidth) + "  " + pad(header.severity, 8) + "  "
        + header.how)
    for rule in catalog.rules {
      let how = rule.detector.map { "detector \($0)" } ?? "pattern"
      io.outLine(
        pad(rule.id, width) + "  " + pad(rule.category.rawValue, categoryWidth) + "  "
          + pad(rule.severity.rawValue, 8) + "  " + how)
    }
    return .success
  }

  /// `migrate-scan explain ID`: a rule's message, help, defaults and example; for a category id,
  /// the category's rules, each with its message.
  static func runExplain(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    let id = invocation.arguments[0]
    guard let rule = catalog.rule(id: id) else {
      if let category = CategoryID(rawValue: id) {
        let rules = catalog.rules.filter { $0.category == category }
        var text = "\(category.rawValue): \(rules.count) \(rules.count == 1 ? "rule" : "rules")"
        text += " ('migrate-scan explain RULE-ID' explains one)\n\n"
        for rule in rules { text += "  \(rule.id) (\(rule.severity.rawValue)): \(rule.message)\n" }
        io.out(text)
        return .success
      }
      let names = catalog.rules.map(\.id) + CategoryID.allCases.map(\.rawValue)
      throw .unknownRule(id, suggestion: Suggestion.closest(to: id, in: names))
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
