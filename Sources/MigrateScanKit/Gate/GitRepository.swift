import Foundation

/// Reads what a change touches from git: the changed Swift files and their old and new contents.
///
/// Only `git` runs, never anything from the scanned tree, and git itself is told not to run the
/// repository's configured helpers: no fsmonitor hook, no external diff, no textconv filters.
/// A repository under review (a fork's pull request) controls its own `.git/config`.
package struct GitRepository: Sendable {
  /// One changed file: where it is now and where it was (different after a rename).
  package struct Change: Sendable, Equatable {
    package var path: String
    package var oldPath: String?
  }

  /// The repository's top-level folder.
  package let topLevel: String

  /// Options that stop git from running programs named in the repository's configuration.
  private static let safety = [
    "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "--no-pager",
  ]

  /// Finds the repository containing `directory`.
  ///
  /// - Throws: `CLIError.runtime` when git is missing or `directory` is not in a repository.
  package init(containing directory: String) throws(CLIError) {
    let result = GitRepository.run(["-C", directory, "rev-parse", "--show-toplevel"])
    guard result.status == 0, let text = String(bytes: result.output, encoding: .utf8) else {
      throw .runtime(
        "cannot read the git change in '\(directory)': \(result.errorText.isEmpty ? "not a git repository" : result.errorText); "
          + "run it inside a git work tree, or scan without --staged/--since")
    }
    topLevel = text.trimmingCharacters(in: .newlines)
  }

  /// The Swift files the staged change (`staged`) or the change since `revision` adds or modifies.
  /// Deleted files are left out: a deletion adds no finding.
  package func changedSwiftFiles(staged: Bool, since revision: String?) throws(CLIError) -> [Change] {
    var arguments = ["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", "--diff-filter=ACMR"]
    if staged { arguments.append("--cached") } else if let revision { arguments.append(revision) }
    arguments.append(contentsOf: ["--", "*.swift"])
    let result = git(arguments)
    guard result.status == 0 else {
      throw .runtime(
        "git diff failed in '\(topLevel)': \(result.errorText); "
          + (revision.map { "check that revision '\($0)' exists (fetch it in CI)" } ?? "check the repository"))
    }
    let fields = result.output.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var changes: [Change] = []
    var index = 0
    while index < fields.count {
      let status = fields[index]
      if status.isEmpty { break }
      if status.hasPrefix("R") || status.hasPrefix("C") {
        guard index + 2 < fields.count else { break }
        changes.append(Change(path: fields[index + 2], oldPath: status.hasPrefix("R") ? fields[index + 1] : nil))
        index += 3
      } else {
        guard index + 1 < fields.count else { break }
        changes.append(Change(path: fields[index + 1], oldPath: status.hasPrefix("A") ? nil : fields[index + 1]))
        index += 2
      }
    }
    return changes.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// The contents of `path` at `revision` (`""` names the index, as in `git show :path`), or nil
  /// when the file does not exist there.
  package func contents(of path: String, at revision: String) -> [UInt8]? {
    let result = git(["show", "--no-textconv", "\(revision):\(path)"])
    return result.status == 0 ? result.output : nil
  }

  private func git(_ arguments: [String]) -> (status: Int32, output: [UInt8], errorText: String) {
    GitRepository.run(["-C", topLevel] + arguments)
  }

  private static func run(_ arguments: [String]) -> (status: Int32, output: [UInt8], errorText: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + safety + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    process.environment = environment
    let output = Pipe()
    // Errors go to a file rather than a second pipe: a full, unread pipe would block git.
    let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-git-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorURL) }
    guard let errorHandle = try? FileHandle(forWritingTo: errorURL) else {
      return (127, [], "cannot create a temporary file")
    }
    process.standardOutput = output
    process.standardError = errorHandle
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (127, [], "cannot run git: \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? errorHandle.close()
    let errorText =
      (try? String(contentsOf: errorURL, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return (process.terminationStatus, [UInt8](data), errorText)
  }
}
