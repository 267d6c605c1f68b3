import Foundation
import MigrateScanKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The gate reads what the scan reads (issue 19): a NUL byte, an odd name or a configured
/// exclusion never lets a check answer differently from the scan of the same tree.
@Suite struct GateReadingTests {
  /// A Swift file the compiler accepts (with a warning) that holds a NUL byte in a comment and a
  /// new Future/Task wrapper.
  static let wrapperWithNUL = GateTests.service("  // a NUL byte: \u{0}\n" + GateTests.wrapper)

  /// Hole 6: one NUL byte in a comment used to make the file "skipped", so the wrapper in it
  /// passed every check.
  @Test func aNULByteInACommentDoesNotHideANewWrapper() throws {
    let staged = try GateTests.check(
      committed: ["Sources/Service.swift": GateTests.service("")],
      staged: ["Sources/Service.swift": Self.wrapperWithNUL])
    #expect(staged.status == .policyFailure, "check --staged: \(staged.stdout)")

    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", GateTests.service(""))
    try repository.commitAll()
    try repository.git("tag", "base")
    try repository.write("Sources/Service.swift", Self.wrapperWithNUL)
    try repository.commitAll()
    #expect(CLIRun(["check", "--since", "base", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["check", "--quiet", repository.path]).status == .policyFailure)
    let scan = CLIRun([repository.path, "--format", "json", "--quiet"])
    #expect(scan.stdout.contains("\"future-task-wrapper\""), "the scan analyses the file")
    #expect(!scan.stdout.contains("not text"), "and does not skip it")
  }

  /// A changed file that cannot be read fails the check (exit 2) instead of passing it; one the
  /// scan leaves out on purpose (too large) is left out by the check too.
  @Test func aChangedFileThatCannotBeReadFailsTheCheck() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-unreadable-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(mkfifo(folder + "/Pipe.swift", 0o600) == 0)
    #expect(throws: CLIError.self) {
      try CommandLineTool.readWorkTree(Array((folder + "/Pipe.swift").utf8), display: "Pipe.swift", maxSize: 1_000)
    }
    do {
      _ = try CommandLineTool.readWorkTree(Array((folder + "/Pipe.swift").utf8), display: "Pipe.swift", maxSize: 1_000)
    } catch {
      #expect("\(error)".contains("cannot check 'Pipe.swift': not a regular file (a FIFO)"))
    }
    try Data(repeating: 0x20, count: 2_000).write(to: URL(fileURLWithPath: folder + "/Big.swift"))
    #expect(
      try CommandLineTool.readWorkTree(Array((folder + "/Big.swift").utf8), display: "Big.swift", maxSize: 1_000) == nil
    )
  }
}

/// Hole 7: `check --staged` and `--since` read the files a scan of the same tree reads: the
/// configuration's `include`/`exclude`, the never-entered folders, generated files and the size
/// limit apply to both.
@Suite struct OneDiscoveryTests {
  static let configuration =
    #"{"include": ["Sources/**", "Pods/**"], "exclude": ["Sources/Generated/**"], "maxFileSize": 2000}"#

  /// Where a new wrapper is ignored by the scan, so must it be by the check.
  static let ignored = [
    "Pods/Lib/Vendored.swift", "Sources/Generated/Made.swift", "Sources/Model.generated.swift",
    "Sources/Api.pb.swift", "Tools/Script.swift", "Sources/.build/Cache.swift",
  ]

  static func wrapperCount(_ json: String) -> Int {
    json.components(separatedBy: "\"ruleId\" : \"future-task-wrapper\"").count - 1
      + json.components(separatedBy: "\"ruleId\": \"future-task-wrapper\"").count - 1
  }

  @Test(arguments: ignored + ["Sources/Big.swift", "Sources/Counted.swift"])
  func checkAndScanGiveTheSameAnswer(path: String) throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write(".migrate-scan.json", Self.configuration)
    try repository.write("Sources/Service.swift", GateTests.service(""))
    try repository.commitAll()
    try repository.git("tag", "base")
    let padding = path.hasSuffix("Big.swift") ? String(repeating: "// padding\n", count: 300) : ""
    try repository.write(path, padding + GateTests.service(GateTests.wrapper))
    try repository.stageAll()

    let scan = CLIRun([repository.path, "--format", "json", "--quiet"])
    #expect(scan.status == .success)
    let scanFinds = Self.wrapperCount(scan.stdout) > 0
    let staged = CLIRun(["check", "--staged", "--quiet", repository.path])
    let whole = CLIRun(["check", "--staged", "--whole-tree", "--quiet", repository.path])
    try repository.git("commit", "-q", "-m", "change")
    let since = CLIRun(["check", "--since", "base", "--quiet", repository.path])
    let expected: ExitCode = path == "Sources/Counted.swift" ? .policyFailure : .success
    #expect(scanFinds == (expected == .policyFailure), "scan of \(path)")
    #expect(staged.status == expected, "check --staged on \(path): \(staged.stdout)")
    #expect(whole.status == expected, "check --staged --whole-tree on \(path)")
    #expect(since.status == expected, "check --since on \(path)")
  }
}
