import Combine
import Foundation

/// What a sync run tells the screens of the library's clients. Its subjects are the API: the
/// clients subscribe to them directly, so this tree shows few consumers or none.
public final class SyncMonitor {
  /// No consumer here: every subscriber is a client's.
  public let finished = PassthroughSubject<Date, Never>()
  /// One consumer here (the log below), and any number in the clients.
  public let progress = CurrentValueSubject<Double, Never>(0)
  /// Internal and never subscribed: the library's own to move.
  let retried = PassthroughSubject<Int, Never>()

  private var log: AnyCancellable?

  public init() {
    log = progress.sink { print("sync at \($0)") }
  }

  public var isDone: Bool { progress.value >= 1 }

  func report(_ fraction: Double) {
    progress.send(fraction)
    if fraction >= 1 { finished.send(Date()) }
  }
}
