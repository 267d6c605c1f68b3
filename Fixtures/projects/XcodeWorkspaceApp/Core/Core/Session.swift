import Combine
import Foundation

/// The signed-in session. The framework's floor is iOS 17, so this one can move to `@Observable`.
public final class Session: ObservableObject {
  @Published public var userName = ""

  public init() {}

  /// One token, handed out once: a Future wrapping async work.
  public func token() -> Future<String, Error> {
    Future { promise in
      Task {
        promise(.success("token-\(self.userName)"))
      }
    }
  }
}
