import Combine

// The bridge every caller should share: an async closure turned into a Future. Its body wraps
// a Task, so every call site is a Future/Task wrapper too, whatever it looks like.
extension Future where Failure == Error {
  public convenience init(operation: @escaping @Sendable () async throws -> Output) {
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
