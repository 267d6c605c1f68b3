// The vendored promise library: its `Future` resolves a value, not a `Result`.
public final class Future<Value> {
  private var callbacks: [(Value) -> Void] = []

  public init(_ body: @escaping (@escaping (Value) -> Void) -> Void) {
    body { value in self.callbacks.forEach { $0(value) } }
  }

  public func then(_ callback: @escaping (Value) -> Void) { callbacks.append(callback) }
}

// Inside the library its own `Future` is meant, Task or not.
func resolvedLater() -> Future<Int> {
  Future { resolve in
    Task { resolve(1) }
  }
}
