/// The exit statuses of `migrate-scan`, with fixed meanings (ruff's 0/1/2 plus `EX_USAGE`).
package enum ExitCode: Int32, Sendable {
  /// The run completed.
  case success = 0
  /// A check failed: the policy found something it fails on.
  case policyFailure = 1
  /// Could not run: unreadable path, bad rules or configuration, unwritable output.
  case runtimeError = 2
  /// The command line was wrong.
  case usage = 64
}
