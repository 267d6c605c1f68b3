import Combine

extension Publisher {
  /// The first value of the publisher, awaited. A bridge for callers that moved to async first.
  public var firstValue: Output {
    get async throws {
      for try await value in values {
        return value
      }
      throw CancellationError()
    }
  }
}
