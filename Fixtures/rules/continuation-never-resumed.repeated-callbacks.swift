// Should flag: a completion handler (runs once) whose early return leaves without resuming (line 17).
// Should not flag: closures that run many times and return to wait for the next call (a sink that
// waits then cancels, an observer, KVO, an event monitor, a state handler, an event tap that
// disables itself and checks isEnabled: line 102), a resume-once flag, and
// a sibling closure of the same call that resumes.
import AppKit
import Combine
import Foundation

final class Waiter: NSObject {
  @Published var ready = false
  var cancellable: AnyCancellable?

  func once(_ api: API) async -> Int {
    await withCheckedContinuation { continuation in
      api.fetch { value in
        guard value > 0 else { return }
        continuation.resume(returning: value)
      }
    }
  }

  func waitUntilReady() async {
    await withCheckedContinuation { continuation in
      cancellable = $ready.sink { [weak self] isReady in
        guard isReady else { return }
        self?.cancellable?.cancel()
        continuation.resume()
      }
    }
  }

  func notification() async {
    await withCheckedContinuation { continuation in
      var token: NSObjectProtocol?
      token = NotificationCenter.default.addObserver(forName: .init("Done"), object: nil, queue: .main) { note in
        guard note.object != nil else { return }
        NotificationCenter.default.removeObserver(token!)
        continuation.resume()
      }
    }
  }

  func keyValue(_ item: Item) async {
    await withCheckedContinuation { continuation in
      var observation: NSKeyValueObservation?
      observation = item.observe(\.status, options: [.new]) { item, _ in
        if item.status != 2 { return }
        observation?.invalidate()
        continuation.resume()
      }
    }
  }

  func key() async -> UInt16 {
    await withCheckedContinuation { continuation in
      var monitor: Any?
      monitor = NSEvent.addLocalMonitorForEvents(matching: .keyDown) { event in
        guard event.keyCode == 36 else { return event }
        NSEvent.removeMonitor(monitor!)
        continuation.resume(returning: event.keyCode)
        return nil
      }
    }
  }

  func state(_ connection: Connection) async {
    await withCheckedContinuation { continuation in
      connection.stateUpdateHandler = { state in
        guard state == .ready else { return }
        connection.stateUpdateHandler = nil
        continuation.resume()
      }
    }
  }

  func flagged(_ manager: ImageManager) async -> Int {
    await withCheckedContinuation { continuation in
      var didResume = false
      manager.request { image in
        guard !didResume else { return }
        didResume = true
        continuation.resume(returning: image)
      }
    }
  }

  func siblings(_ socket: Socket) async -> Int {
    await withCheckedContinuation { continuation in
      socket.subscribe(initiated: { error in
        if let error { continuation.resume(returning: error) }
      }, handler: { value in
        continuation.resume(returning: value)
      })
    }
  }
}

final class Poster {
  func postAndWait(_ event: Event) async {
    await withCheckedContinuation { continuation in
      let tap = EventTap(types: [event.type]) { proxy, type, received in
        guard received == event else { return nil }
        guard proxy.isEnabled else { return nil }
        proxy.disable()
        continuation.resume()
        return nil
      }
      tap.enable()
    }
  }
}
