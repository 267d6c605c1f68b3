// Should flag: a sink with no first() inside a continuation (line 10), two resumes on one path (line 19).
// Should not flag: first().sink (line 27).
import Combine

final class Bridge {
  var cancellable: AnyCancellable?

  func value(_ publisher: AnyPublisher<Int, Never>) async -> Int {
    await withCheckedContinuation { continuation in
      cancellable = publisher.sink { value in
        continuation.resume(returning: value)
      }
    }
  }

  func twice() async -> Int {
    await withCheckedContinuation { continuation in
      continuation.resume(returning: 1)
      continuation.resume(returning: 2)
    }
  }

  func once(_ publisher: AnyPublisher<Int, Never>) async -> Int {
    await withCheckedContinuation { continuation in
      cancellable = publisher.first().sink { value in
        continuation.resume(returning: value)
      }
    }
  }
}
