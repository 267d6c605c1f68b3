#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of the file system a scanned tree owns: its git repository (the nearest folder at or
/// above the root holding `.git`), or the root itself outside a repository.
///
/// A configuration file in the tree is written by whoever wrote the tree (a fork's pull
/// request), so the files it names (`rulesFiles`, `baseline`) must lie inside this boundary once
/// every link and `..` is resolved: otherwise it could make the scan read any file the CI user
/// can read. Paths given on the command line are trusted and never checked.
package struct TreeBoundary: Sendable {
  /// The boundary folder, resolved.
  package let folder: [UInt8]

  /// The boundary of the tree at `root` (a folder, or a single file).
  package init(root: String) {
    var start = RealPath.resolve(Array(root.utf8)) ?? Array(root.utf8)
    if !TreeBoundary.isDirectory(start), let slash = start.lastIndex(of: UInt8(ascii: "/")) {
      start = slash == 0 ? [UInt8(ascii: "/")] : Array(start[..<slash])
    }
    var candidate = start
    while true {
      if TreeBoundary.exists(candidate + Array("/.git".utf8)) {
        folder = candidate
        return
      }
      guard let slash = candidate.lastIndex(of: UInt8(ascii: "/")), candidate.count > 1 else { break }
      candidate = slash == 0 ? [UInt8(ascii: "/")] : Array(candidate[..<slash])
    }
    folder = start
  }

  /// Where `path` leads once resolved: its real path, or, for a file that does not exist yet,
  /// its resolved folder plus its name; nil when not even the folder exists (nothing to read).
  package static func resolve(_ path: String) -> [UInt8]? {
    if let resolved = RealPath.resolve(Array(path.utf8)) { return resolved }
    let bytes = Array(path.utf8)
    let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
    let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
    let parent = slash.map { $0 == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<$0]) } ?? Array(".".utf8)
    guard name != Array("..".utf8), name != Array(".".utf8), let folder = RealPath.resolve(parent) else {
      return nil
    }
    return folder + [UInt8(ascii: "/")] + name
  }

  /// Whether `path` resolves inside the boundary (a missing path whose folder is missing too
  /// counts as inside: it cannot be read, and reading it fails with its own error).
  package func contains(_ path: String) -> Bool {
    guard let resolved = TreeBoundary.resolve(path) else { return true }
    return RealPath.relative(resolved, inside: folder) != nil
  }

  /// `path`, named by `key` in the configuration file `configuration` (or, with no key, the
  /// configuration file itself), when it resolves inside the boundary.
  ///
  /// - Throws: `CLIError.runtime` naming the file, the key, the path and where it leads (exit 2).
  package func confine(_ path: String, key: String?, configuration: String) throws(CLIError) -> String {
    guard !contains(path) else { return path }
    let target = TreeBoundary.resolve(path).map { String(decoding: $0, as: UTF8.self) } ?? path
    let what =
      key.map { "configuration \(configuration): '\($0)' names '\(path)', which resolves" }
      ?? "configuration '\(path)' resolves"
    throw .runtime(
      "\(what) to '\(target)', outside the repository '\(String(decoding: folder, as: UTF8.self))'; a "
        + "configuration in the repository may name only files inside it (give a file from elsewhere on the "
        + "command line: --config, --add-rules, --baseline)")
  }

  private static func exists(_ path: [UInt8]) -> Bool {
    var info = stat()
    return (path + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lstat($0, &info) == 0 }
    }
  }

  private static func isDirectory(_ path: [UInt8]) -> Bool {
    var info = stat()
    let found = (path + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { stat($0, &info) == 0 }
    }
    return found && info.st_mode & S_IFMT == S_IFDIR
  }
}
