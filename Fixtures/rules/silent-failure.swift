// Should flag: an empty completion on a long-lived source (a subject, line 11; a notification, line 15).
// Should not flag: a completion that handles the failure, a one-shot source, the text in a comment.
import Combine
import Foundation

final class Feed {
  let updates = PassthroughSubject<Int, Error>()
  private var cancellables = Set<AnyCancellable>()

  init(oneShot: AnyPublisher<Int, Error>) {
    updates
      .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      .store(in: &cancellables)

    NotificationCenter.default.publisher(for: .init("x"))
      .tryMap { $0.object as? Int ?? 0 }
      .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      .store(in: &cancellables)

    updates
      .sink(
        receiveCompletion: { completion in
          if case .failure(let error) = completion { print("failed", error) }
        }, receiveValue: { print($0) }
      )
      .store(in: &cancellables)

    oneShot.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
    // updates.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  }
}
