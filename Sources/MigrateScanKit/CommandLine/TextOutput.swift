import Reports
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why standard output could not take everything written to it.
package enum OutputFailure: Sendable, Equatable {
  /// The reader went away (`EPIPE`, as in `migrate-scan … | head`): not a failure of the run,
  /// which keeps its own exit status.
  case closed
  /// Any other failed write (`ENOSPC` on a full disk or `/dev/full`): the output is lost, and
  /// the run fails with exit 2.
  case failed(String)
}

/// Where the command-line tool writes: the report to `out`, diagnostics and progress to `err`.
///
/// Passed to `CommandLineTool.run` as a parameter (no global print hook), so tests run the CLI
/// in-process and in parallel.
package protocol TextOutput {
  mutating func out(_ text: String)
  mutating func err(_ text: String)
  /// True when standard error is a terminal (progress lines are shown only then).
  var errIsTerminal: Bool { get }
  /// Takes a report's bytes a chunk at a time, when `out` can (the real standard output), so a
  /// large report is never held whole; nil when `out` wants the report as one text.
  var outStream: (@Sendable ([UInt8]) -> Void)? { get }
  /// The first write to `out` that failed, if any; what comes after it is dropped.
  var outFailure: OutputFailure? { get }
}

extension TextOutput {
  /// By default the report comes whole, through `out`.
  package var outStream: (@Sendable ([UInt8]) -> Void)? { nil }
  /// By default every write succeeds.
  package var outFailure: OutputFailure? { nil }
}

/// The process's real standard output and standard error.
///
/// Every write is checked. A failed write to stdout is kept (`outFailure`) and later output is
/// dropped, so `CommandLineTool.run` can end with exit 2 and a message, or, for a closed pipe,
/// with the run's own status: a failed check piped into `head` still fails. A failed write to
/// stderr has nowhere to be reported and is dropped.
package struct StandardIO: TextOutput {
  /// Shared by the copies of this value and by `outStream`, which runs on other threads.
  private let failure = FailureBox()

  package init() {}

  package mutating func out(_ text: String) { StandardIO.write(text, to: 1, failure: failure) }
  package mutating func err(_ text: String) { StandardIO.write(text, to: 2, failure: failure) }
  package var errIsTerminal: Bool { isatty(2) == 1 }
  package var outStream: (@Sendable ([UInt8]) -> Void)? {
    { [failure] bytes in StandardIO.write(bytes, to: 1, failure: failure) }
  }
  package var outFailure: OutputFailure? { failure.value.withLock { $0 } }

  private final class FailureBox: Sendable {
    let value = Mutex<OutputFailure?>(nil)
  }

  private static func write(_ text: String, to descriptor: Int32, failure: FailureBox) {
    var text = text
    text.withUTF8 { buffer in write(buffer, to: descriptor, failure: failure) }
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32, failure: FailureBox) {
    bytes.withUnsafeBufferPointer { buffer in write(buffer, to: descriptor, failure: failure) }
  }

  private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32, failure: FailureBox) {
    if descriptor == 1 && failure.value.withLock({ $0 != nil }) { return }
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        let reason: OutputFailure = errno == EPIPE ? .closed : .failed(String(cString: strerror(errno)).lowercased())
        if descriptor == 1 { failure.value.withLock { $0 = $0 ?? reason } }
        return
      }
      offset += written
    }
  }
}

/// Output captured in memory, for tests.
package struct CapturedOutput: TextOutput {
  package var stdout = ""
  package var stderr = ""
  package var errIsTerminal = false

  package init() {}

  package mutating func out(_ text: String) { stdout += text }
  package mutating func err(_ text: String) { stderr += text }
}

extension TextOutput {
  /// Writes one line to `out` through `TextSanitizer.humanLine`, then a newline: what `check`
  /// prints for people and CI runners, never raw text from the scanned tree.
  package mutating func outLine(_ line: String) { out(TextSanitizer.humanLine(line) + "\n") }

  /// Writes one line to `err` through `TextSanitizer.humanLine`, then a newline: every warning
  /// and error message.
  package mutating func errLine(_ line: String) { err(TextSanitizer.humanLine(line) + "\n") }
}
