// Should flag: the `Fail` that is a function's whole result (line 22).
// Should not flag: a `Fail` returned from a `guard`'s `else`: the early exit of a function whose
// result is the stream returned after it.
import Combine
import Foundation

enum WatchError: Error { case noCentre }

final class Doorbell {
  let centre: NotificationCenter? = .default

  func rings() -> AnyPublisher<Notification, WatchError> {
    guard let centre else {
      return Fail(error: .noCentre).eraseToAnyPublisher()
    }
    return centre.publisher(for: .init("ring"))
      .setFailureType(to: WatchError.self)
      .eraseToAnyPublisher()
  }

  func broken() -> AnyPublisher<Int, WatchError> {
    Fail(error: .noCentre).eraseToAnyPublisher()
  }
}
