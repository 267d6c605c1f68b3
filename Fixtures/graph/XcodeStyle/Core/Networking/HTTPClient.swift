import Combine
import Foundation

// RootView and "ProfileViewModel" named in a comment or a string are not dependencies.
final class HTTPClient {
  let userAgent = "Shop/1.0 (RootView; ProfileViewModel)"

  func get(_ url: URL) -> AnyPublisher<Data, URLError> {
    URLSession.shared.dataTaskPublisher(for: url).map(\.data).eraseToAnyPublisher()
  }
}
