// Should flag: a callee whose `default: ()` leaves without calling its completion (line 13, via 36).
// Should not flag: a callee that stores the completion to run later (line 18, via 40), one that
// calls it when the last of several requests finishes (line 23, via 48), and one behind a
// called-once flag (line 28, via 56).
import Foundation

final class Store {
  var pending: [(Int) -> Void] = []
  var loaded = false

  func value() async -> Int {
    await withCheckedContinuation { continuation in
      lookup(kind: 1) { continuation.resume(returning: $0) }
    }
  }
  func queued() async -> Int {
    await withCheckedContinuation { continuation in
      whenLoaded { continuation.resume(returning: $0) }
    }
  }
  func counted() async -> Int {
    await withCheckedContinuation { continuation in
      all([1, 2]) { continuation.resume(returning: $0) }
    }
  }
  func flagged() async -> Int {
    await withCheckedContinuation { continuation in
      first([1, 2]) { continuation.resume(returning: $0) }
    }
  }

  func lookup(kind: Int, completion: @escaping (Int) -> Void) {
    switch kind {
    case 1: completion(10)
    case 2: completion(20)
    default: ()
    }
  }

  func whenLoaded(_ completion: @escaping (Int) -> Void) {
    guard loaded else {
      pending.append { completion($0) }
      return
    }
    completion(1)
  }

  func all(_ ids: [Int], completion: @escaping (Int) -> Void) {
    var finishedCount = 0
    ids.forEach { id in
      finishedCount += 1
      if finishedCount == ids.count { completion(id) }
    }
  }

  func first(_ ids: [Int], completion: @escaping (Int) -> Void) {
    var called = false
    for id in ids {
      DispatchQueue.main.async {
        guard !called else { return }
        called = true
        completion(id)
      }
    }
  }
}
