import Combine
import Foundation

extension Publisher {
  /// Runs an async step for each value: the bridge callers lean on until they are async too.
  func awaitEach<Mapped>(
    _ step: @escaping (Output) async -> Mapped
  ) -> Publishers.FlatMap<Future<Mapped, Never>, Self> {
    flatMap { value in
      Future { fulfil in
        Task {
          let mapped = await step(value)
          fulfil(.success(mapped))
        }
      }
    }
  }
}

extension Publisher where Output: Equatable, Failure == Never {
  /// Holds each value back for a moment, then drops repeats: an operator of the app's own.
  func settled(for pause: DispatchQueue.SchedulerTimeType.Stride) -> AnyPublisher<Output, Never> {
    map { value in Just(value).delay(for: pause, scheduler: DispatchQueue.main) }
      .switchToLatest()
      .removeDuplicates()
      .eraseToAnyPublisher()
  }
}

extension Publisher where Failure == Never {
  /// Prints each value under a tag until cancelled: a subscriber of the app's own.
  func echo(_ tag: String) -> AnyCancellable {
    receive(on: DispatchQueue.main)
      .sink { value in print(tag, value) }
  }
}
