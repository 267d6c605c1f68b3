// Should not flag: the project declares its own `Future` (a promise library), so `Future` here is
// not Combine's, even with a Task inside.
import Foundation

final class Future<Value> {
  init(_ body: @escaping (@escaping (Value) -> Void) -> Void) { body { _ in } }
}

func make() -> Future<Int> {
  Future { resolve in
    Task { resolve(1) }
  }
}
