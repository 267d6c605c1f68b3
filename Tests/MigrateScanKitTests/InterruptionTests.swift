import Foundation
import MigrateScanTestSupport
import Testing

/// SIGTERM during a scan: the built binary stops, and leaves either no report or a whole one,
/// never a partial or temporary file. (Whether the signal lands before or after the write is up
/// to the scheduler, so the test checks the invariant, not a timing.)
@Suite struct InterruptionTests {
  @Test func sigtermLeavesNoPartialReport() throws {
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
    for delay in [0, 20_000, 200_000] {
      let report = out.appendingPathComponent("report.json")
      try? FileManager.default.removeItem(at: report)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = [root.appendingPathComponent("src").path, "--output", report.path, "--quiet", "--jobs", "1"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(delay))
      process.terminate()
      process.waitUntilExit()
      let status = process.terminationStatus
      #expect(status == 0 || status == 143 || process.terminationReason == .uncaughtSignal, "status \(status)")
      let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
      #expect(left.allSatisfy { $0 == "report.json" }, "temporary files left: \(left)")
      if left.contains("report.json") {
        let data = try Data(contentsOf: report)
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "a report that exists is whole")
      }
    }
  }
}
