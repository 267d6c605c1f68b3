// Should flag: the `Just` a function hands out as its whole result (line 28).
// Should not flag: a `Just` or `Empty` built inside an operator's closure: it is the
// inner publisher of that pipeline and changes with it, not a one-shot API of its own.
import Combine
import Foundation

final class Lamp {
  @Published var level = 0
  private var bag = Set<AnyCancellable>()

  func wire(settings: AnyPublisher<Bool, Never>, fetch: AnyPublisher<Int, Error>) {
    $level
      .map { level in
        switch level {
        case 0: return Just(level).delay(for: .seconds(1), scheduler: RunLoop.main).eraseToAnyPublisher()
        default: return Just(level).eraseToAnyPublisher()
        }
      }
      .switchToLatest()
      .sink { print($0) }
      .store(in: &bag)
    settings.flatMap(maxPublishers: .max(1)) { on -> AnyPublisher<Int, Never> in
      on ? Empty().eraseToAnyPublisher() : Just(0).eraseToAnyPublisher()
    }.sink { print($0) }.store(in: &bag)
    fetch.catch { _ in Just(-1) }.sink { print($0) }.store(in: &bag)
  }

  func brightest() -> AnyPublisher<Int, Never> { Just(100).eraseToAnyPublisher() }
}
