import Foundation
import MigrateScanTestSupport
import Testing

/// Runs the built `migrate-scan` binary as a child process, for what only a real process shows:
/// signals, closed pipes, full disks.
struct BuiltBinary {
  static var path: String { FixturePaths.packageRoot.appendingPathComponent(".build/debug/migrate-scan").path }

  /// A folder with a few Swift files holding Future/Task wrappers, for runs that need findings.
  static func makeTree() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-bin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let source = "import Combine\nlet f = Future<Int, Never> { p in Task { p(.success(1)) } }\n"
    for index in 0..<3 { try Data(source.utf8).write(to: root.appendingPathComponent("File\(index).swift")) }
    return root
  }

  /// Runs the binary with `arguments`, stdout to `stdout` (a pipe when nil, read whole), and
  /// returns the status, stdout and stderr.
  static func run(_ arguments: [String], stdout: FileHandle? = nil, closeStdout: Bool = false) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try #require(FileManager.default.isExecutableFile(atPath: path), "build the package first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = stdout ?? output
    process.standardError = errors
    if closeStdout { try output.fileHandleForReading.close() }
    try process.run()
    let outText = stdout == nil && !closeStdout ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    return (
      process.terminationStatus, String(decoding: outText, as: UTF8.self), String(decoding: errorText, as: UTF8.self)
    )
  }
}
