// Should flag: the `Just` that is the whole publisher (line 17).
// Should not flag: a `Just` merged, prepended, appended or combined into another stream: it is
// that stream's first value, not one-shot work (issue 15).
import Combine
import Foundation

final class Clock {
  @Published var query = ""
  func wire(timer: AnyPublisher<Date, Never>, defaultsPublisher: AnyPublisher<Bool, Never>) {
    timer.merge(with: Just(Date())).sink { print($0) }.store(in: &bag)
    defaultsPublisher.merge(with: Just(true)).sink { print($0) }.store(in: &bag)
    $query.prepend(Just("")).sink { print($0) }.store(in: &bag)
    Publishers.CombineLatest(Just(0), $query).sink { print($0) }.store(in: &bag)
    Just(false).merge(with: defaultsPublisher).sink { print($0) }.store(in: &bag)
  }

  func constant() -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
}
