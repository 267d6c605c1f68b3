// Should flag: the dataTaskPublisher call (line 8).
// Should not flag: the name in a comment, in a string, and `data(for:)`.
import Combine
import Foundation

final class Client {
  func feed(_ url: URL) -> AnyPublisher<Data, URLError> {
    URLSession.shared.dataTaskPublisher(for: url).map(\.data).eraseToAnyPublisher()
  }

  // URLSession.shared.dataTaskPublisher(for: url)
  let text = "dataTaskPublisher(for: url)"

  func modern(_ request: URLRequest) async throws -> Data { try await URLSession.shared.data(for: request).0 }
}
