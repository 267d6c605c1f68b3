// Should flag: assign(to:on: self) on an endless source stored in self's cancellables (lines 13, 14).
// Should not flag: a finite source (Just, a Future: lines 17, 18), assign to another
// object (line 19), assign(to: &$items) (line 23), a test function (line 35), the comment and string.
import Combine

final class Model: ObservableObject {
  @Published var items: [Int] = []
  @Published var title = ""
  private var cancellables = Set<AnyCancellable>()
  let other = Other()

  init(source: AnyPublisher<[Int], Never>) {
    $title.map { _ in [] }.assign(to: \.items, on: self).store(in: &cancellables)
    Publishers.CombineLatest($title, $items).map { $0.0 }.assign(to: \.title, on: self).store(in: &cancellables)
    // $title.map { _ in [] }.assign(to: \.items, on: self).store(in: &cancellables)
    let text = "$title.assign(to: \\.title, on: self).store(in: &cancellables)"
    Just([1, 2]).assign(to: \.items, on: self).store(in: &cancellables)
    Future<[Int], Never> { $0(.success([])) }.assign(to: \.items, on: self).store(in: &cancellables)
    $title.map { "\($0.count)" }.assign(to: \.name, on: other).store(in: &cancellables)
    print(text)
  }

  func bind(_ source: AnyPublisher<[Int], Never>) { source.assign(to: &$items) }
}

final class Other {
  var name = ""
}

final class ModelTests {
  var subscription: AnyCancellable?
  let subject = PassthroughSubject<Int, Never>()
  var value = 0
  func testStrongOwnershipKeepsTheObject() {
    subscription = subject.assign(to: \.value, on: self)
  }
}
