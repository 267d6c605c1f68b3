import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress line on standard error (`files done / total, rate`), for long scans on a terminal.
///
/// Shown only when enabled (stderr is a terminal and not `--quiet`) and only once the scan has
/// run for about a second, so short runs and CI logs stay clean. Workers call `advance()`; the
/// one that crosses a quarter-second mark prints, so no extra thread is needed.
package final class Progress: Sendable {
  private let total: Int
  private let enabled: Bool
  private let clock: @Sendable () -> Double
  private let output: @Sendable (String) -> Void
  private let start: Double
  private let done = Atomic<Int>(0)
  /// The time of the last print, in milliseconds since `start`.
  private let lastPrint = Atomic<Int>(0)
  private let printed = Atomic<Bool>(false)

  /// A progress line for `total` files.
  ///
  /// - Parameters:
  ///   - clock: seconds on a monotonic clock (tests pass their own, so no test waits).
  ///   - output: where the line goes (standard error unless a test captures it).
  package init(
    total: Int, enabled: Bool, clock: @escaping @Sendable () -> Double = Progress.now,
    output: @escaping @Sendable (String) -> Void = Progress.writeToStandardError
  ) {
    self.total = total
    self.enabled = enabled
    self.clock = clock
    self.output = output
    self.start = clock()
  }

  /// Records one finished file.
  package func advance() {
    let count = done.wrappingAdd(1, ordering: .relaxed).newValue
    guard enabled else { return }
    let elapsed = Int((clock() - start) * 1000)
    let last = lastPrint.load(ordering: .relaxed)
    guard elapsed >= 1000, elapsed - last >= 250,
      lastPrint.compareExchange(expected: last, desired: elapsed, ordering: .relaxed).exchanged
    else { return }
    printed.store(true, ordering: .relaxed)
    let rate = Double(count) / (Double(elapsed) / 1000)
    output("\rscanning: \(count)/\(total) files, \(Int(rate)) files/s ")
  }

  /// Clears the progress line, if one was shown.
  package func finish() {
    if printed.load(ordering: .relaxed) { output("\r\u{1B}[K") }
  }

  /// Seconds on the monotonic clock.
  package static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Writes `text` to file descriptor 2 directly, unbuffered.
  package static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
  }
}
