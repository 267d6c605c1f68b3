import Combine
import Foundation
import Networking
import Storage

/// Combines the API and the cache for the features.
public final class FeedRepository {
  private let client: APIClient
  private let cache: Cache

  public init(client: APIClient, cache: Cache) {
    self.client = client
    self.cache = cache
  }

  // Uses the shared bridge: a Future/Task wrapper through `init(operation:)`.
  public func refreshedProfile(id: String) -> Future<Profile, Error> {
    Future { try await self.client.profile(id: id) }
  }

  public func items() -> AnyPublisher<[Item], Error> {
    client.feedPublisher()
  }

  public func placeholder() -> AnyPublisher<[Item], Never> {
    Just([]).eraseToAnyPublisher()
  }

  public func cachedCount() async -> Int {
    await cache.changes.values.first { $0 > 0 } ?? 0
  }
}
