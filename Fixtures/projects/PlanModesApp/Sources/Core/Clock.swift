import Combine
import Foundation

/// Reads the server time once.
final class Clock {
  func now() -> AnyPublisher<Date, Never> {
    Future { promise in promise(.success(Date())) }
      .eraseToAnyPublisher()
  }
}
