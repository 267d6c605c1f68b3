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
