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
    var steps = 0
    return matches(path, steps: &steps)
  }

  /// `matches(_:)`, adding to `steps` one per component and character comparison: the work
  /// counter the scaling tests hold to (globs × path) growth.
  package func matches(_ path: String, steps: inout Int) -> Bool {
    var parts = Array(path.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    if parts.first.map({ $0.elementsEqual([UInt8(ascii: ".")]) }) ?? false { parts.removeFirst() }
    if basenameOnly {
      guard let last = parts.last, let only = components.first else { return false }
      return Self.matchComponent(only[...], last, steps: &steps)
    }
    return Self.matchComponents(components, parts, steps: &steps)
  }

  /// Component-level matching, with `**` as the wildcard and each other component as one
  /// "character": the same greedy algorithm as `matchComponent`, one level up. On a mismatch
  /// only the last `**` is retried, one component further on; an earlier `**` never needs to
  /// be, because anything it could absorb the last one absorbs too. So the work is at most
  /// globs × path depth component matches, where trying every split of every `**` was
  /// exponential (ten `**` against a 25-deep path: 26 s).
  private static func matchComponents(_ globs: [[UInt8]], _ parts: [ArraySlice<UInt8>], steps: inout Int) -> Bool {
    let doubleStar: [UInt8] = [UInt8(ascii: "*"), UInt8(ascii: "*")]
    var g = 0
    var p = 0
    var starG = -1
    var starP = -1
    while p < parts.count {
      steps += 1
      if g < globs.count && globs[g] == doubleStar {
        starG = g
        starP = p
        g += 1
      } else if g < globs.count && matchComponent(globs[g][...], parts[p], steps: &steps) {
        g += 1
        p += 1
      } else if starG >= 0 {
        g = starG + 1
        starP += 1
        p = starP
      } else {
        return false
      }
    }
    while g < globs.count && globs[g] == doubleStar { g += 1 }
    return g == globs.count
  }

  /// `*`/`?` matching inside one component, linear apart from retrying the last `*`: the
  /// classic wildcard algorithm, so `a*a*a*b` on a long name cannot go exponential.
  private static func matchComponent(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, steps: inout Int) -> Bool {
    let star = UInt8(ascii: "*")
    let question = UInt8(ascii: "?")
    var g = glob.startIndex
    var t = text.startIndex
    var starG = -1
    var starT = -1
    while t < text.endIndex {
      steps += 1
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
