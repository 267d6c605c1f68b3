import FoundationEssentials
import SwiftLexer

#if canImport(Glibc)
  import Glibc
#endif

/// The testable core of the `migrate-scan` executable.
package enum CommandLineTool {
  /// Runs one invocation and returns its exit status. Never exits the process itself.
  ///
  /// - Parameters:
  ///   - arguments: the command-line arguments, without the program name.
  ///   - io: where the report and the diagnostics go.
  package static func run(_ arguments: [String], io: inout some TextOutput) -> ExitCode {
    // A closed pipe must surface as EPIPE (handled in StandardIO), not kill the process.
    signal(SIGPIPE, SIG_IGN)
    Interruption.install()
    let status = execute(arguments, io: &io)
    // A closed pipe keeps the run's status (a failed check stays failed under `| head`); any
    // other failed write lost output, which is a failure to run, in every format.
    if case .failed(let reason)? = io.outFailure {
      io.errLine("error: cannot write to standard output: \(reason); the output is incomplete (use --output FILE)")
      return .runtimeError
    }
    return status
  }

  private static func execute(_ arguments: [String], io: inout some TextOutput) -> ExitCode {
    let invocation: Invocation
    do {
      invocation = try Arguments.parse(arguments)
    } catch {
      io.errLine("error: \(error)")
      io.err(Help.seeHelp)
      return .usage
    }
    do throws(CLIError) {
      switch invocation.command {
      case .help:
        io.out(invocation.helpTopic.map(Help.text(for:)) ?? Help.text)
        return .success
      case .version:
        io.out("migrate-scan \(MigrateScanVersion.current)\n")
        return .success
      case .tokens:
        return try runTokens(invocation, io: &io)
      case .scan:
        return try runScan(invocation, io: &io)
      case .check:
        return try runCheck(invocation, io: &io)
      case .rules:
        return try runRules(invocation, io: &io)
      case .explain:
        return try runExplain(invocation, io: &io)
      case .diff:
        return try runDiff(invocation, io: &io)
      }
    } catch {
      io.errLine("error: \(error)")
      if error.isUsageError { io.err(Help.seeHelp) }
      return error.exitCode
    }
  }

  /// `migrate-scan tokens FILE...`: the lexer's view of each file, in the vectors' dump format.
  private static func runTokens(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    var failed = false
    for path in invocation.arguments {
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        io.errLine("error: '\(path)' is a folder; 'tokens' takes Swift files (to scan a folder: migrate-scan \(path))")
        failed = true
        continue
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        io.errLine("error: cannot read '\(path)': no such file, or not readable; check the path")
        failed = true
        continue
      }
      if invocation.arguments.count > 1 { io.outLine("# \(path)") }
      io.out(Lexer.tokenize([UInt8](data)).dump())
    }
    return failed ? .runtimeError : .success
  }
}
