import Foundation
import MigrateScanTestSupport
import Reports
import Testing

/// The JSON report against our schema, the SARIF log against the official SARIF 2.1.0 schema.
@Suite struct SchemaValidationTests {
  static let reportSchema = FixturePaths.packageRoot.appendingPathComponent("Sources/Reports/report.schema.json")
  static let sarifSchema = FixturePaths.fixture("schemas/sarif-schema-2.1.0.json")

  @Test func jsonReportMatchesItsSchema() {
    for report in [SampleReports.full, SampleReports.empty] {
      let json = ReportWriter.render(report, format: .json, options: RenderOptions())
      #expect(SchemaValidator.problems(in: json, schema: Self.reportSchema) == nil)
    }
  }

  @Test func jsonGoldensMatchTheSchema() throws {
    for name in ["report.json", "empty.json"] {
      let json = try String(contentsOf: FixturePaths.fixture("reports/\(name)"), encoding: .utf8)
      #expect(SchemaValidator.problems(in: json, schema: Self.reportSchema) == nil, "\(name)")
    }
  }

  @Test func sarifLogMatchesTheSARIFSchema() throws {
    let sarif = ReportWriter.render(SampleReports.full, format: .sarif, options: RenderOptions())
    #expect(SchemaValidator.problems(in: sarif, schema: Self.sarifSchema) == nil)
    let golden = try String(contentsOf: FixturePaths.fixture("reports/report.sarif"), encoding: .utf8)
    #expect(SchemaValidator.problems(in: golden, schema: Self.sarifSchema) == nil)
  }

  /// The validator must be able to say no, or the tests above prove nothing.
  @Test func schemaRejectsAMissingField() {
    let json = ReportWriter.render(SampleReports.full, format: .json, options: RenderOptions())
      .replacingOccurrences(of: "\"schemaVersion\": 3,", with: "")
    let problems = SchemaValidator.problems(in: json, schema: Self.reportSchema)
    #expect(problems?.contains("schemaVersion") == true, "\(problems ?? "accepted")")
  }

  @Test func schemaRejectsAnUnknownDisposition() {
    let json = ReportWriter.render(SampleReports.full, format: .json, options: RenderOptions())
      .replacingOccurrences(of: "\"disposition\": \"keep\"", with: "\"disposition\": \"maybe\"")
    #expect(SchemaValidator.problems(in: json, schema: Self.reportSchema) != nil)
  }
}

/// The schema is the format's documentation, so every field in it must say what it means.
@Suite struct SchemaDocumentationTests {
  @Test func everyPropertyHasADescription() throws {
    let data = try Data(contentsOf: SchemaValidationTests.reportSchema)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let definitions = root["$defs"] as? [String: Any] ?? [:]
    var undocumented: [String] = []
    func visit(_ node: Any, path: String) {
      if let object = node as? [String: Any] {
        if let properties = object["properties"] as? [String: Any] {
          for (name, schema) in properties {
            let schema = schema as? [String: Any] ?? [:]
            var documented = schema["description"] != nil
            if !documented, let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") {
              let target = definitions[String(ref.dropFirst("#/$defs/".count))] as? [String: Any]
              documented = target?["description"] != nil
            }
            if !documented { undocumented.append("\(path)/\(name)") }
          }
        }
        for (key, value) in object { visit(value, path: "\(path)/\(key)") }
      } else if let array = node as? [Any] {
        for value in array { visit(value, path: path) }
      }
    }
    visit(root, path: "")
    #expect(undocumented.sorted() == [])
  }
}
