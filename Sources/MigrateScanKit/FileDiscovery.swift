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
  /// The path relative to the scanned root, `/`-separated, for reports (invalid UTF-8 repaired).
  package var relativePath: String
  /// Size in bytes when it was found.
  package var size: Int

  /// The path to open, as a String (lossy for non-UTF-8 names; use `pathBytes` to open).
  package var path: String { String(decoding: pathBytes, as: UTF8.self) }
}

/// What the walk found: the files to scan, and what it passed over with the reason.
package struct Discovery: Sendable {
  package var files: [DiscoveredFile] = []
  package var skipped: [(path: String, reason: String)] = []
}

/// Walks a directory tree for `.swift` files, without following directory links unless asked.
///
/// Uses `opendir`/`readdir`/`lstat` on raw bytes: names with newlines, quotes or invalid UTF-8
/// are kept exactly, and a link loop cannot hang the walk (links are not followed by default; when
/// they are, directories already visited are recognised by device and inode).
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
      let name = root.split(separator: "/").last.map(String.init) ?? root
      discovery.files.append(DiscoveredFile(pathBytes: Array(root.utf8), relativePath: name, size: Int(info.st_size)))
      return discovery
    }
    guard let probe = opendir(root) else {
      let reason = String(cString: strerror(errno))
      throw .runtime("cannot read directory '\(root)': \(reason.lowercased()); check its permissions")
    }
    closedir(probe)

    var visited: Set<DirectoryIdentity> = [DirectoryIdentity(info)]
    let rootBytes = Array(root.utf8)
    // Takes one folder's findings; returns its subfolders not entered yet, in name order.
    func merge(_ scan: FolderScan) -> [([UInt8], String)] {
      discovery.files += scan.found.files
      discovery.skipped += scan.found.skipped
      return scan.folders.filter { visited.insert($0.identity).inserted }.map { ($0.path, $0.relative) }
    }
    if followSymlinks || jobs <= 1 {
      // Depth first on one thread: which of two links to one folder is walked must not depend on
      // timing, and followed links are where that happens.
      var stack: [([UInt8], String)] = [(rootBytes, "")]
      while let (directory, relative) = stack.popLast() {
        stack += merge(scan(directory, relative: relative))
      }
    } else {
      // A level at a time, the folders of a level read in parallel: on a large tree the walk was
      // a tenth of a scan's wall time, all on one thread. Results are merged in folder order.
      var level: [([UInt8], String)] = [(rootBytes, "")]
      while !level.isEmpty {
        let current = level
        let scans = ParallelMap.map(count: current.count, jobs: jobs) { index in
          self.scan(current[index].0, relative: current[index].1)
        }
        level = scans.flatMap(merge)
      }
    }
    discovery.files.sort { UTF8Order.precedes($0.relativePath, $1.relativePath) }
    discovery.skipped.sort { UTF8Order.precedes($0.path, $1.path) }
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
      result.found.skipped.append((relative.isEmpty ? "." : relative, "directory not readable"))
      return result
    }
    for (name, type) in entries {
      // Most entries are other files (assets, plists) or excluded folders: when the directory
      // entry already tells, they are passed over without a `stat` or a String.
      if type == UInt8(DT_REG) && !FileDiscovery.hasSwiftSuffix(name) { continue }
      if type == UInt8(DT_DIR) && FileDiscovery.excludedDirectoryBytes.contains(name) { continue }
      let display = String(decoding: name, as: UTF8.self)
      let childRelative = relative.isEmpty ? display : relative + "/" + display
      var childPath = directory
      if childPath.last != UInt8(ascii: "/") { childPath.append(UInt8(ascii: "/")) }
      childPath.append(contentsOf: name)
      visit(childPath, relative: childRelative, name: display, into: &result)
    }
    return result
  }

  private func visit(_ path: [UInt8], relative: String, name: String, into result: inout FolderScan) {
    var info = stat()
    let statusOK = path.withCString { lstat($0, &info) == 0 }
    guard statusOK else {
      result.found.skipped.append((relative, "cannot stat: \(String(cString: strerror(errno)).lowercased())"))
      return
    }
    var type = info.st_mode & S_IFMT
    if type == S_IFLNK {
      var target = stat()
      guard path.withCString({ stat($0, &target) == 0 }) else {
        if name.hasSuffix(".swift") { result.found.skipped.append((relative, "broken symbolic link")) }
        return
      }
      type = target.st_mode & S_IFMT
      if type == S_IFDIR && !followSymlinks { return }
      info = target
    }
    if type == S_IFDIR {
      if FileDiscovery.defaultExcludedDirectories.contains(name) || isExcluded(relative) { return }
      // A directory reached twice (a link loop, or two links to one place) is walked once: the
      // walk enters a folder only the first time it meets its identity.
      result.folders.append((path, relative, DirectoryIdentity(info)))
      return
    }
    guard type == S_IFREG, name.hasSuffix(".swift"), isIncluded(relative), !isExcluded(relative),
      !FileDiscovery.defaultExcludedFileSuffixes.contains(where: name.hasSuffix)
    else { return }
    if Int(info.st_size) > maxFileSize {
      result.found.skipped.append((relative, "larger than \(maxFileSize) bytes (--max-file-size)"))
      return
    }
    result.found.files.append(DiscoveredFile(pathBytes: path, relativePath: relative, size: Int(info.st_size)))
  }

  /// The entry names of a directory (without `.` and `..`) with their `d_type` (`DT_UNKNOWN`
  /// when the file system does not say), sorted by name; nil when it cannot be read.
  private func readDirectory(_ path: [UInt8]) -> [(name: [UInt8], type: UInt8)]? {
    guard let handle = path.withCString({ opendir($0) }) else { return nil }
    defer { closedir(handle) }
    var entries: [(name: [UInt8], type: UInt8)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return Array(bytes[0..<length])
      }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      entries.append((name, entry.pointee.d_type))
    }
    return entries.sorted { $0.name.lexicographicallyPrecedes($1.name) }
  }

  private static let swiftSuffix = Array(".swift".utf8)
  private static let excludedDirectoryBytes = Set(defaultExcludedDirectories.map { Array($0.utf8) })

  private static func hasSwiftSuffix(_ name: [UInt8]) -> Bool {
    name.count >= swiftSuffix.count && name.suffix(swiftSuffix.count).elementsEqual(swiftSuffix)
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
  /// Calls `body` with a NUL-terminated copy of the bytes.
  fileprivate func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
    var terminated = self
    terminated.append(0)
    return terminated.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
    }
  }
}
