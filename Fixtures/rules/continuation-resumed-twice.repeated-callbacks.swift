// Should flag: a sink on an endless source that resumes on every value (line 13).
// Should not flag: the same sink when it cancels its own subscription before resuming, when a
// flag stops the second run, after prefix(1), on a subject cleared after its only send (line 60),
// or when the only other resume is in `guard let self else` (line 71).
import Combine

final class Bridge {
  @Published var count = 0
  var cancellable: AnyCancellable?

  func any() async -> Int {
    await withCheckedContinuation { continuation in
      cancellable = $count.sink { value in
        continuation.resume(returning: value)
      }
    }
  }

  func cancelled() async -> Int {
    await withCheckedContinuation { continuation in
      cancellable = $count.sink { [weak self] value in
        guard value > 3 else { return }
        self?.cancellable?.cancel()
        continuation.resume(returning: value)
      }
    }
  }

  func flagged() async -> Int {
    await withCheckedContinuation { continuation in
      var resumed = false
      cancellable = $count.sink { value in
        guard !resumed, value > 3 else { return }
        resumed = true
        continuation.resume(returning: value)
      }
    }
  }

  func single() async -> Int {
    await withCheckedContinuation { continuation in
      cancellable = $count.filter { $0 > 3 }.prefix(1).sink { continuation.resume(returning: $0) }
    }
  }
}

final class Navigation {
  var finished: PassthroughSubject<Void, Never>? = PassthroughSubject<Void, Never>()
  var cancellable: AnyCancellable?

  func didFinish() {
    if let finished {
      finished.send()
      self.finished = nil
    }
  }

  func waitForLoad() async {
    await withCheckedContinuation { continuation in
      cancellable = finished?.sink { _ in continuation.resume() }
    }
  }
}

final class Permission: ObservableObject {
  @Published var granted = false
  var cancellable: AnyCancellable?

  func waitUntilGranted() async {
    await withCheckedContinuation { continuation in
      cancellable = $granted.sink { [weak self] granted in
        guard let self else {
          continuation.resume()
          return
        }
        if granted {
          self.cancellable?.cancel()
          continuation.resume()
        }
      }
    }
  }
}
