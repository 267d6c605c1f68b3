import ScanModel

#if canImport(Glibc)
  import Glibc
#endif

extension GitRepository {
  /// The files a change is made of: Swift sources, and the project files that decide their
  /// modules (`project.pbxproj`, `.xcconfig`, a workspace's `contents.xcworkspacedata`).
  /// XcodeGen's `project.yml` is one; the files it includes are not (any `.yml` would do).
  static let comparedPathspecs = [
    "*.swift", "*.pbxproj", "*.xcconfig", "*.xcworkspacedata", "project.yml", "*/project.yml",
  ]

  /// Whether `path` is one of `comparedPathspecs`.
  static func isCompared(_ path: String) -> Bool {
    path.hasSuffix(".swift") || path.hasSuffix(".pbxproj") || path.hasSuffix(".xcconfig")
      || path.hasSuffix(".xcworkspacedata") || path == "project.yml" || path.hasSuffix("/project.yml")
  }

  /// What a change touches: the changed and deleted Swift files (and project files), and where their old contents
  /// come from. New contents are read by the check itself: from the index (`:path`) for a staged
  /// change, through the scan's own reader for `--since`.
  package struct ChangeSet: Sendable {
    /// The object the old contents come from: an object id, or `HEAD` for a staged change.
    package var oldRevision: String
    /// The added, modified and renamed Swift files, sorted by path.
    package var changes: [Change]
    /// The Swift files the change deletes, sorted by path. The gate reads what they held: a
    /// wrapper moved out of a deleted file into a new one is not new (`FindingPairing`).
    package var deleted: [String] = []
  }

  /// The staged change: the index compared with `HEAD` (or, before the first commit, everything
  /// in the index). `diff-index --cached` compares the index's blobs with the tree and never
  /// looks at the work tree, so no filter driver runs.
  package func stagedChange() throws(CLIError) -> ChangeSet {
    guard let head = headCommit() else {
      let paths = try comparedFilesInIndex()
      return ChangeSet(oldRevision: "HEAD", changes: paths.map { Change(path: $0, oldPath: nil) }.sorted(by: byPath))
    }
    let changes = try nameStatus(["diff-index", "--cached", head], describing: "git diff-index")
    let deleted = try deletedFiles(["diff-index", "--cached", head], describing: "git diff-index")
    return ChangeSet(oldRevision: "HEAD", changes: changes, deleted: deleted)
  }

  /// The change since `revision`: the work tree compared with the merge base of `revision` and
  /// `HEAD` (`mergeBase(of:)`).
  ///
  /// git compares only trees: the commits since the merge base come from `diff-tree` (with
  /// renames), and the work tree's edits on top of `HEAD` are found by migrate-scan itself,
  /// reading each tracked Swift file and comparing its bytes with `HEAD`'s blob. git never reads
  /// the work tree, so it never runs a filter driver. Files that are not in `HEAD` or the index
  /// (untracked files) are not part of the change, as with `git diff REV`.
  ///
  /// - Throws: `CLIError.runtime` for a bad revision, a missing merge base, or a git failure.
  package func change(since revision: String) throws(CLIError) -> ChangeSet {
    let base = try mergeBase(of: revision)
    guard let head = headCommit() else { throw .runtime("the repository '\(topLevel)' has no commit yet") }
    let committed = try nameStatus(["diff-tree", "-r", base, head], describing: "git diff-tree")
    let committedOldPath = Dictionary(committed.map { ($0.path, $0.oldPath) }, uniquingKeysWith: { first, _ in first })
    // Renames staged on top of HEAD (`git mv` not yet committed), from the index alone.
    let staged = try nameStatus(["diff-index", "--cached", head], describing: "git diff-index")
    let pathInHead = Dictionary(
      staged.compactMap { change in change.oldPath.map { (change.path, $0) } }, uniquingKeysWith: { first, _ in first })
    let headFiles = try comparedFiles(inTree: head)
    let baseFiles = try comparedFiles(inTree: base)
    var candidates = Set(headFiles.keys)
    candidates.formUnion(try comparedFilesInIndex())

    var onDisk: [String: [UInt8]] = [:]
    for path in candidates {
      if let bytes = readRegularFile(topLevel + "/" + path) { onDisk[path] = bytes }
    }
    // A file the commits did not touch is changed when its bytes differ from HEAD's. Sizes
    // decide most; a blob is fetched only when the sizes agree.
    var sameSize: [(path: String, objectID: String)] = []
    var changes: [Change] = []
    for (path, bytes) in onDisk {
      // Where the file was in HEAD, then where it was at the merge base.
      let headPath = pathInHead[path] ?? path
      if let oldPath = committedOldPath[headPath] {
        changes.append(Change(path: path, oldPath: oldPath))
      } else if headPath == path, let entry = headFiles[path], entry.size == bytes.count {
        sameSize.append((path, entry.objectID))
      } else {
        changes.append(Change(path: path, oldPath: baseFiles[headPath] == nil ? nil : headPath))
      }
    }
    // In a SHA-1 repository the blob id of the bytes read says it; otherwise the blobs are
    // fetched, in slices, so the blobs of a large tree are never held at once.
    if usesSHA1() {
      for (path, objectID) in sameSize where onDisk[path].map(GitBlobID.sha1(ofBlob:)) != objectID {
        changes.append(Change(path: path, oldPath: baseFiles[path] == nil ? nil : path))
      }
      sameSize.removeAll()
    }
    for slice in stride(from: 0, to: sameSize.count, by: 256) {
      let files = sameSize[slice..<min(slice + 256, sameSize.count)]
      let blobs = blobs(named: files.map(\.objectID))
      for (path, blob) in zip(files.map(\.path), blobs) where blob != onDisk[path] {
        changes.append(Change(path: path, oldPath: baseFiles[path] == nil ? nil : path))
      }
    }
    changes.sort(by: byPath)
    // Deleted: at the merge base, and neither on disk now nor the old side of a rename.
    let renamedFrom = Set(changes.compactMap(\.oldPath))
    let deleted = baseFiles.keys.filter { onDisk[$0] == nil && !renamedFrom.contains($0) }
      .sorted { UTF8Order.precedes($0, $1) }
    return ChangeSet(oldRevision: base, changes: changes, deleted: deleted)
  }

  /// True when the repository names objects by SHA-1 (git's default), so `GitBlobID` applies.
  private func usesSHA1() -> Bool {
    let result = git(["rev-parse", "--show-object-format"])
    return result.status == 0 && result.output.elementsEqual("sha1\n".utf8)
  }

  /// The Swift files a `diff-index --cached` (`command`) deletes, renames left out.
  private func deletedFiles(_ command: [String], describing name: String) throws(CLIError) -> [String] {
    let arguments =
      command + ["--name-only", "-z", "-M", "--no-ext-diff", "--no-textconv", "--diff-filter=D", "--"]
      + GitRepository.comparedPathspecs
    let result = git(arguments)
    guard result.status == 0 else { throw .runtime("\(name) failed in '\(topLevel)': \(result.errorText)") }
    return result.output.split(separator: 0).map { FileName.text(Array($0)) }.sorted { UTF8Order.precedes($0, $1) }
  }

  /// Runs a `diff-tree`/`diff-index` (`command`, ending in the trees or commits compared) over
  /// the Swift files, with renames, and reads its `--name-status -z` answer.
  private func nameStatus(_ command: [String], describing name: String) throws(CLIError) -> [Change] {
    let arguments =
      command + ["--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", "--diff-filter=ACMR", "--"]
      + GitRepository.comparedPathspecs
    let result = git(arguments)
    guard result.status == 0 else { throw .runtime("\(name) failed in '\(topLevel)': \(result.errorText)") }
    // Names as the walk writes them (`FileName`): a name that is not UTF-8 stays itself.
    let fields = result.output.split(separator: 0, omittingEmptySubsequences: false).map { FileName.text($0) }
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
    return changes.sorted(by: byPath)
  }

  private func byPath(_ first: Change, _ second: Change) -> Bool { UTF8Order.precedes(first.path, second.path) }

  /// The bytes of the regular file at `path`, or nil when it is missing or not a regular file. A
  /// symbolic link is not followed (`O_NOFOLLOW`) and a FIFO cannot block the read
  /// (`O_NONBLOCK`, then `fstat` on the descriptor).
  private func readRegularFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }
}
