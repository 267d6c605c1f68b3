import Dispatch
import Synchronization

/// Runs independent work items on several threads and returns the results in input order.
///
/// Items are handed out one at a time from a shared counter (dynamic scheduling), in the order
/// `schedule` gives, so one 5 MB generated file among thousands of small ones occupies one worker
/// while the others drain the rest. Results land in their input slot, so output order never
/// depends on the thread count or timing.
package enum ParallelMap {
  /// Applies `work` to every index in `0..<count` using up to `jobs` threads.
  ///
  /// - Parameters:
  ///   - count: the number of items.
  ///   - jobs: the number of threads; 1 runs everything on the calling thread.
  ///   - schedule: the order to start items in (e.g. largest first); defaults to index order.
  ///   - work: the item's work; must be safe to call concurrently.
  package static func map<Result: Sendable>(
    count: Int, jobs: Int, schedule: [Int]? = nil, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    let order = schedule ?? Array(0..<count)
    if jobs <= 1 || count <= 1 {
      var slots = [Result?](repeating: nil, count: count)
      for index in order { slots[index] = work(index) }
      return slots.map { $0! }
    }
    let next = Atomic<Int>(0)
    let collected = Mutex<[(Int, Result)]>([])
    collected.withLock { $0.reserveCapacity(count) }
    DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
      var local: [(Int, Result)] = []
      while true {
        let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
        if position >= order.count { break }
        let index = order[position]
        local.append((index, work(index)))
      }
      collected.withLock { $0.append(contentsOf: local) }
    }
    var slots = [Result?](repeating: nil, count: count)
    for (index, result) in collected.withLock({ $0 }) { slots[index] = result }
    return slots.map { $0! }
  }
}
