// Should flag, where nothing holds the object whose weak `self` the callback checks:
// - line 19: the continuation runs in a `Task` that holds `self` weakly; `self?.api.load` holds
//   the loader only for the call, so the callback may find it gone and leave without resuming;
// - line 29: `Loader()` is a temporary, released as soon as `reload` returns; `reload`'s
//   `guard let strongSelf = self` (line 59) then leaves without calling its completion.
// Should not flag:
// - lines 36 and 44: awaited straight in an `async` instance method, whose caller holds `self`
//   until it returns, and it returns only once the continuation resumes: `self` is never gone;
// - line 51: the same guard that resumes before returning.
import Foundation

final class Loader {
  let api = API()

  func refresh() {
    Task { [weak self] in
      let value = await withCheckedContinuation { continuation in
        self?.api.load { [weak self] number in
          guard let self else { return }
          continuation.resume(returning: self.scale(number))
        }
      }
      print(value)
    }
  }

  static func fresh() async -> Int {
    await withCheckedContinuation { continuation in
      Loader().reload { continuation.resume(returning: $0) }
    }
  }

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
      self.reload { continuation.resume(returning: $0) }
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
