/// Everything that stops the command line from running, with all message text in one place.
///
/// Usage errors exit 64 and are followed by the usage line; runtime errors exit 2 and say what
/// failed, on what, and what to do.
package enum CLIError: Error, Equatable, CustomStringConvertible {
  case unknownOption(String, suggestion: String?)
  case missingValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  case unexpectedArgument(String)
  case missingArgument(command: String, what: String)
  case conflictingOptions(String, String)
  case unknownRule(String, suggestion: String?)
  /// A runtime failure, already worded by the layer that knows what failed.
  case runtime(String)

  /// True for mistakes on the command line (exit 64); false for failures to run (exit 2).
  package var isUsageError: Bool {
    switch self {
    case .runtime, .unknownRule: return false
    default: return true
    }
  }

  package var exitCode: ExitCode { isUsageError ? .usage : .runtimeError }

  package var description: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      return "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let option):
      return "option '\(option)' needs a value"
    case .invalidValue(let option, let value, let expected):
      return "invalid value '\(value)' for '\(option)'; expected \(expected)"
    case .unexpectedArgument(let argument):
      return "unexpected argument '\(argument)'"
    case .missingArgument(let command, let what):
      return "'\(command)' needs \(what)"
    case .conflictingOptions(let first, let second):
      return "'\(first)' cannot be used with '\(second)'"
    case .unknownRule(let id, let suggestion):
      return "no rule with id '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; 'migrate-scan rules' lists them"
    case .runtime(let message):
      return message
    }
  }
}

/// Suggestions for mistyped names ("did you mean"), by edit distance.
package enum Suggestion {
  /// The candidate closest to `input`, when it is close enough to be a likely typo.
  package static func closest(to input: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates.sorted() {
      let distance = editDistance(Array(input.utf8), Array(candidate.utf8))
      if best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    return distance <= max(2, candidate.utf8.count / 3) ? candidate : nil
  }

  /// Levenshtein distance with adjacent transpositions counted as one edit.
  package static func editDistance(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
      current[0] = i
      for j in 1...rhs.count {
        let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && lhs[i - 1] == rhs[j - 2] && lhs[i - 2] == rhs[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      previousPrevious = previous
      previous = current
    }
    return previous[rhs.count]
  }
}
