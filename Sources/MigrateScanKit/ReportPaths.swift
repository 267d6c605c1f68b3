import Reports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a scan's reports say its files are: relative to the repository root when the scanned
/// folder is inside a git work tree, else to the scanned folder; xcode and `check` lines
/// absolute. Finding paths (and so fingerprints and baselines) stay relative to the scanned
/// folder: only the rendering changes.
package struct ReportPaths: Sendable, Equatable {
  /// The scanned folder, resolved; nil when it cannot be resolved (then paths are as today).
  package var scannedRoot: String?
  /// The work tree holding it, or nil outside one.
  package var repositoryRoot: String?

  /// Finds the work tree by walking up from the resolved folder to the first one holding `.git`
  /// (a folder, or the file a linked worktree or submodule has); git itself never runs.
  package init(root: String) {
    scannedRoot = Self.folder(of: root)
    guard let start = scannedRoot else { return }
    var folder = start
    while true {
      var info = stat()
      if lstat(folder == "/" ? "/.git" : folder + "/.git", &info) == 0 {
        repositoryRoot = folder
        return
      }
      guard folder != "/", let slash = folder.lastIndex(of: "/") else { return }
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
    }
  }

  /// The scanned folder's place in the repository (empty, or ending in `/`).
  package var repositoryPrefix: String {
    guard let scannedRoot, let repositoryRoot, scannedRoot != repositoryRoot else { return "" }
    let top = repositoryRoot == "/" ? "/" : repositoryRoot + "/"
    return scannedRoot.hasPrefix(top) ? String(scannedRoot.dropFirst(top.count)) + "/" : ""
  }

  /// `file` (relative to the scanned folder) as an absolute path, for xcode and `check` lines.
  /// Resolves only the root (no walk up to a repository), for the lines a check prints.
  package static func absolute(_ file: String, root: String) -> String {
    if file.hasPrefix("/") { return file }
    guard let scannedRoot = folder(of: root) else { return root == "." ? file : root + "/" + file }
    return (scannedRoot == "/" ? "/" : scannedRoot + "/") + file
  }

  /// `root` resolved, or the folder holding it when it is a file: a scan of one file names it
  /// by its own name, so the folder is what its paths are relative to
  /// (`Sources/Loader.swift/Loader.swift` was no path an editor could open).
  static func folder(of root: String) -> String? {
    guard let resolved = RealPath.resolve(root) else { return nil }
    var info = stat()
    guard stat(resolved, &info) == 0, info.st_mode & S_IFMT != S_IFDIR,
      let slash = resolved.lastIndex(of: "/")
    else { return resolved }
    return slash == resolved.startIndex ? "/" : String(resolved[..<slash])
  }

  /// The render settings for these paths.
  package func apply(to options: inout RenderOptions) {
    guard let scannedRoot else { return }
    options.xcodePathBase = scannedRoot == "/" ? "/" : scannedRoot + "/"
    options.repositoryPathPrefix = repositoryPrefix
    options.sarifSourceRoot = repositoryRoot ?? scannedRoot
  }
}
