import Combine
import Vendor

// Both `Future`s are visible here: a qualified name or the closure's shape says whose.
struct Bridge {
  func value() async -> Int { 4 }

  // Combine's: qualified.
  func qualified() -> Combine.Future<Int, Never> {
    Combine.Future { promise in
      Task { promise(.success(await value())) }
    }
  }

  // Combine's by its shape: one `promise`, given a `Result`.
  func shaped() -> AnyPublisher<Int, Never> {
    Future<Int, Never> { promise in Task { promise(.success(await value())) } }.eraseToAnyPublisher()
  }

  // The vendored shape: `resolve` takes the value itself.
  func vendored() -> Vendor.Future<Int> {
    Future { resolve in
      Task { resolve(await value()) }
    }
  }
}
