import Foundation
import MigrateScanTestSupport
import Testing

/// A termination signal during a scan: the built binary stops with 128 + the signal (or has
/// finished), and leaves either no report or a whole one, never a partial or temporary file.
/// (Whether the signal lands before or after the write is up to the scheduler, so the test
/// checks the invariant, not a timing.) Every catchable signal whose default ends the process is
/// handled, not only SIGINT and SIGTERM (issue 19, hole 16).
@Suite struct InterruptionTests {
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU])
  func signalLeavesNoPartialReport(signalNumber: Int32) throws {
    let binary = FixturePaths.packageRoot.appendingPathComponent(".build/debug/migrate-scan").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-sig-\(UUID().uuidString)")
    let out = root.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let source = String(
      repeating: "import Combine\nlet f = Future<Int, Never> { p in Task { p(.success(1)) } }\n", count: 50)
    for index in 0..<100 {
      try Data(source.utf8).write(to: root.appendingPathComponent("src/File\(index).swift"))
    }
    for delay in [0, 150_000] {
      let report = out.appendingPathComponent("report.json")
      try? FileManager.default.removeItem(at: report)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = [root.appendingPathComponent("src").path, "--output", report.path, "--quiet", "--jobs", "1"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Only once the handlers are in place: a signal that lands before `main` runs kills any
      // program, handled or not.
      try #require(Self.waitUntilHandled(signalNumber, by: process.processIdentifier), "handlers never installed")
      usleep(useconds_t(delay))
      kill(process.processIdentifier, signalNumber)
      process.waitUntilExit()
      let status = process.terminationStatus
      #expect(process.terminationReason == .exit, "killed by signal \(status), not handled")
      #expect(status == 0 || status == 128 + signalNumber, "status \(status)")
      let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
      #expect(left.allSatisfy { $0 == "report.json" }, "temporary files left: \(left)")
      if left.contains("report.json") {
        let data = try Data(contentsOf: report)
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "a report that exists is whole")
      }
    }
  }

  /// Polls `/proc/<pid>/status` until the process ignores or catches `signalNumber` (the
  /// `SigIgn` and `SigCgt` masks), for at most five seconds; true once it does.
  static func waitUntilHandled(_ signalNumber: Int32, by pid: Int32) -> Bool {
    let bit = UInt64(1) << UInt64(signalNumber - 1)
    for _ in 0..<500 {
      if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
        let masks = status.split(separator: "\n").compactMap { line -> UInt64? in
          guard line.hasPrefix("SigIgn:") || line.hasPrefix("SigCgt:") else { return nil }
          return UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        if masks.contains(where: { $0 & bit != 0 }) { return true }
      }
      usleep(10_000)
    }
    return false
  }
}
