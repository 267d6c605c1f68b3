import ScanModel
import SwiftLexer

#if canImport(Glibc)
  import Glibc
#endif

/// When each Swift file of the scanned tree last changed and how often, from one `git log`.
///
/// The leave-alone rule reads it: code that has not changed for a long time is code that works.
/// History is never required: outside a repository, without git, in a shallow clone or with
/// `--no-history`, `GitHistory.read` answers `.unavailable` with the reason, and the rule judges
/// on the other facts.
///
/// What is read is bounded: at most `maximumCommits` commits (the newest) and `maximumBytes` of
/// git's output, so a repository with a million commits costs what one with twenty thousand does.
/// `horizon` says how far back the history that was read goes.
package struct GitHistory: Sendable, Equatable {
  /// One file's history in what was read.
  package struct FileHistory: Sendable, Equatable {
    /// Seconds since 1970 (committer date) of the newest commit that changed the file.
    package var lastChange: Int64
    /// The commits that changed it, as indices into the read history (newest first, 0-based).
    package var commits: [Int32]

    package init(lastChange: Int64, commits: [Int32]) {
      self.lastChange = lastChange
      self.commits = commits
    }
  }

  /// The newest commit date in what was read (seconds since 1970): the rule's "now", so a scan
  /// of the same commit gives the same report whenever it runs.
  package var newest: Int64
  /// The oldest commit date in what was read.
  package var oldest: Int64
  /// Commits read (each changed at least one Swift file).
  package var commitCount: Int
  /// True when the bound stopped the read: older history exists and was not read.
  package var truncated: Bool
  /// By path relative to the scanned root.
  package var files: [String: FileHistory]

  package init(newest: Int64, oldest: Int64, commitCount: Int, truncated: Bool, files: [String: FileHistory]) {
    self.newest = newest
    self.oldest = oldest
    self.commitCount = commitCount
    self.truncated = truncated
    self.files = files
  }

  /// What reading the history gave.
  package enum Reading: Sendable, Equatable {
    case available(GitHistory)
    /// Why there is no history, in words: "not a git repository", "shallow clone", "--no-history".
    case unavailable(String)
  }

  /// Commits read at most: some years of a busy app's history.
  package static let maximumCommits = 20_000
  /// Bytes of git output read at most (paths of the commits above, with room to spare).
  package static let maximumBytes = 64 << 20

  /// Reads the history of the Swift files under `root` with one `git log`.
  ///
  /// Git runs only when a `.git` is found at or above `root` (looked for without git), through
  /// `GitRepository.run`: the safety options, no pager, and here also no signature check
  /// (`log.showSignature` would run `gpg.program`), no colour, no rename detection, no external
  /// diff or textconv. `log --name-only` compares trees; it never reads the work tree, so no
  /// filter driver runs.
  ///
  /// - Parameter run: runs git with the safety options, its output cut at the given bytes
  ///   (`GitRepository.run`; a test counts the calls through it).
  package static func read(
    root: String, maximumCommits: Int = GitHistory.maximumCommits, maximumBytes: Int = GitHistory.maximumBytes,
    run: (_ arguments: [String], _ maxOutput: Int) -> (status: Int32, output: [UInt8], errorText: String) = {
      GitRepository.run($0, maxOutput: $1)
    }
  ) -> Reading {
    guard ReportPaths(root: root).repositoryRoot != nil else { return .unavailable("not a git repository") }
    guard GitRepository.executable != nil else { return .unavailable("git is not on PATH") }
    // One cheap call before the log: a shallow clone's oldest commit looks as if it added every
    // file, so its history would say the opposite of the truth.
    let shallow = run(["-C", root, "rev-parse", "--is-shallow-repository"], .max)
    guard shallow.status == 0 else {
      return .unavailable(shallow.errorText.isEmpty ? "not a git repository" : "git: \(shallow.errorText)")
    }
    if shallow.output.starts(with: Array("true".utf8)) {
      return .unavailable("a shallow clone (fetch the history: 'git fetch --unshallow', or fetch-depth: 0)")
    }
    // `-C root` with `--relative` and a pathspec relative to it: paths come back relative to the
    // scanned folder, limited to its Swift files, whatever the folder's place in the repository.
    // Each commit is `NUL C<committer time> NUL LF path NUL path NUL …`: no path is empty, so an
    // empty field starts a commit whatever the names hold.
    let result = run(
      [
        "-C", root, "-c", "log.showRoot=true", "log", "--no-show-signature", "--no-color", "--no-renames",
        "--no-ext-diff", "--no-textconv", "--no-merges", "--no-mailmap", "-z", "--name-only", "--relative",
        "--format=%x00C%ct", "--max-count=\(maximumCommits)", "--end-of-options", "HEAD", "--", "*.swift",
      ], maximumBytes)
    let cut = result.output.count >= maximumBytes
    guard result.status == 0 || cut else {
      let detail = result.errorText.split(separator: "\n").first.map(String.init) ?? "status \(result.status)"
      return .unavailable(
        detail.contains("bad revision") || detail.contains("unknown revision")
          ? "the repository has no commit yet" : "git log failed: \(detail)")
    }
    guard var history = parse(result.output, complete: !cut) else {
      return .unavailable("no commit changed a Swift file here")
    }
    if history.commitCount >= maximumCommits { history.truncated = true }
    return .available(history)
  }

  /// Parses `git log -z --name-only --format=%x00C%ct` output. With `complete` false (the read
  /// was cut), the last commit, which may have lost paths, is dropped.
  package static func parse(_ output: [UInt8], complete: Bool) -> GitHistory? {
    // Paths are told apart by their bytes (`ByteStringSet`: one hash, no `String` per path of
    // each commit); each distinct path is decoded once at the end. Moving a file's entry out of
    // a `[String: FileHistory]` and back for each commit cost a tenth of a scan.
    var paths = ByteStringSet()
    var firstBytes: [ArraySlice<UInt8>] = []
    var entries: [FileHistory] = []
    var dates: [Int64] = []
    // Paths of the commit being read; recorded once its commit is known to be whole.
    var pending: [ArraySlice<UInt8>] = []
    var expectingHeader = false
    func flush() {
      guard let date = dates.last else { return }
      let index = Int32(dates.count - 1)
      for path in pending {
        let known = paths.index(inserting: path)
        if known < entries.count {
          entries[known].commits.append(index)
          if entries[known].lastChange < date { entries[known].lastChange = date }
        } else {
          firstBytes.append(path)
          entries.append(FileHistory(lastChange: date, commits: [index]))
        }
      }
      pending.removeAll(keepingCapacity: true)
    }
    var start = output.startIndex
    while start < output.endIndex {
      let end = output[start...].firstIndex(of: 0) ?? output.endIndex
      let field = output[start..<end]
      start = end + 1
      if field.isEmpty {
        expectingHeader = true
        continue
      }
      if expectingHeader {
        expectingHeader = false
        flush()
        guard field.first == UInt8(ascii: "C"), field.count > 1, field.count < 20 else { return nil }
        var date: Int64 = 0
        for byte in field.dropFirst() {
          guard (0x30...0x39).contains(byte) else { return nil }
          date = date * 10 + Int64(byte - 0x30)
        }
        dates.append(date)
        continue
      }
      guard !dates.isEmpty else { return nil }
      let path = field.first == 0x0A ? field.dropFirst() : field
      if !path.isEmpty { pending.append(path) }
    }
    if complete {
      flush()
    } else if !dates.isEmpty {
      // The read was cut: the last commit may have lost paths, so it is left out.
      dates.removeLast()
    }
    guard let newest = dates.max(), let oldest = dates.min() else { return nil }
    var files: [String: FileHistory] = [:]
    files.reserveCapacity(entries.count)
    for (bytes, entry) in zip(firstBytes, entries) { files[FileName.text(bytes)] = entry }
    return GitHistory(newest: newest, oldest: oldest, commitCount: dates.count, truncated: !complete, files: files)
  }
}
