import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import RuleEngine
import ScanModel
import Testing

/// One fixture per rule (and case): `Fixtures/rules/<rule-id>[.<case>].swift` scanned by the
/// production `Scanner` with only that rule on, compared with `<same name>.expected`.
///
/// Expected lines pin what matched, not the message: `line:col-line:col rule-id  source text`
/// (the matched text's first line). Record with `MIGRATE_SCAN_RECORD=1`, which fails on purpose.
@Suite struct RuleFixtureTests {
  static let cases: [String] = FixturePaths.files(under: FixturePaths.fixture("rules"), suffix: ".swift")
    .map(\.lastPathComponent)

  @Test(arguments: cases)
  func fixtureMatchesExpected(_ name: String) throws {
    let ruleID = String(name.prefix { $0 != "." })
    let url = FixturePaths.fixture("rules/\(name)")
    let bytes = try [UInt8](Data(contentsOf: url))
    let catalog = try RuleFixtures.catalog().only([ruleID])
    let scanner = Scanner(catalog: catalog)
    let analysis = scanner.analyze(path: name, bytes: bytes)
    let outcome = scanner.finish([analysis], moduleMap: .init(), planBuilder: PlanBuilder())
    let actual = RuleFixtures.render(outcome.findings, source: bytes)
    let expected = url.deletingPathExtension().appendingPathExtension("expected")
    if let failure = Golden.compare(actual, with: expected).failureMessage { Issue.record("\(name): \(failure)") }
  }
}

/// Shared by the fixture and consistency tests.
enum RuleFixtures {
  /// The catalogue built into the binary (the top-level rules.json).
  static func catalog() throws -> RuleCatalog {
    let invocation = Invocation()
    return try ScanSession.loadCatalog(invocation: invocation, configuration: Configuration())
  }

  /// One line per finding, in report order.
  static func render(_ findings: [Finding], source: [UInt8]) -> String {
    let lines = source.split(separator: 0x0A, omittingEmptySubsequences: false)
    var out = ""
    for finding in findings {
      let start = finding.range.start
      let end = finding.range.end
      var text = ""
      if start.line - 1 < lines.count {
        let line = lines[start.line - 1]
        let from = line.startIndex + min(start.column - 1, line.count)
        let to = start.line == end.line ? line.startIndex + min(end.column - 1, line.count) : line.endIndex
        text = String(decoding: line[from..<max(from, to)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
      }
      out += "\(start.line):\(start.column)-\(end.line):\(end.column) \(finding.ruleID)  \(text)"
      // The model a view use site holds: the plan's step it joins.
      if let unit = finding.unit { out += "  [unit \(unit)]" }
      if finding.suppression != nil { out += "  [suppressed]" }
      out += "\n"
    }
    return out
  }
}
