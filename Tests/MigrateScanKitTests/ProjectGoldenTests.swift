import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// End to end: every project under `Fixtures/projects/` scanned in-process, each format compared
/// with `Fixtures/projects/<project>.expected/report.*`.
@Suite struct ProjectGoldenTests {
  static let projects = [
    "SampleApp", "XcodeClassicApp", "XcodeLocalPackageApp", "XcodeSyncedApp", "XcodeWorkspaceApp", "XcodeGenApp",
    "PlanSingleApp", "PlanBigModule", "PlanModesApp", "LibraryCombineAPI", "ViewUsesApp",
  ]
  static let formats: [(format: String, file: String)] = [
    ("markdown", "report.md"), ("json", "report.json"), ("sarif", "report.sarif"), ("xcode", "report.xcode.txt"),
    ("github", "report.github.txt"),
  ]

  /// `--no-history`: the fixtures live in this repository, whose own commits must not change a golden.
  static func scan(_ project: String, format: String, jobs: Int = 2) -> CLIRun {
    CLIRun([
      FixturePaths.fixture("projects/\(project)").path, "--format", format, "--jobs", "\(jobs)", "--quiet",
      "--no-history",
    ])
  }

  @Test(arguments: projects, formats.map(\.format))
  func reportMatchesGolden(project: String, format: String) {
    let run = Self.scan(project, format: format)
    #expect(run.status == .success)
    #expect(run.stderr.isEmpty)
    let file = Self.formats.first { $0.format == format }!.file
    let golden = FixturePaths.fixture("projects/\(project).expected/\(file)")
    if let failure = Golden.compare(CLIRun.stable(run.stdout), with: golden).failureMessage {
      Issue.record("\(project) \(format): \(failure)")
    }
  }

  @Test(arguments: projects)
  func outputIsByteIdenticalWhateverTheThreadCount(project: String) {
    let one = Self.scan(project, format: "json", jobs: 1).stdout
    let eight = Self.scan(project, format: "json", jobs: 8).stdout
    let again = Self.scan(project, format: "json", jobs: 8).stdout
    #expect(!one.isEmpty)
    #expect(one == eight)
    #expect(eight == again)
  }

  @Test(arguments: projects)
  func jsonAndSarifValidateAgainstTheirSchemas(project: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("report.json").path
    let sarif = folder.appendingPathComponent("report.sarif").path
    let run = CLIRun([
      FixturePaths.fixture("projects/\(project)").path, "--output", json, "--output", sarif, "--quiet",
    ])
    #expect(run.status == .success)
    #expect(run.stdout.isEmpty, "with --output nothing goes to stdout")
    let checks = [
      (json, FixturePaths.packageRoot.appendingPathComponent("Sources/Reports/report.schema.json").path),
      (sarif, FixturePaths.fixture("schemas/sarif-schema-2.1.0.json").path),
    ]
    for (document, schema) in checks {
      let result = try SchemaValidator.validate(document: document, schema: schema)
      #expect(result.status == 0, "\(document) does not validate: \(result.output)")
    }
  }
}
