import Combine
import Foundation

/// Talks to the shop's HTTP API. Knows nothing else in the project.
public final class APIClient {
  private let session: URLSession

  public init(session: URLSession = .shared) {
    self.session = session
  }

  public func send<Response: Decodable>(_ endpoint: Endpoint) -> AnyPublisher<Response, Error> {
    session.dataTaskPublisher(for: endpoint.request)
      .map(\.data)
      .decode(type: Response.self, decoder: JSONDecoder())
      .eraseToAnyPublisher()
  }
}
