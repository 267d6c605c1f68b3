// Should flag: the cache whose state is only touched inside its private queue (line 6).
// Should not flag: a type whose property is also touched outside the queue, a type with no queue.
import Foundation

final class Cache {
  private let queue = DispatchQueue(label: "cache")
  private var entries: [String: Int] = [:]

  func value(_ key: String) -> Int? {
    queue.sync { entries[key] }
  }

  func store(_ value: Int, _ key: String) {
    queue.async(flags: .barrier) { self.entries[key] = value }
  }
}

final class Leaky {
  private let queue = DispatchQueue(label: "leaky")
  private var count = 0

  func bump() { queue.async { self.count += 1 } }
  func read() -> Int { count }
}

final class Plain {
  private var total = 0
  func add(_ value: Int) { total += value }
}
