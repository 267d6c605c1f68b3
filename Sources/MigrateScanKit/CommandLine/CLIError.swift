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
  /// An option the command does not read, with the commands that do.
  case inapplicableOption(String, command: String, appliesTo: [String])
  /// An option that means something only beside another.
  case needsOption(String, needs: String)
  case unknownRule(String, suggestion: String?)
  /// A first argument that is no command and no path, spelled like a command.
  case unknownCommand(String, suggestion: String)
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
      if second == "scan" { return "'\(first)' goes with 'check': use 'migrate-scan check \(first)'" }
      if second == "check" { return "'\(first)' goes with a scan: use 'migrate-scan \(first) FILE'" }
      return "'\(first)' cannot be used with '\(second)'"
    case .inapplicableOption(let option, let command, let commands):
      return
        "'\(option)' does not apply to '\(command)'; it goes with \(commands.map { "'\($0)'" }.joined(separator: ", "))"
    case .needsOption(let option, let needs):
      return "'\(option)' applies only with \(needs)"
    case .unknownRule(let id, let suggestion):
      return "no rule with id '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; 'migrate-scan rules' lists them"
    case .unknownCommand(let word, let suggestion):
      return "'\(word)' is not a command nor a path; did you mean '\(suggestion)'?"
    case .runtime(let message):
      return message
    }
  }
}
