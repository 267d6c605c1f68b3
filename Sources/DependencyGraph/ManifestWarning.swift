/// Something `PackageManifestScanner` could not read statically. The scan goes on without it.
///
/// Warnings are data (a line and the names involved); callers format them. `line` is 1-based.
package enum ManifestWarning: Sendable, Hashable, CustomStringConvertible {
  /// No `Package(…)` call: not a manifest the scanner understands.
  case packageNotFound
  /// A bracket without its partner; what follows it may be incomplete.
  case unbalancedBracket(line: Int)
  /// A list argument (`targets:`, `dependencies:`, …) built in a way the scanner does not follow,
  /// such as a helper function or a `map`.
  case unreadableList(label: String, line: Int)
  /// An element of `targets:` that is not a target factory call.
  case unreadableTarget(line: Int)
  /// A target, product or dependency whose name is not a literal or a string constant (built in
  /// a loop, say).
  case unresolvedName(line: Int)
  /// A dependency spelling the scanner does not know.
  case unreadableDependency(line: Int)
  /// Two targets with one name; the first is kept.
  case duplicateTarget(name: String, line: Int)
  /// Constants defined in terms of each other deeper than the scanner follows.
  case tooDeep(line: Int)
  /// More warnings than are worth reporting; the rest were dropped.
  case tooManyWarnings

  /// The warning as one line of text for people.
  package var description: String {
    switch self {
    case .packageNotFound: return "no `Package(...)` call found"
    case .unbalancedBracket(let line): return "line \(line): unbalanced bracket"
    case .unreadableList(let label, let line): return "line \(line): cannot read `\(label):` statically"
    case .unreadableTarget(let line): return "line \(line): cannot read this target statically"
    case .unresolvedName(let line): return "line \(line): name is not a string literal or constant"
    case .unreadableDependency(let line): return "line \(line): cannot read this dependency statically"
    case .duplicateTarget(let name, let line): return "line \(line): duplicate target `\(name)`"
    case .tooDeep(let line): return "line \(line): constants nest too deeply"
    case .tooManyWarnings: return "further manifest warnings dropped"
    }
  }
}
