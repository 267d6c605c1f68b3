import Foundation
import MigrateScanTestSupport
import Testing

/// The plain hook fails closed: a missing binary refuses the commit with the install hint,
/// rather than passing it unchecked (issue 18, item 5).
@Suite struct PreCommitHookTests {
  @Test func missingBinaryFailsWithTheInstallHint() throws {
    let hook = FixturePaths.packageRoot.appendingPathComponent(".githooks/pre-commit").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [hook]
    // A PATH with the shell's tools but no migrate-scan, as a GUI git client gives hooks.
    process.environment = ["PATH": "/usr/bin:/bin"]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(!FileManager.default.isExecutableFile(atPath: "/usr/bin/migrate-scan"), "migrate-scan is installed")
    #expect(process.terminationStatus == 1, "\(text)")
    #expect(text.contains("migrate-scan is not on PATH"))
    #expect(text.contains("swift build -c release"))
  }
}
