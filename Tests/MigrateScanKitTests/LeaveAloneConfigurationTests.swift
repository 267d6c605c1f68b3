import MigrateScanKit
import Testing

/// `leaveAlone` in `.migrate-scan.json`: whole numbers only, known keys only, each mistake named
/// at its line and column; the old `leaveAloneLines` still works and says what replaces it.
@Suite struct LeaveAloneConfigurationTests {
  static func parse(_ text: String) throws(CLIError) -> Configuration {
    try Configuration.parse(Array(text.utf8), path: ".migrate-scan.json", folder: ".")
  }

  static func message(_ text: String) -> String {
    do {
      _ = try parse(text)
      return ""
    } catch {
      return error.description
    }
  }

  @Test func readsTheThresholds() throws {
    let configuration = try Self.parse(#"{"leaveAlone": {"lines": 250, "operators": 0, "unchangedMonths": 6}}"#)
    #expect(configuration.leaveAloneLines == 250)
    #expect(configuration.leaveAloneOperators == 0)
    #expect(configuration.leaveAloneUnchangedMonths == 6)
    #expect(configuration.warnings.isEmpty)
  }

  @Test(arguments: [
    (#"{"leaveAlone": {"lines": 0}}"#, "1:26: 'leaveAlone.lines' must be a whole number of 1 or more"),
    (#"{"leaveAlone": {"lines": -40}}"#, "1:26: 'leaveAlone.lines' must be a whole number of 1 or more"),
    (#"{"leaveAlone": {"operators": 2.5}}"#, "1:30: 'leaveAlone.operators' must be a whole number of 0 or more"),
    (#"{"leaveAlone": {"unchangedMonths": "12"}}"#, "'leaveAlone.unchangedMonths' must be a whole number of 0 or more"),
    (
      #"{"leaveAlone": {"unchangedMonth": 12}}"#,
      "1:17: unknown key 'leaveAlone.unchangedMonth'; did you mean 'unchangedMonths'?"
    ),
    (#"{"leaveAlone": 400}"#, "1:16: 'leaveAlone' must be an object"),
    (#"{"leaveAlon": {}}"#, "unknown key 'leaveAlon'; did you mean 'leaveAlone'?"),
    (#"{"leaveAloneLines": 0}"#, "'leaveAloneLines' must be a whole number above 0"),
    (
      #"{"leaveAloneLines": 300, "leaveAlone": {"lines": 400}}"#,
      "'leaveAloneLines' and 'leaveAlone.lines' both set the same threshold; keep 'leaveAlone.lines'"
    ),
  ])
  func invalidValuesAreRejectedWithWhereAndWhat(text: String, expected: String) {
    let message = Self.message(text)
    #expect(message.contains(expected), "\(message)")
    #expect(message.hasPrefix("configuration .migrate-scan.json:1:"), "\(message)")
  }

  @Test func theOldKeyStillSetsTheLinesWithAWarning() throws {
    let configuration = try Self.parse(#"{"leaveAloneLines": 800, "leaveAlone": {"operators": 2}}"#)
    #expect(configuration.leaveAloneLines == 800)
    #expect(configuration.leaveAloneOperators == 2)
    #expect(configuration.warnings.count == 1)
    #expect(configuration.warnings[0].hasPrefix("configuration .migrate-scan.json:1:21: warning: 'leaveAloneLines'"))
  }
}
