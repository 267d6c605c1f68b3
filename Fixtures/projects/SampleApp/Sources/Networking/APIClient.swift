import Combine
import Foundation

/// Talks to the backend. The publisher API predates async/await; the async functions were
/// added later and the publishers now wrap them.
public final class APIClient {
  private let session: URLSession
  private let baseURL: URL

  public init(session: URLSession = .shared, baseURL: URL) {
    self.session = session
    self.baseURL = baseURL
  }

  public func profile(id: String) async throws -> Profile {
    let (data, _) = try await session.data(from: baseURL.appendingPathComponent("profile/\(id)"))
    return try JSONDecoder().decode(Profile.self, from: data)
  }

  // A Future that starts a Task: cancelling the subscription does not cancel the request.
  public func profilePublisher(id: String) -> AnyPublisher<Profile, Error> {
    Future { promise in
      Task {
        do {
          promise(.success(try await self.profile(id: id)))
        } catch {
          promise(.failure(error))
        }
      }
    }
    .eraseToAnyPublisher()
  }

  // The same wrapper, spelled with explicit generic arguments.
  public func avatarPublisher(id: String) -> Future<Data, Error> {
    Future<Data, Error> { promise in
      Task.detached {
        let data = try? await self.session.data(from: self.baseURL.appendingPathComponent("avatar/\(id)")).0
        promise(data.map { .success($0) } ?? .failure(URLError(.badServerResponse)))
      }
    }
  }

  // A plain one-shot publisher: becomes an async function in phase 2.
  public func feedPublisher() -> AnyPublisher<[Item], Error> {
    session.dataTaskPublisher(for: baseURL.appendingPathComponent("feed"))
      .map(\.data)
      .decode(type: [Item].self, decoder: JSONDecoder())
      .eraseToAnyPublisher()
  }

  // A callback API bridged to async. The failure branch never resumes: the caller hangs.
  public func legacyStatus() async -> Int {
    await withCheckedContinuation { continuation in
      fetchStatus { result in
        if case .success(let code) = result {
          continuation.resume(returning: code)
        }
      }
    }
  }

  private func fetchStatus(completion: @escaping (Result<Int, Error>) -> Void) {
    completion(.success(200))
  }

  // Not findings: "Future { promise in Task { } }" in a string, and in this comment too:
  // Future { promise in Task { await work() } }
  public let documentation = "Wrap with Future { promise in Task { … } } only at the edges."
}

public struct Profile: Codable, Sendable {
  public var id: String
  public var name: String
}

public struct Item: Codable, Sendable, Identifiable {
  public var id: Int
  public var title: String
}
