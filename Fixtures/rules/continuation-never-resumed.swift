// Should flag: the failure branch that never resumes (line 10) and `case .finished: break` (line 23).
// Should not flag: resume(with:) (line 30), an if/else that resumes on both paths (line 36).
import Combine
import Foundation

final class Client {
  func status() async -> Int {
    await withCheckedContinuation { continuation in
      fetch { result in
        if case .success(let code) = result {
          continuation.resume(returning: code)
        }
      }
    }
  }

  func first(_ publisher: AnyPublisher<Int, Error>) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      var cancellable: AnyCancellable?
      cancellable = publisher.first().sink(
        receiveCompletion: { completion in
          switch completion {
          case .finished: break
          case .failure(let error): continuation.resume(throwing: error)
          }
          cancellable?.cancel()
        },
        receiveValue: { continuation.resume(returning: $0) })
    }
  }

  func direct() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      fetch { result in continuation.resume(with: result) }
    }
  }

  func both() async -> Int {
    await withCheckedContinuation { continuation in
      fetch { result in
        if case .success(let code) = result {
          continuation.resume(returning: code)
        } else {
          continuation.resume(returning: -1)
        }
      }
    }
  }

  func fetch(_ completion: @escaping (Result<Int, Error>) -> Void) { completion(.success(200)) }
}
