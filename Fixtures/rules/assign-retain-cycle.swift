// Should flag: assign(to:on: self) on an endless source stored in self's cancellables (lines 15, 16,
// and 49 through the local `$name.map`).
// Should not flag: a finite source (Just, a Future: lines 19, 20; two finite sources: line 50),
// assign to another object (line 21), assign(to: &$items) (line 25), a test function (line 37),
// the comment and string.
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

final class Form: ObservableObject {
  @Published var name = ""
  @Published var isValid = false
  private var cancellables = Set<AnyCancellable>()

  init() {
    let nameValid = $name.map { !$0.isEmpty }
    let fixed = Just(true)
    Publishers.CombineLatest(nameValid, fixed).map { $0 && $1 }.assign(to: \.isValid, on: self).store(in: &cancellables)
    Publishers.CombineLatest(fixed, Just(false)).map { $0 && $1 }.assign(to: \.isValid, on: self).store(in: &cancellables)
  }
}

final class Composer {
  @Published var frame = 0
  var height = 0
  let replyCell = ReplyCell()

  // The cell is this object's own: self → cell → bag → assign → self. Fires.
  func bindReply() {
    let cell = replyCell
    cell.$offset.assign(to: \.height, on: self).store(in: &cell.bag)
  }

  // A cell handed in may belong to anyone: whether self holds it is not known here. No finding.
  func bind(_ cell: ReplyCell) {
    cell.$offset.assign(to: \.height, on: self).store(in: &cell.bag)
  }

  // Another object's bag, not bound from a property: no finding.
  func bindShared() {
    Shared.instance.$offset.assign(to: \.height, on: self).store(in: &Shared.instance.bag)
  }
}
