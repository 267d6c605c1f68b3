import Dispatch

/// Frees large values on another thread, so the freeing overlaps with the work that follows.
enum ReleaseInBackground {
  /// Drops `value` on a background queue. The caller must hold no other reference to what
  /// `value` owns if the freeing is to happen there.
  static func release<Value: Sendable>(_ value: consuming Value) {
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
