import Foundation
import MigrateScanKit
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tree built to hurt: link loops, binary and oversized files, odd names, broken source text.
/// The scan must finish, skip with reasons, write nothing into the tree, and give the same
/// bytes on every run and for any thread count.
@Suite struct HostileTreeTests {
  static let wrapper = "import Combine\nlet f = Future<Int, Never> { promise in Task { promise(.success(1)) } }\n"

  /// Builds the tree and returns its path.
  static func makeTree() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-hostile-\(UUID().uuidString)")
    let path = root.path
    let manager = FileManager.default
    try manager.createDirectory(atPath: path + "/Sources/App", withIntermediateDirectories: true)
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
    }
    try write("Sources/App/Normal.swift", Array(wrapper.utf8))
    try write("Sources/App/with space 'quote\" ünï.swift", Array(wrapper.utf8))
    try write("Sources/App/new\nline.swift", Array(wrapper.utf8))
    try write("Sources/App/Binary.swift", [0x6C, 0x65, 0x74, 0x00, 0x01, 0x02])
    try write("Sources/App/Large.swift", Array(repeating: 0x20, count: 5_000) + Array(wrapper.utf8))
    try write("Sources/App/BadUTF8.swift", Array(wrapper.utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x0A])
    try write("Sources/App/CRLF.swift", Array(wrapper.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    try write("Sources/App/LoneCR.swift", Array(wrapper.replacingOccurrences(of: "\n", with: "\r").utf8))
    try write("Sources/App/BOM.swift", [0xEF, 0xBB, 0xBF] + Array(wrapper.utf8))
    try write("Sources/App/Nested.swift", Array(String(repeating: "(", count: 100_000).utf8))
    try write("Sources/App/Closures.swift", Array(("let x = " + String(repeating: "{ ", count: 50_000)).utf8))
    try write("Sources/App/Unterminated.swift", Array("let s = \"abc\\(x\nlet r = #/abc\n/* open\n".utf8))
    try write(
      "Sources/App/Conflict.swift",
      Array("let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> other\n".utf8))
    // A name that is not UTF-8 at all.
    try write("Sources/App/Latin1-\u{00E9}.swift", Array(wrapper.utf8))
    let latin1 = Array((path + "/Sources/App/Raw-").utf8) + [0xE9] + Array(".swift".utf8)
    let descriptor = (latin1 + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    if descriptor >= 0 {
      _ = Array(wrapper.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    // Link loops and a broken link.
    try manager.createSymbolicLink(atPath: path + "/Sources/App/Loop", withDestinationPath: "..")
    try manager.createSymbolicLink(atPath: path + "/Sources/Self", withDestinationPath: path + "/Sources")
    try manager.createSymbolicLink(atPath: path + "/Sources/App/Broken.swift", withDestinationPath: "/no/such/file")
    return path
  }

  static func listing(_ path: String) -> [String] {
    (FileManager.default.subpaths(atPath: path) ?? []).sorted()
  }

  @Test func hostileTreeScansCompletelyAndDeterministically() throws {
    let tree = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: tree) }
    let before = Self.listing(tree)
    let arguments = [tree, "--format", "json", "--max-file-size", "4000"]
    let one = CLIRun(arguments + ["--jobs", "1"])
    let eight = CLIRun(arguments + ["--jobs", "8"])
    let followed = CLIRun(arguments + ["--jobs", "2", "--follow-symlinks"])
    #expect(one.status == .success)
    #expect(one.stdout == eight.stdout, "output must not depend on the thread count")
    #expect(one.stdout == CLIRun(arguments + ["--jobs", "1"]).stdout, "two runs give the same bytes")
    #expect(followed.status == .success, "a link loop never hangs the walk")
    #expect(Self.listing(tree) == before, "nothing is written into the scanned tree")

    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any], "valid JSON")
    let summary = try #require(report["summary"] as? [String: Any])
    let skipped = try #require(summary["skipped"] as? [[String: Any]])
    let reasons = Dictionary(
      skipped.compactMap { entry in (entry["path"] as? String).map { ($0, entry["reason"] as? String ?? "") } },
      uniquingKeysWith: { first, _ in first })
    #expect(reasons["Sources/App/Binary.swift"] == nil, "a file holding NUL bytes is lexed like any other")
    #expect(reasons["Sources/App/Large.swift"]?.contains("4000") == true)
    #expect(reasons["Sources/App/Broken.swift"]?.contains("link") == true)
    #expect(one.stderr.contains("warning: skipped 'Sources/App/Large.swift'"))

    // Every file holding the wrapper is found, odd names and broken text included.
    let findings = try #require(report["findings"] as? [[String: Any]])
    let wrapperFiles = Set(
      findings.filter { $0["ruleId"] as? String == "future-task-wrapper" }.compactMap { $0["file"] as? String })
    for name in [
      "Sources/App/Normal.swift", "Sources/App/with space 'quote\" ünï.swift", "Sources/App/new\nline.swift",
      "Sources/App/BadUTF8.swift", "Sources/App/CRLF.swift", "Sources/App/LoneCR.swift", "Sources/App/BOM.swift",
    ] {
      #expect(wrapperFiles.contains(name), "no wrapper found in \(name)")
    }
    #expect(wrapperFiles.contains { $0.hasPrefix("Sources/App/Raw-") }, "a non-UTF-8 file name is still scanned")
  }

  @Test func oddPathsAreEscapedInEveryFormat() throws {
    let tree = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: tree) }
    for format in ["markdown", "json", "sarif", "xcode", "github"] {
      let run = CLIRun([tree, "--format", format, "--quiet", "--max-file-size", "4000"])
      #expect(run.status == .success, "\(format)")
      switch format {
      case "xcode":
        for line in run.stdout.split(separator: "\n") {
          #expect(line.contains(": "), "one finding per line in xcode format: \(line)")
        }
      case "github":
        #expect(run.stdout.contains("new%0Aline.swift"), "newlines in paths are escaped for workflow commands")
      case "sarif":
        #expect(run.stdout.contains("with%20space%20%27quote%22%20%C3%BCn%C3%AF.swift"))
      default:
        #expect(!run.stdout.isEmpty)
      }
    }
  }

  @Test func unwritableOutputIsExitTwoAndLeavesNoFile() throws {
    let tree = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: tree) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("no/such/dir/report.json").path
    let run = CLIRun([tree, "--output", missing, "--quiet"])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.contains("cannot write '\(missing)'"))
    #expect((FileManager.default.subpaths(atPath: folder.path) ?? []).isEmpty, "no partial or temporary file")
  }
}

/// Hole 13: files that are not files. A FIFO as the root, or one swapped in for a file between
/// the walk and the read, never blocks the scan.
@Suite struct SpecialFileTests {
  /// Runs `body` on another thread and fails if it takes longer than `seconds` (a blocked read).
  static func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
  }

  @Test func aFIFOAsTheRootIsRefusedWithoutBlocking() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-fifo-\(UUID().uuidString)")
      .path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let status = Mutex<ExitCode?>(nil)
    let finished = Self.finishes(within: 20) {
      let run = CLIRun([path, "--format", "json", "--quiet"])
      status.withLock { $0 = run.status }
      #expect(run.stderr.contains("is a FIFO"))
    }
    #expect(finished, "a FIFO as the root blocked the scan")
    #expect(status.withLock { $0 } == .runtimeError)
  }

  /// The race: the walk finds a regular file, then the file becomes a FIFO (or a link to
  /// `/dev/zero`) before it is read. The read is refused at once and reads nothing.
  @Test func aFileSwappedAfterTheWalkIsNotRead() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-swap-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: root + "/A.swift"))
    try Data("let b = 1\n".utf8).write(to: URL(fileURLWithPath: root + "/B.swift"))
    let found = try FileDiscovery().discover(root: root)
    #expect(found.files.map(\.relativePath) == ["A.swift", "B.swift"])
    unlink(root + "/A.swift")
    #expect(mkfifo(root + "/A.swift", 0o600) == 0)
    unlink(root + "/B.swift")
    try FileManager.default.createSymbolicLink(atPath: root + "/B.swift", withDestinationPath: "/dev/zero")
    let results = Mutex<[SourceReader.Failure?]>([])
    let finished = Self.finishes(within: 20) {
      for file in found.files {
        let result = SourceReader.read(file.pathBytes, maxSize: 20_000_000)
        results.withLock { list in
          if case .failure(let failure) = result { list.append(failure) } else { list.append(nil) }
        }
      }
    }
    #expect(finished, "a FIFO swapped in after the walk blocked the read")
    #expect(results.withLock { $0 } == [.notRegularFile(kind: "a FIFO"), .symbolicLink])
  }
}
