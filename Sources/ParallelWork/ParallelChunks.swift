import Dispatch
import Synchronization

/// Runs a cheap, independent computation for every index of a range on several threads, and
/// returns the results in index order.
///
/// Made for the tree-wide passes, where each item (a file's references, a file's candidates)
/// costs microseconds: items go out in contiguous chunks, a few per thread so one slow chunk
/// does not hold the others up, and each chunk's results land in that chunk's slot. The output
/// is the same array whatever the thread count or timing, so callers stay deterministic.
/// `both` runs two unrelated serial steps side by side.
package enum ParallelChunks {
  /// Applies `work` to every index in `0..<count` on up to `jobs` threads.
  ///
  /// - Parameters:
  ///   - count: the number of items.
  ///   - jobs: the number of threads; 1 runs everything on the calling thread.
  ///   - minimumChunk: the fewest items worth handing to a thread; below twice this many, the
  ///     work runs on the calling thread, as starting threads would cost more than it saves.
  ///   - work: the item's work; must be safe to call concurrently.
  /// - Returns: `work(0)`, `work(1)`, …, in order.
  package static func map<Result: Sendable>(
    count: Int, jobs: Int, minimumChunk: Int = 64, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    let minimumChunk = max(1, minimumChunk)
    guard jobs > 1, count >= 2 * minimumChunk else { return (0..<count).map(work) }
    let chunkCount = min(jobs * 4, count / minimumChunk)
    let slots = Mutex<[[Result]]>(Array(repeating: [], count: chunkCount))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(jobs, chunkCount)) { _ in
      while true {
        let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
        if chunk >= chunkCount { break }
        let results = (chunk * count / chunkCount..<(chunk + 1) * count / chunkCount).map(work)
        slots.withLock { $0[chunk] = results }
      }
    }
    return slots.withLock { slots in
      var results: [Result] = []
      results.reserveCapacity(count)
      for chunk in slots { results.append(contentsOf: chunk) }
      return results
    }
  }

  /// Runs two independent computations, on two threads when `jobs` allows, and returns both.
  ///
  /// `first` runs on the calling thread and `second` on a thread of its own (a serial queue,
  /// which libdispatch backs with a thread beyond its pool), never inside a `concurrentPerform`:
  /// libdispatch runs an apply nested in another with the width the outer one left, which on two
  /// cores is none, so the parallel maps inside either side ran on one thread (a scan's file
  /// analysis, beside the history read, took twice its time).
  package static func both<First: Sendable, Second: Sendable>(
    jobs: Int, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
  ) -> (First, Second) {
    guard jobs > 1 else { return (first(), second()) }
    let secondResult = Mutex<Second?>(nil)
    let done = DispatchSemaphore(value: 0)
    return withoutActuallyEscaping(second) { second in
      // The closure escapes only until `done` is signalled, which this function waits for; the
      // block lets go of it before signalling, as `withoutActuallyEscaping` checks on return.
      let holder = ClosureHolder(second)
      DispatchQueue(label: "ParallelChunks.both").async {
        let value = holder.run()
        secondResult.withLock { $0 = value }
        done.signal()
      }
      let firstValue = first()
      done.wait()
      return (firstValue, secondResult.withLock { $0! })
    }
  }
}

/// A closure run once on another thread, and let go of as it returns: the thread that made it
/// waits for the result, so it is never touched by two threads at once.
private final class ClosureHolder<Value>: @unchecked Sendable {
  private var work: (@Sendable () -> Value)?
  init(_ work: @escaping @Sendable () -> Value) { self.work = work }

  func run() -> Value {
    let value = work!()
    work = nil
    return value
  }
}
