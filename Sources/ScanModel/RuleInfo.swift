/// What reports need to know about a rule (SARIF `tool.driver.rules`, `explain`).
package struct RuleInfo: Sendable, Codable, Hashable {
  package var id: String
  package var category: CategoryID
  package var severity: Severity
  package var message: String
  package var help: String

  package init(id: String, category: CategoryID, severity: Severity, message: String, help: String) {
    self.id = id
    self.category = category
    self.severity = severity
    self.message = message
    self.help = help
  }
}
