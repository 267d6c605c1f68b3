import MigrateScanKit
import Synchronization
import Testing

/// The progress line (issue 8): only on a terminal, never with `--quiet` or a machine format on
/// stdout, and only once a scan has run for about a second. A fake clock drives it: no test waits.
@Suite struct ProgressTests {
  /// A clock the test moves by hand, and the text the line would have printed.
  final class Recorder: Sendable {
    let time = Mutex<Double>(100)
    let lines = Mutex<[String]>([])

    func progress(total: Int, enabled: Bool = true) -> Progress {
      Progress(
        total: total, enabled: enabled, clock: { self.time.withLock { $0 } },
        output: { text in self.lines.withLock { $0.append(text) } })
    }

    func at(_ seconds: Double) { time.withLock { $0 = 100 + seconds } }
    var printed: [String] { lines.withLock { $0 } }
  }

  @Test func silentForTheFirstSecondThenAtMostFourTimesASecond() {
    let recorder = Recorder()
    let progress = recorder.progress(total: 40)
    recorder.at(0.5)
    progress.advance()
    #expect(recorder.printed.isEmpty, "a short scan shows nothing")
    recorder.at(1.0)
    progress.advance()
    #expect(recorder.printed == ["\rscanning: 2/40 files, 2 files/s "])
    recorder.at(1.1)
    progress.advance()
    #expect(recorder.printed.count == 1, "no second line within a quarter second")
    recorder.at(2.0)
    progress.advance()
    #expect(recorder.printed.last == "\rscanning: 4/40 files, 2 files/s ")
    progress.finish()
    #expect(recorder.printed.last == "\r\u{1B}[K", "the line is cleared at the end")
  }

  @Test func nothingWhenDisabledOrNeverShown() {
    let recorder = Recorder()
    let disabled = recorder.progress(total: 3, enabled: false)
    recorder.at(5)
    disabled.advance()
    disabled.finish()
    #expect(recorder.printed.isEmpty)

    let quick = recorder.progress(total: 3)
    quick.advance()
    quick.finish()
    #expect(recorder.printed.isEmpty, "no clearing sequence when no line was shown")
  }

  static func showsProgress(_ arguments: [String], terminal: Bool) throws -> Bool {
    var io = CapturedOutput()
    io.errIsTerminal = terminal
    let invocation = try #require(try? Arguments.parse(arguments))
    return CommandLineTool.showsProgress(invocation: invocation, io: io, outputs: try invocation.outputs())
  }

  @Test func shownOnlyOnATerminalWithoutQuietOrAMachineFormatOnStdout() throws {
    #expect(try Self.showsProgress(["."], terminal: true))
    #expect(try Self.showsProgress(["--output", "r.json", "."], terminal: true))
    #expect(try !Self.showsProgress(["."], terminal: false))
    #expect(try !Self.showsProgress(["--quiet", "."], terminal: true))
    #expect(try !Self.showsProgress(["--format", "json", "."], terminal: true))
    #expect(try !Self.showsProgress(["--format", "sarif", "."], terminal: true))
  }
}
