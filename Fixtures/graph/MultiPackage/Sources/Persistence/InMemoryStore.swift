import Foundation

public final class InMemoryStore: Store {
  private var values: [String: Data] = [:]

  public init() {}

  public func load(_ key: String) -> Data? { values[key] }
  public func save(_ data: Data, for key: String) { values[key] = data }
}
