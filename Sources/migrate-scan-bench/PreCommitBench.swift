import Foundation

/// The pre-commit case of issue 8: `check --staged` on a copy of the tree in a fresh git
/// repository, with ten files changed to add a Future/Task wrapper each.
///
/// The copy holds only the Swift files, and lives in the temporary folder: the benchmark never
/// writes into the tree it measures.
enum PreCommitBench {
  /// What the check cost, scoped and whole-tree, and how many wrappers it reported.
  struct Result {
    var scoped: Cost
    var wholeTree: Cost
    var reported: Int
  }

  /// The wrapper each changed file gains, made unique by `index`.
  static func wrapper(_ index: Int) -> String {
    """

    import Combine

    final class BenchAddedService\(index) {
      func load() async throws -> Int { \(index) }
      func publisher() -> Future<Int, Error> {
        Future { promise in
          Task { promise(.success(try await self.load())) }
        }
      }
    }

    """
  }

  /// Copies `files` (paths relative to `root`) into a new repository, commits them, changes ten,
  /// stages the change and times the check.
  static func run(files: [String], root: String, binary: String, runs: Int) throws -> Result? {
    let repository = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
      "migrate-scan-bench-repo-\(getpid())")
    let manager = FileManager.default
    try? manager.removeItem(at: repository)
    defer { try? manager.removeItem(at: repository) }
    for path in files {
      let target = repository.appendingPathComponent(path)
      try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(atPath: root + "/" + path, toPath: target.path)
    }
    let git = ["git", "-C", repository.path, "-c", "user.email=bench@example.invalid", "-c", "user.name=bench"]
    guard shell(git + ["init", "-q"]), shell(git + ["add", "-A"]), shell(git + ["commit", "-q", "-m", "base"])
    else { return nil }
    // Source files only: a changed manifest rightly makes the check analyse the whole tree.
    let sorted = files.filter { !($0 as NSString).lastPathComponent.hasPrefix("Package") }.sorted()
    let step = max(1, sorted.count / 10)
    for index in 0..<min(10, sorted.count) {
      let handle = try FileHandle(forWritingTo: repository.appendingPathComponent(sorted[index * step]))
      handle.seekToEndOfFile()
      handle.write(Data(wrapper(index).utf8))
      try handle.close()
    }
    guard shell(git + ["add", "-A"]) else { return nil }
    let check = [binary, "check", "--staged", "--quiet", repository.path]
    guard let scoped = Measure.best(of: runs, check), let whole = Measure.best(of: runs, check + ["--whole-tree"])
    else { return nil }
    return Result(scoped: scoped, wholeTree: whole, reported: reportedWrappers(check))
  }

  /// How many `future-task-wrapper` errors one run of `command` prints.
  private static func reportedWrappers(_ command: [String]) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).components(separatedBy: "[future-task-wrapper]").count - 1
  }

  private static func shell(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
