import Combine
import Foundation

/// A key-value store that tells its clients about changes.
public final class Store {
  public static let shared = Store()
  private var values: [String: String] = [:]
  private let changed = PassthroughSubject<String, Never>()

  public init() {}

  /// Every change of `key`, as it happens.
  public func changes(of key: String) -> AnyPublisher<String?, Never> {
    changed.filter { $0 == key }.map { [weak self] in self?.values[$0] }.eraseToAnyPublisher()
  }

  /// The async alternative the store already offers: the plan points at it.
  public func updates(of key: String) -> AsyncStream<String?> {
    AsyncStream { continuation in continuation.finish() }
  }

  /// The value of `key` once it is loaded.
  public func load(_ key: String) -> Future<String?, Never> {
    Future { promise in promise(.success(self.values[key])) }
  }

  public func set(_ value: String, for key: String) {
    values[key] = value
    changed.send(key)
  }

  // Internal helpers are nobody's API: no finding.
  func debugChanges() -> AnyPublisher<String, Never> { changed.eraseToAnyPublisher() }
}

/// Observation of one key as a publisher type of its own.
public struct KeyPublisher: Publisher {
  public typealias Output = String?
  public typealias Failure = Never

  let key: String

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: KeySubscription(subscriber: subscriber, key: key))
  }
}

// The inside of `KeyPublisher`: not reported on its own.
final class KeySubscription<S: Subscriber>: Subscription where S.Input == String? {
  var subscriber: S?
  let key: String
  init(subscriber: S, key: String) {
    self.subscriber = subscriber
    self.key = key
  }
  func request(_ demand: Subscribers.Demand) {}
  func cancel() { subscriber = nil }
}

extension Publisher where Output == String? {
  /// An operator for clients' chains: kept.
  public func nonEmpty() -> AnyPublisher<String, Failure> {
    compactMap { $0 }.filter { !$0.isEmpty }.eraseToAnyPublisher()
  }

  /// Typed as the `Publishers` namespace's type: an operator too.
  public func orEmpty() -> Publishers.Map<Self, String> { map { $0 ?? "" } }
}
