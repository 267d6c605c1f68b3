import Foundation
import MigrateScanTestSupport
import Testing

/// `migrate-scan … | head` must not be an error: when the reader closes stdout, the built binary
/// exits 0 quietly (ruff's behaviour), instead of dying of SIGPIPE or printing a write error.
@Suite struct BrokenPipeTests {
  @Test func closedStdoutExitsZeroQuietly() throws {
    let binary = FixturePaths.packageRoot.appendingPathComponent(".build/debug/migrate-scan").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-pipe-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: file) }
    // About 1 MB of dump output: far more than a pipe buffer holds, so a write must hit the closed end.
    try Data(String(repeating: "let value = compute(1, 2) + 3\n", count: 20_000).utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["tokens", file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try output.fileHandleForReading.close()
    try process.run()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(errorText.isEmpty, "nothing on stderr: \(String(decoding: errorText, as: UTF8.self))")
  }
}

/// A closed stdout keeps the run's own status, and a full one is exit 2 with a message, in every
/// format (issue 19, holes 6 and 15).
@Suite struct FailedStdoutTests {
  /// `check | head -1` under `pipefail`: the check failed, so the pipeline must fail.
  @Test func failedCheckKeepsExitOneOnAClosedPipe() throws {
    let tree = try BuiltBinary.makeTree()
    defer { try? FileManager.default.removeItem(at: tree) }
    let run = try BuiltBinary.run(["check", tree.path, "--quiet"], closeStdout: true)
    #expect(run.status == 1, "\(run.stderr)")
    // Only why the check failed (said even with --quiet); a closed pipe is not an error to report.
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasSuffix("new finding(s) fail the policy"), "\(run.stderr)")
  }

  @Test(arguments: ["markdown", "json", "sarif", "xcode", "github", "check", "help"])
  func fullStdoutIsExitTwoWithAMessage(format: String) throws {
    let tree = try BuiltBinary.makeTree()
    defer { try? FileManager.default.removeItem(at: tree) }
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "no /dev/full here")
    defer { try? full.close() }
    let arguments =
      switch format {
      case "check": ["check", tree.path, "--quiet"]
      case "help": ["--help"]
      default: [tree.path, "--format", format, "--quiet"]
      }
    let run = try BuiltBinary.run(arguments, stdout: full)
    #expect(run.status == 2, "\(format): \(run.stderr)")
    #expect(run.stderr.contains("error: cannot write to standard output: no space left on device"), "\(run.stderr)")
  }
}
