import Combine
import Foundation

final class UserService {
  private let client: HTTPClient

  init(client: HTTPClient) {
    self.client = client
  }

  func user(_ id: User.ID) -> AnyPublisher<User, Error> {
    client.get(URL(string: "https://example.com/users/\(id.rawValue)")!)
      .mapError { $0 as Error }
      .decode(type: User.self, decoder: JSONDecoder())
      .eraseToAnyPublisher()
  }
}
