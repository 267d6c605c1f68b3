import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// `check` speaks CI: `--format` and `--output` write the findings that fail the policy, in
/// every format a scan writes, with the scan's fingerprints.
@Suite struct CheckReportTests {
  /// A repository with a committed service and a staged new wrapper beside an old one.
  static func repository() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.write("Sources/Service.swift", GatePairingTests.service(GatePairingTests.wrapper()))
    try repository.commitAll()
    try repository.write(
      "Sources/Service.swift",
      GatePairingTests.service(
        GatePairingTests.wrapper() + GatePairingTests.wrapper("admin", call: "self.fetchAdmin(id)")))
    try repository.stageAll()
    return repository
  }

  @Test func githubFormatPrintsAnnotationsForWhatFails() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let run = CLIRun(["check", "--staged", "--format", "github", "--quiet", repository.path])
    #expect(run.status == .policyFailure)
    let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(annotations.count == 1, "\(run.stdout)")
    // A warning-severity rule, but it fails the check: annotated as the error it is here.
    #expect(annotations.first?.hasPrefix("::error file=Sources/Service.swift,line=12,col=5,") == true)
    #expect(annotations.first?.contains("title=future-task-wrapper") == true)
    #expect(run.stdout.contains("migrate-scan: 1 finding, 1 annotated"))
    // The lines for people would corrupt a machine format on stdout.
    #expect(!run.stdout.contains(": error: "))
  }

  @Test func sarifOutputValidatesAndCarriesTheScansFingerprint() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let sarif = repository.path + ".new.sarif"
    defer { try? FileManager.default.removeItem(atPath: sarif) }
    let run = CLIRun(["check", "--staged", "--output", sarif, "--quiet", repository.path])
    #expect(run.status == .policyFailure)
    // With only files asked for, stdout keeps the lines for people.
    #expect(run.stdout.contains("Sources/Service.swift:12:5: error: "))
    let result = try SchemaValidator.validate(
      document: sarif, schema: FixturePaths.fixture("schemas/sarif-schema-2.1.0.json").path)
    #expect(result.status == 0, "\(sarif) does not validate: \(result.output)")

    let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any]
    let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    #expect(results.count == 1)
    let fingerprint = (results.first?["partialFingerprints"] as? [String: String])?["migrateScan/v1"]
    // The work tree is the staged tree here, so a scan of it finds the same wrapper.
    let scan = CLIRun(["--format", "json", "--quiet", repository.path])
    let report = try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any]
    let scanned = (report?["findings"] as? [[String: Any]] ?? []).filter {
      ($0["ruleId"] as? String) == "future-task-wrapper" && ($0["symbol"] as? String) == "Service.admin"
    }
    #expect(fingerprint != nil)
    #expect(scanned.count == 1)
    #expect(scanned.first?["fingerprint"] as? String == fingerprint)
  }

  @Test func jsonAndXcodeFormatsHoldOnlyWhatFails() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let json = CLIRun(["check", "--staged", "--format", "json", "--quiet", repository.path])
    #expect(json.status == .policyFailure)
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let findings = report?["findings"] as? [[String: Any]] ?? []
    #expect(findings.map { $0["symbol"] as? String } == ["Service.admin"])

    let xcode = CLIRun(["check", "--staged", "--format", "xcode", "--quiet", repository.path])
    let lines = xcode.stdout.split(separator: "\n").filter { $0.contains("future-task-wrapper") }
    #expect(lines.count == 1, "\(xcode.stdout)")
    #expect(lines.first?.contains("Service.swift:12:5:") == true)
  }

  @Test func aPassingCheckWritesAnEmptyReport() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", GatePairingTests.service(GatePairingTests.wrapper()))
    try repository.commitAll()
    try repository.write(
      "Sources/Service.swift", GatePairingTests.service(GatePairingTests.wrapper(call: "self.fetch(id.lowercased())")))
    try repository.stageAll()
    let run = CLIRun(["check", "--staged", "--format", "github", "--quiet", repository.path])
    #expect(run.status == .success)
    #expect(run.stdout == "migrate-scan: 0 findings, 0 annotated\n")
  }

  @Test func baselineCheckWritesReportsAndKeepsRatchetLinesOffAMachineStdout() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    let baseline = repository.path + ".baseline.json"
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try repository.write("Sources/Service.swift", GatePairingTests.service(GatePairingTests.wrapper()))
    #expect(CLIRun(["--write-baseline", baseline, "--quiet", "--format", "json", repository.path]).status == .success)
    try repository.write("Sources/Service.swift", GatePairingTests.service(""))
    let run = CLIRun(["check", "--baseline", baseline, "--ratchet", "--format", "json", repository.path])
    #expect(run.status == .policyFailure)
    #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
    #expect(run.stderr.contains("fixed or gone: future-task-wrapper"))
  }
}

extension CheckReportTests {
  @Test func theMarkdownPlanIsRefusedForACheck() {
    let format = CLIRun(["check", "--staged", "--format", "markdown", "."])
    #expect(format.status == .usage)
    #expect(format.stderr.contains("invalid value 'markdown' for '--format'"))
    let output = CLIRun(["check", "--staged", "--output", "new.md", "."])
    #expect(output.status == .usage)
    #expect(output.stderr.contains("invalid value 'new.md' for '--output'"))
  }

  @Test func theReportIsTheSameForAnyNumberOfJobs() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let one = CLIRun(["check", "--staged", "--format", "sarif", "--jobs", "1", "--quiet", repository.path])
    let eight = CLIRun(["check", "--staged", "--format", "sarif", "--jobs", "8", "--quiet", repository.path])
    #expect(one.status == .policyFailure)
    #expect(!one.stdout.isEmpty)
    #expect(one.stdout == eight.stdout)
  }
}
