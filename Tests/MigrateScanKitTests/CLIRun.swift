import Foundation
import MigrateScanKit
import MigrateScanTestSupport

/// Runs the CLI in-process and captures what it printed.
struct CLIRun {
  var stdout: String
  var stderr: String
  var status: ExitCode

  init(_ arguments: [String]) {
    var io = CapturedOutput()
    status = CommandLineTool.run(arguments, io: &io)
    stdout = io.stdout
    stderr = io.stderr
  }

  /// Output, errors and status in one text, for CLI goldens; volatile parts replaced.
  var transcript: String {
    "exit: \(status.rawValue)\n--- stdout\n\(CLIRun.stable(stdout))--- stderr\n\(CLIRun.stable(stderr))"
  }

  /// Replaces the package root and the version with placeholders.
  static func stable(_ text: String) -> String {
    text.replacingOccurrences(of: FixturePaths.packageRoot.path, with: "{{ROOT}}")
      .replacingOccurrences(of: MigrateScanVersion.current, with: Golden.versionPlaceholder)
  }
}
