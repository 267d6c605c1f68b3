// Should flag: the assign(to:on: self) stored in self's cancellables (line 12).
// Should not flag: assign to another object (line 17), assign(to: &$items) (line 20), the comment and string.
import Combine

final class Model: ObservableObject {
  @Published var items: [Int] = []
  @Published var title = ""
  private var cancellables = Set<AnyCancellable>()
  let other = Other()

  init(source: AnyPublisher<[Int], Never>) {
    source.assign(to: \.items, on: self).store(in: &cancellables)
    // source.assign(to: \.items, on: self).store(in: &cancellables)
    let text = "source.assign(to: \\.items, on: self).store(in: &cancellables)"
    print(text)

    source.map { "\($0.count)" }.assign(to: \.name, on: other).store(in: &cancellables)
  }

  func bind(_ source: AnyPublisher<[Int], Never>) { source.assign(to: &$items) }
}

final class Other {
  var name = ""
}
