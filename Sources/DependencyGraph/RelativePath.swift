/// Helpers for `/`-separated paths relative to the scanned root ("" is the root itself).
///
/// The graph is pure, so it never asks the file system; these helpers only rewrite strings.
enum RelativePath {
  /// Joins `base` and `relative`, resolving `.` and `..` (never above the root) and dropping
  /// empty components: `join("Pkg", "./Sources/../Lib/")` → `Pkg/Lib`.
  static func join(_ base: String, _ relative: String) -> String {
    var components: [Substring] = []
    for part in base.split(separator: "/") + relative.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        if !components.isEmpty { components.removeLast() }
        continue
      }
      components.append(part)
    }
    return components.joined(separator: "/")
  }

  /// The folder holding `path` ("" for a file at the root).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// The last component of `path`.
  static func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Every folder above `path`, deepest first, ending with the root "".
  static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var current = directory(of: path)
    while true {
      result.append(current)
      if current.isEmpty { return result }
      current = directory(of: current)
    }
  }

  /// `path` relative to `folder`, when it lies inside it.
  static func relative(_ path: String, to folder: String) -> String? {
    if folder.isEmpty { return path }
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }
}
