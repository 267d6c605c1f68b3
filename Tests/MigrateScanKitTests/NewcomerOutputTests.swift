import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// What a newcomer's first runs print besides the reports (issue 20, item 6).
@Suite struct NewcomerOutputTests {
  static let tree = FixturePaths.fixture("cli/trees/one-subject").path

  @Test func writeBaselineSaysWhatItWroteInsteadOfPrintingThePlan() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("baseline.json").path
    let run = CLIRun([Self.tree, "--write-baseline", path])
    #expect(run.status == .success)
    #expect(run.stdout.isEmpty, "no plan unless --format or --output asks for one: \(run.stdout)")
    #expect(run.stderr == "wrote a baseline of 1 finding(s) to \(path)\n")
    #expect(FileManager.default.fileExists(atPath: path))
    // Asked for, the plan is still written beside the baseline.
    let both = CLIRun([Self.tree, "--write-baseline", path, "--format", "xcode"])
    #expect(both.stdout.contains("[subject]"))
  }

  @Test func sarifMayBeWrittenToADotJSONFile() throws {
    let invocation = try Arguments.parse(["--output", "scan.sarif.json", "--format", "sarif"])
    #expect(try invocation.outputs().map(\.path) == ["scan.sarif.json"])
  }

  @Test func dumbTerminalGetsNoProgressLine() {
    var io = CapturedOutput()
    io.errIsTerminal = true
    let outputs = [Invocation.Output(format: .markdown, path: "plan.md")]
    #expect(CommandLineTool.showsProgress(invocation: Invocation(), io: io, outputs: outputs, term: "xterm-256color"))
    #expect(!CommandLineTool.showsProgress(invocation: Invocation(), io: io, outputs: outputs, term: "dumb"))
  }
}
