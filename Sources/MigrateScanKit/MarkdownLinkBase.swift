/// The way from the folder a Markdown report is written to, to the scanned root: what each link
/// target starts with so the links work from where the file is (`--output docs/plan.md` → `../`).
package enum MarkdownLinkBase {
  /// Empty when the file is written into the root itself; `../`-steps, then the root's path below
  /// the common folder, ending in `/`, otherwise. Both are resolved first (links, `.`, `..`), so a
  /// relative root and an absolute output (or the reverse) agree. Nil when either cannot be
  /// resolved (then links stay relative to the root).
  package static func from(outputFile: String, toRoot root: String) -> String? {
    let folder = outputFile.contains("/") ? String(outputFile[..<outputFile.lastIndex(of: "/")!]) : "."
    return from(folder: folder.isEmpty ? "/" : folder, toRoot: root)
  }

  /// The same from a folder (`.` for a report on stdout, read from the current directory).
  package static func from(folder: String, toRoot root: String) -> String? {
    guard let from = RealPath.resolve(folder), let to = RealPath.resolve(root) else {
      return nil
    }
    return relative(from: from, to: to)
  }

  /// `to` as seen from `from`, both absolute and resolved.
  package static func relative(from: String, to: String) -> String {
    let fromParts = from.split(separator: "/")
    let toParts = to.split(separator: "/")
    var common = 0
    while common < fromParts.count && common < toParts.count && fromParts[common] == toParts[common] { common += 1 }
    let ups = Array(repeating: "..", count: fromParts.count - common)
    let downs = toParts[common...].map(String.init)
    let parts = ups + downs
    return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
  }
}
