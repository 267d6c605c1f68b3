// Should flag: replaceError at the top level of an endless source with a failing flatMap, into
// assign(to:) (line 14) and into sink (line 18); catch { Just } at the top level (line 19); after
// switchToLatest (line 27).
// Should not flag: the error recovered inside the flatMap (line 24) or before switchToLatest
// (line 28), and a test that waits for one value (line 35).
import Combine

final class Search: ObservableObject {
  @Published var query = ""
  @Published var results: [String] = []
  private var cancellables = Set<AnyCancellable>()

  init(api: API) {
    $query
      .flatMap { api.search($0) }
      .replaceError(with: [])
      .assign(to: &$results)
    $query.flatMap { api.search($0) }.replaceError(with: []).sink { print($0) }.store(in: &cancellables)
    $query
      .tryMap { try api.validate($0) }
      .catch { _ in Just([]) }
      .sink { print($0) }
      .store(in: &cancellables)
    $query
      .flatMap { api.search($0).replaceError(with: []) }
      .assign(to: &$results)
    $query.map { api.search($0) }.switchToLatest().replaceError(with: []).assign(to: &$results)
    $query.map { api.search($0).replaceError(with: []) }.switchToLatest().assign(to: &$results)
  }
}

final class SearchTests {
  var cancellables = Set<AnyCancellable>()
  func testFirstResult(search: Search, api: API) {
    search.$query.flatMap { api.search($0) }.replaceError(with: []).sink { _ in }.store(in: &cancellables)
  }
}

final class API {
  func search(_ text: String) -> AnyPublisher<[String], Error> { Fail(error: URLError(.badURL)).eraseToAnyPublisher() }
  func validate(_ text: String) throws -> [String] { [text] }
}
