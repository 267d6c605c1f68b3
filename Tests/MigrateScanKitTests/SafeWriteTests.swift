import Foundation
import MigrateScanKit
import Testing

/// `--output` cannot be steered by what the scanned tree planted next to the report, and never
/// turns a device or FIFO into a regular file (issue 19, holes 2, 3 and 16).
@Suite struct SafeWriteTests {
  /// A scanned tree with a wrapper, and an output folder beside it.
  struct Workspace {
    let root: URL
    var tree: URL { root.appendingPathComponent("tree") }
    var out: URL { root.appendingPathComponent("out") }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-write-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("tree"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
      try Data("import Combine\nlet f = Future<Int, Never> { p in Task { p(.success(1)) } }\n".utf8)
        .write(to: tree.appendingPathComponent("A.swift"))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func fileType(_ url: URL) throws -> FileAttributeType? {
      try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
    }
  }

  /// Links planted under the temporary names an earlier version used (`.<name>.<pid>.tmp`,
  /// for this very process) and the file they point at: the victim is never written, and the
  /// report is a regular file.
  @Test func plantedLinksNextToTheOutputAreNeverWrittenThrough() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let victim = workspace.root.appendingPathComponent("victim.txt")
    try Data("precious\n".utf8).write(to: victim)
    let report = workspace.out.appendingPathComponent("report.json")
    for pid in [getpid(), getpid() + 1] {
      try FileManager.default.createSymbolicLink(
        atPath: workspace.out.appendingPathComponent(".report.json.\(pid).tmp").path, withDestinationPath: victim.path)
    }
    let run = CLIRun([workspace.tree.path, "--output", report.path, "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    #expect(try workspace.fileType(report) == .typeRegular)
    #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: report))) != nil)
    let left = try FileManager.default.contentsOfDirectory(atPath: workspace.out.path).sorted()
    #expect(left == [".report.json.\(getpid()).tmp", ".report.json.\(getpid() + 1).tmp", "report.json"].sorted())
  }

  /// A link at the output path is replaced by the report, never followed: the tree may have
  /// planted it (`migrate-scan.sarif -> ~/.bashrc`).
  @Test func aLinkAtTheOutputPathIsReplacedNotFollowed() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let victim = workspace.root.appendingPathComponent("victim.txt")
    try Data("precious\n".utf8).write(to: victim)
    let report = workspace.out.appendingPathComponent("report.md")
    try FileManager.default.createSymbolicLink(atPath: report.path, withDestinationPath: victim.path)
    let run = CLIRun([workspace.tree.path, "--output", report.path, "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    #expect(try workspace.fileType(report) == .typeRegular)
  }

  /// A FIFO given as the output is written, and stays a FIFO.
  @Test func aFIFOIsWrittenDirectlyNotReplaced() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let fifo = workspace.out.appendingPathComponent("report.fifo")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    // A reader first, so the writer's open does not wait; the small report fits the pipe.
    let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let run = CLIRun([workspace.tree.path, "--output", fifo.path, "--format", "json", "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(isFIFO(fifo.path))
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    let count = read(reader, &bytes, bytes.count)
    #expect(count > 0)
    #expect((try? JSONSerialization.jsonObject(with: Data(bytes[0..<max(count, 0)]))) != nil)
  }

  /// A character device node made in the output folder (`mknod`, as root only) is written to,
  /// not replaced. (Never `/dev/null` itself: a regression would replace the machine's.)
  @Test(.enabled(if: getuid() == 0, "mknod needs root; run the suite as root to check device nodes"))
  func aDeviceNodeIsWrittenDirectlyNotReplaced() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let node = workspace.out.appendingPathComponent("null")
    // Major 1, minor 3: the null device (glibc's `makedev` for small numbers: major << 8 | minor).
    let created = mknod(node.path, S_IFCHR | 0o666, dev_t(1 << 8 | 3))
    #expect(created == 0, "mknod: \(String(cString: strerror(errno)))")
    let run = CLIRun([workspace.tree.path, "--output", node.path, "--format", "sarif", "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try workspace.fileType(node) == .typeCharacterSpecial)
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.out.path) == ["null"])
  }

  /// A link under `/dev/` names a descriptor: `--output /dev/fd/1` writes to stdout.
  @Test func aDescriptorLinkIsWrittenThrough() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let run = try BuiltBinary.run([workspace.tree.path, "--output", "/dev/fd/1", "--format", "json", "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(run.stdout.prefix(200))")
  }

  /// A folder or a missing folder is refused before the scan: no warning from the scan comes
  /// first, and nothing is written.
  @Test func aMissingOutputFolderIsReportedBeforeTheScan() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    // A file the scan warns about, so a late check would print that warning first.
    try Data(String(repeating: "let a = 1\n", count: 100).utf8).write(
      to: workspace.tree.appendingPathComponent("Big.swift"))
    let missing = workspace.out.appendingPathComponent("no-such-folder/report.md").path
    let run = CLIRun([workspace.tree.path, "--output", missing, "--max-file-size", "200"])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.hasPrefix("error: cannot write '\(missing)': the folder"), "\(run.stderr)")
    #expect(run.stderr.contains("does not exist"))
    #expect(!run.stderr.contains("warning"), "reported after the scan: \(run.stderr)")
    let folder = CLIRun([workspace.tree.path, "--output", workspace.out.path, "--format", "json", "--quiet"])
    #expect(folder.status == .runtimeError)
    #expect(folder.stderr.contains("it is a folder"), "\(folder.stderr)")
    let baseline = CLIRun([workspace.tree.path, "--write-baseline", missing, "--max-file-size", "200"])
    #expect(baseline.status == .runtimeError)
    #expect(!baseline.stderr.contains("warning"), "\(baseline.stderr)")
  }

  private func isFIFO(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
  }
}
