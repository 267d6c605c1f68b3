import FoundationEssentials
import ScanModel

#if canImport(Glibc)
  import Glibc
#endif

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
    var path = text
    while let last = path.last, last.isNewline { path.removeLast() }
    topLevel = path
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
    return changes.sorted { UTF8Order.precedes($0.path, $1.path) }
  }

  /// The Swift files the staged change (`staged`) or the change since `revision` deletes. The
  /// gate reads what they held: a wrapper moved out of a deleted file into a new one is not new.
  package func deletedSwiftFiles(staged: Bool, since revision: String?) throws(CLIError) -> [String] {
    var arguments = ["diff", "--name-only", "-z", "-M", "--no-ext-diff", "--no-textconv", "--diff-filter=D"]
    if staged { arguments.append("--cached") } else if let revision { arguments.append(revision) }
    arguments.append(contentsOf: ["--", "*.swift"])
    let result = git(arguments)
    guard result.status == 0 else { throw .runtime("git diff failed in '\(topLevel)': \(result.errorText)") }
    return result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      .sorted { UTF8Order.precedes($0, $1) }
  }

  /// The contents of `path` at `revision` (`""` names the index, as in `git show :path`), or nil
  /// when the file does not exist there.
  package func contents(of path: String, at revision: String) -> [UInt8]? {
    let result = git(["show", "--no-textconv", "\(revision):\(path)"])
    return result.status == 0 ? result.output : nil
  }

  /// The contents of many `(path, revision)` pairs at once, each as `contents(of:at:)` gives it.
  ///
  /// One `git cat-file --batch` answers them all: a pre-commit check of ten files otherwise
  /// starts twenty git processes, which cost more than the analysis.
  package func contents(of requests: [(path: String, revision: String)]) -> [[UInt8]?] {
    // A batch request is one line, so a path holding a newline goes through `git show`.
    let batched = requests.indices.filter { !requests[$0].path.contains("\n") && !requests[$0].revision.contains("\n") }
    var results = [[UInt8]?](repeating: nil, count: requests.count)
    if !batched.isEmpty {
      let input = batched.map { "\(requests[$0].revision):\(requests[$0].path)\n" }.joined()
      let result = git(["cat-file", "--batch"], input: Array(input.utf8))
      var reader = result.status == 0 ? BatchReader(result.output) : nil
      for index in batched { results[index] = reader?.next() ?? nil }
      if reader == nil || reader?.failed == true {
        for index in batched { results[index] = contents(of: requests[index].path, at: requests[index].revision) }
      }
    }
    for index in requests.indices where !batched.contains(index) {
      results[index] = contents(of: requests[index].path, at: requests[index].revision)
    }
    return results
  }

  /// Reads `git cat-file --batch` answers: `<object> <type> <size>\n<bytes>\n`, or
  /// `<request> missing\n` (or `ambiguous`) for one that names nothing.
  private struct BatchReader {
    let bytes: [UInt8]
    var position = 0
    /// True when the output did not have the expected shape.
    var failed = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next answer: the blob's bytes, or nil for a missing object or a non-blob.
    mutating func next() -> [UInt8]? {
      guard !failed, let newline = bytes[position...].firstIndex(of: 0x0A) else {
        failed = true
        return nil
      }
      let header = bytes[position..<newline].split(separator: 0x20)
      position = newline + 1
      guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)) else {
        // `missing` and `ambiguous` answers have no body.
        if let last = header.last, last.elementsEqual("missing".utf8) || last.elementsEqual("ambiguous".utf8) {
          return nil
        }
        failed = true
        return nil
      }
      guard position + size <= bytes.count else {
        failed = true
        return nil
      }
      let body = Array(bytes[position..<position + size])
      position += size + 1
      return header[1].elementsEqual("blob".utf8) ? body : nil
    }
  }

  private func git(_ arguments: [String], input: [UInt8]? = nil) -> (
    status: Int32, output: [UInt8], errorText: String
  ) {
    GitRepository.run(["-C", topLevel] + arguments, input: input)
  }

  private static func run(_ arguments: [String], input: [UInt8]? = nil) -> (
    status: Int32, output: [UInt8], errorText: String
  ) {
    // Errors go to a file rather than a second pipe: a full, unread pipe would block git. Input
    // comes from a file too: writing it to a pipe while git fills the output pipe could leave
    // both sides waiting.
    guard let errors = TemporaryFile(contents: []) else { return (127, [], "cannot create a temporary file") }
    defer { errors.remove() }
    let inputFile = input.flatMap { TemporaryFile(contents: $0) }
    defer { inputFile?.remove() }
    if input != nil && inputFile == nil { return (127, [], "cannot create a temporary file") }

    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return (127, [], "cannot create a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    posix_spawn_file_actions_addopen(&actions, 0, inputFile?.path ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_TRUNC, 0)

    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    let argv = (["git"] + safety + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, envp)
    close(pipe[1])
    guard spawned == 0 else {
      close(pipe[0])
      return (127, [], "cannot run git: \(String(cString: strerror(spawned))); is git installed and on PATH?")
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
      if count > 0 {
        output.append(contentsOf: chunk[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(pipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let errorText = String(decoding: errors.read(), as: UTF8.self)
    let trimmed = errorText.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
    return (exitStatus, output, String(trimmed))
  }
}
