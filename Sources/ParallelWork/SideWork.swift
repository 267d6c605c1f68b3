import Dispatch
import Synchronization

/// A computation started on a thread of its own while the caller goes on; `result()` waits for
/// it. With one job it runs at once, on the calling thread.
///
/// For independent pieces of a tree-wide pass (an index another part does not read until the
/// end): they overlap the rest instead of following it. Like `ParallelChunks.both`, it never runs
/// inside a `concurrentPerform`, so parallel maps inside it stay parallel.
package final class SideWork<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts `work`: on a serial queue of its own when `jobs` > 1, else at once.
  package init(jobs: Int, _ work: @escaping @Sendable () -> Value) {
    guard jobs > 1 else {
      let computed = work()
      value.withLock { $0 = computed }
      done.signal()
      return
    }
    DispatchQueue(label: "SideWork").async { [self] in
      let computed = work()
      value.withLock { $0 = computed }
      done.signal()
    }
  }

  /// The value, once the work is done. Call it once.
  package func result() -> Value {
    done.wait()
    return value.withLock { $0! }
  }
}
