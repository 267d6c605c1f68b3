import Combine
import Foundation

/// An in-memory cache whose state is kept consistent by a private queue: a rule held by a
/// comment, not by the compiler. An actor candidate.
public final class Cache {
  private let queue = DispatchQueue(label: "cache")
  private var entries: [String: Data] = [:]
  private var hits = 0

  /// Tells the one listener when the cache changes.
  public let changes = CurrentValueSubject<Int, Never>(0)

  public init() {}

  public func value(for key: String) -> Data? {
    queue.sync {
      hits += 1
      return entries[key]
    }
  }

  public func store(_ data: Data, for key: String) {
    queue.async {
      self.entries[key] = data
      self.changes.send(self.entries.count)
    }
  }
}
