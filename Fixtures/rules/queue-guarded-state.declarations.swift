// Should flag: queues declared as a lazy var (line 7), created in init (line 17), and a concurrent
// queue with barrier writes (line 28), each guarding its state.
// Should not flag: a queue whose state is also touched outside its closures (line 39).
import Foundation

final class Lazy {
  private lazy var queue: DispatchQueue = {
    DispatchQueue(label: "lazy", qos: .utility)
  }()
  private var entries: [String] = []

  func add(_ entry: String) { queue.async { self.entries.append(entry) } }
  func count() -> Int { queue.sync { entries.count } }
}

final class Initialised {
  private let queue: DispatchQueue
  private var total = 0

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func add(_ value: Int) async { queue.async { self.total += value } }
}

final class ReadersWriter {
  private let queue = DispatchQueue(label: "rw", attributes: .concurrent)
  private var values: [String: Int] = [:]

  func value(for key: String) -> Int? {
    return queue.sync { values[key] }
  }
  func set(_ value: Int, for key: String) { queue.async(flags: .barrier) { self.values[key] = value } }
}

final class Leaky {
  private let queue = DispatchQueue(label: "leaky")
  private var items: [Int] = []

  func add(_ item: Int) { queue.async { self.items.append(item) } }
  func peek() -> Int? { items.last }
}
