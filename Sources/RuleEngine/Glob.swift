/// A path glob from a rule's `paths`: `*` and `?` within one path component, `**` across any
/// number of components (including none).
///
/// Paths are matched as written, with `/` separators, relative to the scan root (the scanner
/// passes `Sources/App/Feed.swift`, not an absolute path). A glob with no `/` is matched against
/// the last component only, as in `.gitignore`: `*Tests.swift` matches `Tests/AppTests.swift`.
/// Examples: `**/Tests/**` matches `Tests/A.swift` and `Pkg/Tests/Unit/B.swift`;
/// `Sources/*/Legacy?.swift` matches `Sources/App/Legacy1.swift` but not `Sources/App/Sub/Legacy1.swift`.
package struct Glob: Sendable, Equatable {
  /// The glob as written.
  package let text: String
  private let components: [[UInt8]]
  private let basenameOnly: Bool

  package init(_ text: String) {
    self.text = text
    let bytes = Array(text.utf8)
    self.basenameOnly = !bytes.contains(UInt8(ascii: "/"))
    self.components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
  }

  /// True when `path` matches the glob.
  package func matches(_ path: String) -> Bool {
    var parts = Array(path.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    if parts.first.map({ $0.elementsEqual([UInt8(ascii: ".")]) }) ?? false { parts.removeFirst() }
    if basenameOnly {
      guard let last = parts.last, let only = components.first else { return false }
      return Self.matchComponent(only[...], last)
    }
    return Self.matchComponents(components[...], parts[...])
  }

  /// Component-level matching; `**` tries every number of components. The recursion depth is
  /// bounded by the glob's component count, and the work by components × path depth, which are
  /// both small.
  private static func matchComponents(_ globs: ArraySlice<[UInt8]>, _ parts: ArraySlice<ArraySlice<UInt8>>) -> Bool {
    guard let glob = globs.first else { return parts.isEmpty }
    if glob == [UInt8(ascii: "*"), UInt8(ascii: "*")] {
      var rest = parts
      while true {
        if matchComponents(globs.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let part = parts.first, matchComponent(glob[...], part) else { return false }
    return matchComponents(globs.dropFirst(), parts.dropFirst())
  }

  /// `*`/`?` matching inside one component, linear apart from retrying the last `*`: the
  /// classic wildcard algorithm, so `a*a*a*b` on a long name cannot go exponential.
  private static func matchComponent(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    let star = UInt8(ascii: "*")
    let question = UInt8(ascii: "?")
    var g = glob.startIndex
    var t = text.startIndex
    var starG = -1
    var starT = -1
    while t < text.endIndex {
      if g < glob.endIndex && (glob[g] == question || glob[g] == text[t]) && glob[g] != star {
        g += 1
        t += 1
      } else if g < glob.endIndex && glob[g] == star {
        starG = g
        starT = t
        g += 1
      } else if starG >= 0 {
        g = starG + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while g < glob.endIndex && glob[g] == star { g += 1 }
    return g == glob.endIndex
  }
}
