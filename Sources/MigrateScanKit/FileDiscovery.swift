import ScanModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Swift file found under a scanned root.
package struct DiscoveredFile: Sendable, Equatable {
  /// The path to open, as raw bytes (file names need not be UTF-8).
  package var pathBytes: [UInt8]
  /// The path relative to the scanned root, `/`-separated, for reports (bytes that are not UTF-8
  /// escaped as `FileName` says, so two names never become one).
  package var relativePath: String
  /// Size in bytes when it was found.
  package var size: Int

  /// The path to open, as a String (lossy for non-UTF-8 names; use `pathBytes` to open).
  package var path: String { String(decoding: pathBytes, as: UTF8.self) }
}

/// What the walk found: the files to scan, and what it passed over with the reason.
package struct Discovery: Sendable {
  package var files: [DiscoveredFile] = []
  package var skipped: [(path: String, reason: SkipReason)] = []
  /// Project descriptions the module graph reads as text (`*.xcodeproj/project.pbxproj`,
  /// `*.xcconfig`), sorted by path. Not Swift sources: never lexed, never counted.
  package var projectFiles: [DiscoveredFile] = []
}

/// Walks a directory tree for `.swift` files, without following links unless asked.
///
/// Uses `opendir`/`readdir`/`lstat` on raw bytes: names with newlines, quotes or invalid UTF-8
/// are kept exactly. Links: one whose target (all links and `..` resolved) is inside the root is
/// an alias, and the walk reaches the target under its own path; one out of the root is skipped
/// with the reason, since the tree (a pull request) must not make the scan read files it does not
/// hold. With `followSymlinks` both are followed, and what they lead to is filtered and reported
/// under its real path, once; directories already visited are recognised by device and inode,
/// so a link loop cannot hang the walk.
package struct FileDiscovery: Sendable {
  /// Directory names never entered: build output, VCS metadata, vendored dependencies.
  package static let defaultExcludedDirectories: Set<String> = [
    ".build", ".git", ".hg", ".svn", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules",
  ]

  /// File-name endings of generated sources, never scanned: nobody migrates them by hand, and
  /// their generator is where a change belongs.
  package static let defaultExcludedFileSuffixes = [".generated.swift", ".pb.swift", ".g.swift"]

  package var followSymlinks = false
  package var maxFileSize = 20_000_000
  /// Threads reading directories at once; 1 walks on the calling thread.
  package var jobs = 1
  /// Extra exclusion, applied to root-relative paths (files and directories).
  package var isExcluded: @Sendable (String) -> Bool = { _ in false }
  /// Inclusion filter applied to root-relative file paths (default: every `.swift` file).
  package var isIncluded: @Sendable (String) -> Bool = { _ in true }

  /// The root with its links resolved: a link's target inside it is an alias.
  private var resolvedRoot: [UInt8] = []

  package init() {}

  /// Walks `root` (a directory or a single file).
  ///
  /// - Throws: `CLIError.runtime` when `root` itself does not exist or cannot be read.
  package func discover(root: String) throws(CLIError) -> Discovery {
    var discovery = Discovery()
    var info = stat()
    guard stat(root, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      throw .runtime("cannot scan '\(root)': \(reason.lowercased()); check the path and its permissions")
    }
    if info.st_mode & S_IFMT != S_IFDIR {
      // A FIFO or a device as the root would block the read or never end: refused up front.
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw .runtime(
          "cannot scan '\(root)': it is \(SourceReader.kindName(info.st_mode)), not a folder or a Swift file")
      }
      let name = root.split(separator: "/").last.map(String.init) ?? root
      // The root is given on the command line, so a link there is followed; the reader opens
      // without following links, so it gets the resolved path.
      let resolved = RealPath.resolve(Array(root.utf8)) ?? Array(root.utf8)
      discovery.files.append(DiscoveredFile(pathBytes: resolved, relativePath: name, size: Int(info.st_size)))
      return discovery
    }
    guard let probe = opendir(root) else {
      let reason = String(cString: strerror(errno))
      throw .runtime("cannot read directory '\(root)': \(reason.lowercased()); check its permissions")
    }
    closedir(probe)

    let walker = {
      var walker = self
      walker.resolvedRoot = RealPath.resolve(Array(root.utf8)) ?? Array(root.utf8)
      return walker
    }()
    var visited: Set<DirectoryIdentity> = [DirectoryIdentity(info)]
    let rootBytes = Array(root.utf8)
    // Takes one folder's findings; returns its subfolders not entered yet, in name order.
    func merge(_ scan: FolderScan) -> [([UInt8], String)] {
      discovery.files += scan.found.files
      discovery.skipped += scan.found.skipped
      discovery.projectFiles += scan.found.projectFiles
      return scan.folders.filter { visited.insert($0.identity).inserted }.map { ($0.path, $0.relative) }
    }
    if followSymlinks || jobs <= 1 {
      // Depth first on one thread: which of two links to one folder is walked must not depend on
      // timing, and followed links are where that happens.
      var stack: [([UInt8], String)] = [(rootBytes, "")]
      while let (directory, relative) = stack.popLast() {
        stack += merge(walker.scan(directory, relative: relative))
      }
    } else {
      // A level at a time, the folders of a level read in parallel: on a large tree the walk was
      // a tenth of a scan's wall time, all on one thread. Results are merged in folder order.
      var level: [([UInt8], String)] = [(rootBytes, "")]
      while !level.isEmpty {
        let current = level
        let scans = ParallelMap.map(count: current.count, jobs: jobs) { index in
          walker.scan(current[index].0, relative: current[index].1)
        }
        level = scans.flatMap(merge)
      }
    }
    discovery.files.sort { UTF8Order.precedes($0.relativePath, $1.relativePath) }
    if followSymlinks {
      // Two links to one file (or a link and the file) lead to one real path: listed once.
      var seen: Set<String> = []
      discovery.files.removeAll { !seen.insert($0.relativePath).inserted }
    }
    discovery.skipped.sort { UTF8Order.precedes($0.path, $1.path) }
    discovery.projectFiles.sort { UTF8Order.precedes($0.relativePath, $1.relativePath) }
    return discovery
  }

  /// What reading one folder found: its Swift files and skipped entries, and its subfolders
  /// (for the walk to enter once each).
  private struct FolderScan: Sendable {
    var found = Discovery()
    var folders: [(path: [UInt8], relative: String, identity: DirectoryIdentity)] = []
  }

  /// Reads one folder and looks at each entry.
  private func scan(_ directory: [UInt8], relative: String) -> FolderScan {
    var result = FolderScan()
    guard let entries = readDirectory(directory) else {
      result.found.skipped.append((relative.isEmpty ? "." : relative, .directoryNotReadable))
      return result
    }
    let slash = UInt8(ascii: "/")
    for name in entries {
      let display = FileName.text(name)
      // Each path is built in one buffer of its final size: `relative + "/" + display` made an
      // intermediate String, and appending to a copy of `directory` grew it twice.
      var childRelative = display
      if !relative.isEmpty {
        childRelative = relative
        childRelative.reserveCapacity(relative.utf8.count + 1 + display.utf8.count)
        childRelative.append("/")
        childRelative.append(display)
      }
      var childPath: [UInt8] = []
      childPath.reserveCapacity(directory.count + 1 + name.count)
      childPath.append(contentsOf: directory)
      if childPath.last != slash { childPath.append(slash) }
      childPath.append(contentsOf: name)
      visit(childPath, relative: childRelative, name: display, into: &result)
    }
    return result
  }

  private func visit(_ path: [UInt8], relative: String, name: String, into result: inout FolderScan) {
    var (path, relative, name) = (path, relative, name)
    var info = stat()
    let statusOK = path.withCString { lstat($0, &info) == 0 }
    guard statusOK else {
      result.found.skipped.append((relative, .cannotStat(String(cString: strerror(errno)).lowercased())))
      return
    }
    var type = info.st_mode & S_IFMT
    if type == S_IFLNK {
      var target = stat()
      guard let resolved = RealPath.resolve(path), resolved.withCString({ stat($0, &target) == 0 }) else {
        if name.hasSuffix(".swift") { result.found.skipped.append((relative, .brokenLink)) }
        return
      }
      type = target.st_mode & S_IFMT
      let inside = RealPath.relative(resolved, inside: resolvedRoot)
      guard followSymlinks else {
        // A link inside the root is an alias: the walk reaches its target under the target's
        // own path, so following it would count the file twice. A link out of the root would
        // read a file the tree does not hold (and report it under an in-tree name).
        if inside == nil && (type == S_IFDIR || name.hasSuffix(".swift")) {
          result.found.skipped.append((relative, .linkOutsideRoot(target: FileDiscovery.text(resolved))))
        }
        return
      }
      // Followed: what it leads to is walked, filtered and reported under its real path
      // (relative to the root when inside it), and opened by that path, never through the link.
      // A file reached both ways is listed once (`discover` drops the twin).
      path = resolved
      relative = inside.map { FileDiscovery.text(Array($0)) } ?? FileDiscovery.text(resolved)
      name = relative.split(separator: "/").last.map(String.init) ?? relative
      if inside != nil && isInExcludedFolder(relative) { return }
      info = target
    }
    if type == S_IFDIR {
      if FileDiscovery.defaultExcludedDirectories.contains(name) || isExcluded(relative) { return }
      // A directory reached twice (a link loop, or two links to one place) is walked once: the
      // walk enters a folder only the first time it meets its identity.
      result.folders.append((path, relative, DirectoryIdentity(info)))
      return
    }
    if type == S_IFREG, FileDiscovery.isProjectFile(name: name, relative: relative), !isExcluded(relative),
      !isInExcludedFolder(relative)
    {
      // Read whatever `include` says: they describe the modules of the files that are scanned.
      result.found.projectFiles.append(DiscoveredFile(pathBytes: path, relativePath: relative, size: Int(info.st_size)))
      return
    }
    guard type == S_IFREG, admitsFile(relative, name: name) else { return }
    if Int(info.st_size) > maxFileSize {
      result.found.skipped.append((relative, .tooLarge(limit: maxFileSize)))
      return
    }
    result.found.files.append(DiscoveredFile(pathBytes: path, relativePath: relative, size: Int(info.st_size)))
  }

  /// Whether a file at `relative` (root-relative, named `name`) is one to scan once the walk
  /// reaches it: a `.swift` file, included, not excluded, not generated.
  private func admitsFile(_ relative: String, name: String) -> Bool {
    name.hasSuffix(".swift") && isIncluded(relative) && !isExcluded(relative)
      && !FileDiscovery.defaultExcludedFileSuffixes.contains(where: name.hasSuffix)
  }

  /// Whether the walk would scan a file at `relative` (root-relative, `/`-separated) if it is a
  /// regular file within the size limit: the one answer `check --staged`/`--since` and the scan
  /// share, so both see the same files of a tree.
  package func admits(_ relative: String) -> Bool {
    let name = relative.split(separator: "/").last.map(String.init) ?? relative
    return admitsFile(relative, name: name) && !isInExcludedFolder(relative)
  }

  /// Whether the walk would hand a file at `relative` to the module graph as a project file
  /// (`project.pbxproj`, `.xcconfig`, a workspace's contents): what a check must compare on both
  /// sides, since a project file decides which target compiles a file and its deployment target.
  package func admitsProjectFile(_ relative: String) -> Bool {
    let name = relative.split(separator: "/").last.map(String.init) ?? relative
    return FileDiscovery.isProjectFile(name: name, relative: relative) && !isExcluded(relative)
      && !isInExcludedFolder(relative)
  }

  /// Whether the walk would never enter a folder on the way to `relative` (a root-relative
  /// path): a never-entered name (`Pods`, `.build`, …) or a folder the configuration excludes.
  package func isInExcludedFolder(_ relative: String) -> Bool {
    var folder = Substring(relative)
    var components = relative.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    while let name = components.popLast() {
      folder = folder[..<name.endIndex]
      if FileDiscovery.defaultExcludedDirectories.contains(String(name)) || isExcluded(String(folder)) { return true }
    }
    return false
  }

  /// A name or path as text for reports.
  static func text(_ bytes: [UInt8]) -> String { FileName.text(bytes) }

  /// The names of the entries of a directory worth a look, sorted by name; nil when it cannot
  /// be read.
  ///
  /// Left out: `.` and `..`, and, when the directory entry tells their type, regular files
  /// without the `.swift` suffix and excluded folders. Most entries are such files (assets,
  /// plists) and are passed over here, on the entry's own bytes, without an array, a String or
  /// a `stat`.
  private func readDirectory(_ path: [UInt8]) -> [[UInt8]]? {
    guard let handle = path.withCString({ opendir($0) }) else { return nil }
    defer { closedir(handle) }
    var entries: [[UInt8]] = []
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(handle) {
      let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
      let name = UnsafeBufferPointer(start: start, count: strlen(start))
      let type = entry.pointee.d_type
      if type == UInt8(DT_REG) && !FileDiscovery.hasSwiftSuffix(name) && !FileDiscovery.mayBeProjectFile(name) {
        continue
      }
      if type == UInt8(DT_DIR) && FileDiscovery.isExcludedDirectory(name) { continue }
      if name.count <= 2 && name.allSatisfy({ $0 == UInt8(ascii: ".") }) && !name.isEmpty { continue }
      entries.append(Array(name))
    }
    entries.sort { lhs, rhs in
      lhs.withUnsafeBufferPointer { left in
        rhs.withUnsafeBufferPointer { right in
          let common = min(left.count, right.count)
          if common > 0 {
            let order = memcmp(left.baseAddress!, right.baseAddress!, common)
            if order != 0 { return order < 0 }
          }
          return left.count < right.count
        }
      }
    }
    return entries
  }

  private static let swiftSuffix = Array(".swift".utf8)
  private static let xcconfigSuffix = Array(".xcconfig".utf8)
  private static let projectFileName = Array("project.pbxproj".utf8)
  private static let workspaceFileName = Array("contents.xcworkspacedata".utf8)
  private static let yamlSuffixes = [Array(".yml".utf8), Array(".yaml".utf8)]

  /// Whether a regular file is one the module graph reads: `project.pbxproj` inside a
  /// `.xcodeproj` folder, or an `.xcconfig`.
  static func isProjectFile(name: String, relative: String) -> Bool {
    (name == "project.pbxproj" && relative.hasSuffix(".xcodeproj/project.pbxproj")) || name.hasSuffix(".xcconfig")
      || (name == "contents.xcworkspacedata" && relative.hasSuffix(".xcworkspace/contents.xcworkspacedata")
        && !relative.contains(".xcodeproj/"))
      || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
  }

  /// The cheap test on a directory entry's bytes, before any String exists.
  private static func mayBeProjectFile(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    (name.count == projectFileName.count && name.elementsEqual(projectFileName))
      || (name.count == workspaceFileName.count && name.elementsEqual(workspaceFileName))
      || yamlSuffixes.contains { name.count >= $0.count && name[(name.count - $0.count)...].elementsEqual($0) }
      || (name.count >= xcconfigSuffix.count
        && name[(name.count - xcconfigSuffix.count)...].elementsEqual(xcconfigSuffix))
  }
  private static let excludedDirectoryBytes = defaultExcludedDirectories.map { Array($0.utf8) }

  private static func hasSwiftSuffix(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    name.count >= swiftSuffix.count && name[(name.count - swiftSuffix.count)...].elementsEqual(swiftSuffix)
  }

  /// Whether `name` is one of `defaultExcludedDirectories`: a few short names, compared in place.
  private static func isExcludedDirectory(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    excludedDirectoryBytes.contains { $0.count == name.count && $0.elementsEqual(name) }
  }
}

/// A directory's identity on disk, for recognising it when a link leads back to it.
private struct DirectoryIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with a NUL-terminated copy of the bytes (on the stack for a usual path: a
  /// heap copy per `lstat` showed in the walk's cost).
  fileprivate func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
      withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
      buffer[count] = 0
      return body(UnsafePointer(buffer.baseAddress!))
    }
  }
}
