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
}
