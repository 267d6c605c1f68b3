// Should flag: a weak self that is gone leaves without resuming (line 12, and through the callee
// `reload`: line 20, whose `guard let strongSelf = self` is line 35).
// Should not flag: the same guard that resumes before returning (line 27).
import Foundation

final class Loader {
  let api = API()

  func value() async -> Int {
    await withCheckedContinuation { continuation in
      api.load { [weak self] number in
        guard let self else { return }
        continuation.resume(returning: self.scale(number))
      }
    }
  }

  func reloaded() async -> Int {
    await withCheckedContinuation { continuation in
      reload { continuation.resume(returning: $0) }
    }
  }

  func safe() async -> Int {
    await withCheckedContinuation { continuation in
      api.load { [weak self] number in
        guard let self else { return continuation.resume(returning: 0) }
        continuation.resume(returning: self.scale(number))
      }
    }
  }

  func reload(completion: @escaping (Int) -> Void) {
    api.load { [weak self] number in
      guard let strongSelf = self else { return }
      completion(strongSelf.scale(number))
    }
  }

  func scale(_ number: Int) -> Int { number * 2 }
}

final class API {
  func load(_ done: @escaping (Int) -> Void) { done(1) }
}
