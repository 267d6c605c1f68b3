import FoundationEssentials
import ScanModel

#if canImport(Glibc)
  import Glibc
#endif

/// Reads what a change touches from git: the changed Swift files and their old and new contents.
///
/// Every git call of the tool goes through `run` here, and only commands that compare trees, the
/// index and blobs run (`diff-tree`, `diff-index --cached`, `ls-tree`, `ls-files`, `cat-file`,
/// `rev-parse`, `merge-base`, and `GitHistory`'s one `log --name-only`): none of them reads the
/// work tree, so git never runs a `clean`/`smudge`/`process` filter driver, whatever `.gitattributes`,
/// `core.attributesFile` or an `include.path` names. The work tree's side of a change is read by
/// migrate-scan itself. On top of that, the safety options switch off what the repository's
/// configuration could otherwise make git run (fsmonitor, hooks, pager, transports for a lazy
/// fetch). A repository under review (a fork's pull request) controls its own `.git/config`.
package struct GitRepository: Sendable {
  /// One changed file: where it is now and where it was (different after a rename).
  package struct Change: Sendable, Equatable {
    package var path: String
    package var oldPath: String?
  }

  /// The repository's top-level folder.
  package let topLevel: String

  /// Options that stop git from running programs named in the repository's configuration. They
  /// come last among the configuration sources, so no `include.path` can undo them.
  private static let safety = [
    "-c", "core.fsmonitor=false",
    "-c", "core.hooksPath=/dev/null",
    "-c", "core.attributesFile=/dev/null",
    // A partial clone fetches missing blobs on demand through a transport the configuration
    // names (`ext::` runs a command); no transport is allowed, so a missing blob stays missing.
    "-c", "protocol.allow=never",
    "--no-pager",
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

  /// Runs git in the repository with the safety options. Callers pass only fixed option words,
  /// object ids and paths after `--`: never a string from the user where git reads options.
  func git(_ arguments: [String], input: [UInt8]? = nil) -> (status: Int32, output: [UInt8], errorText: String) {
    GitRepository.run(["-C", topLevel] + arguments, input: input)
  }

  /// The `git` program: the first executable `git` in an absolute folder of `PATH`. An empty or
  /// relative entry (`.`, `bin`) names a folder of the current directory, which may be the
  /// scanned tree, so it is skipped: a `git` script committed to the tree never runs.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) where folder.hasPrefix("/") {
      let candidate = folder.hasSuffix("/") ? "\(folder)git" : "\(folder)/git"
      var info = stat()
      if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }()

  /// Runs git with the safety options, its output read into memory.
  ///
  /// - Parameter maxOutput: the most bytes read; past it the pipe is closed (git stops on
  ///   `SIGPIPE`, status 141) and the caller gets exactly the first `maxOutput` bytes.
  package static func run(_ arguments: [String], input: [UInt8]? = nil, maxOutput: Int = .max) -> (
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
    guard let executable = GitRepository.executable else {
      close(pipe[0])
      close(pipe[1])
      return (127, [], "cannot run git: not found in the absolute folders of PATH; is git installed and on PATH?")
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
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
        if output.count >= maxOutput {
          output.removeSubrange(maxOutput...)
          break
        }
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
