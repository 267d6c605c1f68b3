// Should flag: a debounce pipeline (keep: its worth is its operators), a combineLatest pipeline
// (keep), a plain map pipeline on one value (migrate).
// Should not flag: the pipeline in a comment or string, an Array's map/filter chain.
import Combine
import Foundation

final class Search: ObservableObject {
  @Published var query = ""
  @Published var results: [String] = []
  @Published var count = 0
  private var cancellables = Set<AnyCancellable>()

  init(loader: AnyPublisher<[String], Never>, other: AnyPublisher<Int, Never>) {
    $query
      .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
      .removeDuplicates()
      .sink { [weak self] text in self?.run(text) }
      .store(in: &cancellables)

    $query.combineLatest(other)
      .sink { print($0, $1) }
      .store(in: &cancellables)

    loader
      .map { $0.sorted() }
      .sink { [weak self] in self?.results = $0 }
      .store(in: &cancellables)

    other.assign(to: &$count)

    // $query.debounce(for: .seconds(1), scheduler: RunLoop.main).sink { _ in }
    let text = "$query.map { $0 }.sink { _ in }"
    print([1, 2, 3].map { $0 * 2 }.filter { $0 > 2 }, text)
  }

  func run(_ text: String) {}
}
