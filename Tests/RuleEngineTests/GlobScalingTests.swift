import RuleEngine
import Testing

/// Globs from a repository's rules and configuration are hostile input: their matching work is
/// held to (glob components × path depth) by a step counter, never timed.
@Suite struct GlobScalingTests {
  /// `stars` `**` components separated by `a`, then `b`, against a path of `depth` `a`s that
  /// ends in `c`: every split of every `**` fails, which took 26 s at ten `**` and depth 25.
  static func steps(stars: Int, depth: Int) -> (matched: Bool, steps: Int) {
    let glob = Glob(Array(repeating: "**/a", count: stars).joined(separator: "/") + "/**/b")
    let path = Array(repeating: "a", count: depth).joined(separator: "/") + "/c"
    var steps = 0
    let matched = glob.matches(path, steps: &steps)
    return (matched, steps)
  }

  @Test func manyDoubleStarsAgainstADeepPathAreQuick() {
    let result = Self.steps(stars: 10, depth: 25)
    #expect(!result.matched)
    #expect(result.steps <= 2 * 21 * 26, "steps \(result.steps)")
  }

  @Test func doublingThePathAtMostDoublesTheWork() {
    let small = Self.steps(stars: 10, depth: 200).steps
    let large = Self.steps(stars: 10, depth: 400).steps
    #expect(large <= 2 * small + 100, "small \(small), large \(large)")
  }

  @Test func doublingTheGlobAtMostDoublesTheWork() {
    let small = Self.steps(stars: 50, depth: 100).steps
    let large = Self.steps(stars: 100, depth: 100).steps
    #expect(large <= 2 * small + 100, "small \(small), large \(large)")
  }

  @Test func aLongComponentStaysLinear() {
    let glob = Glob("*a*a*a*a*a*a*a*a*b")
    var small = 0
    var large = 0
    #expect(!glob.matches(String(repeating: "a", count: 1_000), steps: &small))
    #expect(!glob.matches(String(repeating: "a", count: 2_000), steps: &large))
    #expect(large <= 2 * small + 100, "small \(small), large \(large)")
  }

  /// The greedy matcher agrees with trying every split (the former matcher) on every small glob
  /// and path over a tiny alphabet.
  @Test func agreesWithExhaustiveMatching() {
    let globParts = ["**", "a", "*", "b?", "?"]
    let pathParts = ["a", "b", "ab", "bb"]
    let globs = Self.sequences(of: globParts, upTo: 4)
    let paths = Self.sequences(of: pathParts, upTo: 4)
    for glob in globs where glob.count >= 2 {
      let compiled = Glob(glob.joined(separator: "/"))
      for path in paths {
        let expected = Self.exhaustive(glob[...], path[...])
        #expect(compiled.matches(path.joined(separator: "/")) == expected, "\(glob) \(path)")
      }
    }
  }

  /// Every sequence of `parts` up to `length` long.
  private static func sequences(of parts: [String], upTo length: Int) -> [[String]] {
    var result: [[String]] = [[]]
    var last: [[String]] = [[]]
    for _ in 0..<length {
      last = last.flatMap { prefix in parts.map { prefix + [$0] } }
      result += last
    }
    return result
  }

  private static func exhaustive(_ glob: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = glob.first else { return path.isEmpty }
    if first == "**" {
      return (0...path.count).contains { exhaustive(glob.dropFirst(), path.dropFirst($0)) }
    }
    guard let part = path.first, component(Array(first.utf8)[...], Array(part.utf8)[...]) else { return false }
    return exhaustive(glob.dropFirst(), path.dropFirst())
  }

  private static func component(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    guard let first = glob.first else { return text.isEmpty }
    if first == UInt8(ascii: "*") {
      return (0...text.count).contains { component(glob.dropFirst(), text.dropFirst($0)) }
    }
    guard let byte = text.first, first == UInt8(ascii: "?") || first == byte else { return false }
    return component(glob.dropFirst(), text.dropFirst())
  }
}
