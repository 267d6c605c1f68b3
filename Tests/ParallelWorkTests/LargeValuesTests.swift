import Foundation
import ParallelWork
import Testing

/// In-process runs (these tests, a long-lived host) free a run's large values, on another
/// thread: only the executable, one run per process, leaves them for exit.
@Suite struct LargeValuesTests {
  private final class Tracked: Sendable {}

  @Test func aDroppedValueIsFreedInProcess() async throws {
    weak var watched: Tracked?
    do {
      let value = [Tracked()]
      watched = value[0]
      LargeValues.drop(value)
    }
    // Freed on a background queue: give it a moment.
    for _ in 0..<200 where watched != nil { try await Task.sleep(nanoseconds: 5_000_000) }
    #expect(watched == nil)
  }
}
