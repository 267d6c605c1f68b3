import Dispatch
import Synchronization

/// Where a run's large values (every file's analysis, the findings, the report) go when the
/// run no longer needs them.
///
/// Freeing them is a walk over millions of small allocations: 2–3% of a million-line scan's
/// instructions went to tearing down values the process was about to drop at exit anyway. The
/// `migrate-scan` executable makes one run per process, so it asks to keep them (`keepUntilExit`):
/// the kernel reclaims the whole heap at exit at no cost per allocation (as compilers do with
/// their syntax trees). Everything else that runs the tool in-process (the tests, a long-lived
/// host) frees them, on another thread so the freeing overlaps the work that follows.
package enum LargeValues {
  private static let keeps = Atomic<Bool>(false)

  /// Makes every later `drop` keep its value until the process exits. Only for a process that
  /// exits after one run: each run would otherwise hold its memory for good.
  package static func keepUntilExit() {
    keeps.store(true, ordering: .relaxed)
  }

  /// Done with `value`: freed on a background queue, or kept until exit (`keepUntilExit`). The
  /// caller must hold no other reference to what `value` owns if the freeing is to happen there.
  package static func drop<Value: Sendable>(_ value: consuming Value) {
    guard keeps.load(ordering: .relaxed) else { return release(value) }
    // One retain that is never balanced: the box, and all it holds, lives until exit.
    _ = Unmanaged.passRetained(Box(value))
  }

  /// Done with `value`, and the run goes on to allocate about as much again (the plan after
  /// the tree pass's indexes): freed on a background queue even when `drop` would keep it, so
  /// the memory is reused rather than added to the peak.
  package static func release<Value: Sendable>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).async { box.drop() }
  }

  /// Holds the value until `drop()`, so the last release happens on the queue.
  private final class Box<Contents: Sendable>: @unchecked Sendable {
    // Touched only by the initialiser, then once by `drop()` on the queue.
    private var contents: Contents?
    init(_ contents: consuming Contents) { self.contents = contents }
    func drop() { contents = nil }
  }
}
