// Should flag: the firstValue extension (line 6) and the Future initialiser taking an async closure (line 17).
// Should not flag: an ordinary extension (line 30) and an async function with no publisher in it.
import Combine

extension Publisher {
  var firstValue: Output {
    get async throws {
      for try await value in values {
        return value
      }
      throw CancellationError()
    }
  }
}

extension Future where Failure == Error {
  convenience init(operation: @escaping @Sendable () async throws -> Output) {
    self.init { promise in
      Task {
        do {
          promise(.success(try await operation()))
        } catch {
          promise(.failure(error))
        }
      }
    }
  }
}

extension Array {
  var secondElement: Element? { count > 1 ? self[1] : nil }
}

func plain() async -> Int { 42 }
