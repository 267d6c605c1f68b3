import ScanModel

/// Helpers for `/`-separated paths relative to the scanned root ("" is the root itself).
///
/// The graph is pure, so it never asks the file system; these helpers only rewrite strings.
/// They work on the UTF-8 view: `/` is one byte, and the `Character` view's grapheme breaking
/// made `lastIndex(of: "/")` the largest single cost of resolving modules (4% of a scan).
enum RelativePath {
  private static let separator = UInt8(ascii: "/")

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
    guard let slash = path.lastIndex(ofUTF8: separator) else { return "" }
    return String(path[..<slash])
  }

  /// The last component of `path`.
  static func lastComponent(of path: String) -> String { path.afterLast(separator) }

  /// Every folder above `path`, deepest first, ending with the root "".
  static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var end: String.Index? = nil
    while let slash = path.lastIndex(ofUTF8: separator, before: end) {
      let folder = String(path[..<slash])
      result.append(folder)
      // A leading `/` leaves "" already: the root is listed once.
      if folder.isEmpty { return result }
      end = slash
    }
    result.append("")
    return result
  }

  /// `path` relative to `folder`, when it lies inside it.
  static func relative(_ path: String, to folder: String) -> String? {
    if folder.isEmpty { return path }
    let utf8 = path.utf8
    let count = folder.utf8.count
    guard utf8.count > count, utf8.starts(with: folder.utf8) else { return nil }
    let slash = utf8.index(utf8.startIndex, offsetBy: count)
    guard utf8[slash] == separator else { return nil }
    return String(path[utf8.index(after: slash)...])
  }
}
