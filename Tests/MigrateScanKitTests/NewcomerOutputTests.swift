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

  @Test func markdownLinksWorkFromTheFolderTheFileIsWrittenTo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
    let docs = folder.appendingPathComponent("docs")
    try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = docs.appendingPathComponent("plan.md")
    let run = CLIRun([Self.tree, "--output", output.path])
    #expect(run.status == .success, "\(run.stderr)")
    let text = try String(contentsOf: output, encoding: .utf8)
    let targets = text.split(separator: "](").dropFirst().compactMap { $0.split(separator: "#L").first }
    try #require(!targets.isEmpty, "the plan links its finding")
    for target in targets {
      let resolved = docs.appendingPathComponent(String(target)).standardizedFileURL.path
      #expect(FileManager.default.fileExists(atPath: resolved), "\(target) does not open from docs/")
    }
    // The link's text stays the path a reader knows: relative to the scanned root.
    #expect(text.contains("[`Feed.swift:4`]("))
  }

  @Test func linkBaseIsTheWayFromTheFileToTheRoot() {
    #expect(MarkdownLinkBase.relative(from: "/r", to: "/r") == "")
    #expect(MarkdownLinkBase.relative(from: "/r/docs", to: "/r") == "../")
    #expect(MarkdownLinkBase.relative(from: "/r", to: "/r/ios") == "ios/")
    #expect(MarkdownLinkBase.relative(from: "/r/docs/plans", to: "/r/ios") == "../../ios/")
    #expect(MarkdownLinkBase.relative(from: "/", to: "/r") == "r/")
  }

  @Test func dumbTerminalGetsNoProgressLine() {
    var io = CapturedOutput()
    io.errIsTerminal = true
    let outputs = [Invocation.Output(format: .markdown, path: "plan.md")]
    #expect(CommandLineTool.showsProgress(invocation: Invocation(), io: io, outputs: outputs, term: "xterm-256color"))
    #expect(!CommandLineTool.showsProgress(invocation: Invocation(), io: io, outputs: outputs, term: "dumb"))
  }
}
