// Should flag: a subject with one consumer (migrate to AsyncStream), a subject with two consumers
// (keep), a subject declared with a type annotation and .init().
// Should not flag: the names in a comment or a string.
import Combine

final class Hub {
  let single = PassthroughSubject<Int, Never>()
  let broadcast = CurrentValueSubject<String, Never>("")
  let annotated: PassthroughSubject<Void, Never> = .init()
  private var cancellables = Set<AnyCancellable>()

  init() {
    single.sink { print($0) }.store(in: &cancellables)
    broadcast.sink { print("a", $0) }.store(in: &cancellables)
    broadcast.sink { print("b", $0) }.store(in: &cancellables)
    annotated.sink { print("tick") }.store(in: &cancellables)
    // let hidden = PassthroughSubject<Int, Never>()
    print("PassthroughSubject<Int, Never>()")
  }
}
