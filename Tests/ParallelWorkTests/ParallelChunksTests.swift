import Dispatch
import ParallelWork
import Testing

@Suite struct ParallelChunksTests {
  @Test(arguments: [0, 1, 5, 127, 128, 129, 1000, 4099])
  func resultsComeInIndexOrderWhateverTheThreadCount(count: Int) {
    let serial = ParallelChunks.map(count: count, jobs: 1) { $0 * $0 }
    #expect(serial == (0..<count).map { $0 * $0 })
    for jobs in [2, 3, 8] {
      #expect(ParallelChunks.map(count: count, jobs: jobs) { $0 * $0 } == serial)
      #expect(ParallelChunks.map(count: count, jobs: jobs, minimumChunk: 1) { $0 * $0 } == serial)
    }
  }

  @Test func bothReturnsEachResultInPlace() {
    for jobs in [1, 2] {
      let (text, number) = ParallelChunks.both(jobs: jobs, { "first" }, { 2 })
      #expect(text == "first")
      #expect(number == 2)
    }
  }

  /// Each side of `both` may run a parallel loop of its own whose two iterations wait for each
  /// other: run one after the other (an apply nested in another, as it was), the first waits
  /// out its timeout.
  @Test func bothLeavesEachSideFreeToRunInParallel() {
    @Sendable func handshake() -> Bool {
      let (ready, answered) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
      let met = ParallelChunks.map(count: 2, jobs: 2, minimumChunk: 1) { index -> Bool in
        if index == 0 {
          ready.signal()
          return answered.wait(timeout: .now() + 10) == .success
        }
        answered.signal()
        return ready.wait(timeout: .now() + 10) == .success
      }
      return met.allSatisfy { $0 }
    }
    let (first, second) = ParallelChunks.both(jobs: 2, { handshake() }, { handshake() })
    #expect(first)
    #expect(second)
  }

  /// Called many times, `both` never trips Swift's check that its non-escaping closures did
  /// not outlive the call (the other thread lets go of its closure before it signals).
  @Test func bothLetsGoOfItsClosuresBeforeReturning() {
    var total = 0
    for round in 0..<2_000 {
      let (a, b) = ParallelChunks.both(jobs: 2, { round }, { round * 2 })
      total += a + b
    }
    #expect(total == 3 * (0..<2_000).reduce(0, +))
  }
}
