import Combine
import Core
import Foundation

/// An account screen's model on an iOS 15 app: `@Observable` must wait.
final class AccountModel: ObservableObject {
  @Published var name = ""
  @Published var lastSeen: Date?

  func fetchName() -> AnyPublisher<String, Never> {
    Future { promise in promise(.success("me")) }
      .eraseToAnyPublisher()
  }
}
