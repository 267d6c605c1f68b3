#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
}

extension TextOutput {
  /// By default the report comes whole, through `out`.
  package var outStream: (@Sendable ([UInt8]) -> Void)? { nil }
}

/// The process's real standard output and standard error.
package struct StandardIO: TextOutput {
  package init() {}

  package mutating func out(_ text: String) { StandardIO.write(text, to: 1) }
  package mutating func err(_ text: String) { StandardIO.write(text, to: 2) }
  package var errIsTerminal: Bool { isatty(2) == 1 }
  package var outStream: (@Sendable ([UInt8]) -> Void)? { { bytes in StandardIO.write(bytes, to: 1) } }

  /// Writes all of `text` to a file descriptor. A closed pipe (`EPIPE`) ends the process
  /// quietly with status 0, as ruff does: `migrate-scan … | head` is not an error.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in write(buffer, to: descriptor) }
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { buffer in write(buffer, to: descriptor) }
  }

  private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { exit(0) }
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
