import MigrateScanKit
import Synchronization
import Testing

/// Files are analysed on several threads, largest first; results come back in input order.
@Suite struct ParallelMapTests {
  @Test(arguments: [1, 2, 3, 8])
  func everyItemOnceInInputOrder(_ jobs: Int) {
    let calls = Mutex<[Int]>([])
    let schedule = Array((0..<200).reversed())
    let results = ParallelMap.map(count: 200, jobs: jobs, schedule: schedule) { index in
      calls.withLock { $0.append(index) }
      return index * 3
    }
    #expect(results == (0..<200).map { $0 * 3 })
    #expect(calls.withLock { $0.sorted() } == Array(0..<200))
  }

  @Test func oneThreadStartsItemsInScheduleOrder() {
    let calls = Mutex<[Int]>([])
    _ = ParallelMap.map(count: 4, jobs: 1, schedule: [2, 0, 3, 1]) { index in calls.withLock { $0.append(index) } }
    #expect(calls.withLock { $0 } == [2, 0, 3, 1])
  }

  @Test func theLargestFileStartsFirst() {
    // One 5 MB generated file among small ones goes first; ties keep path order.
    #expect(ScanSession.largestFirst([10, 5_000_000, 10, 300, 7]) == [1, 3, 0, 2, 4])
    #expect(ScanSession.largestFirst([]) == [])
  }
}
