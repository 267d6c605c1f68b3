// The inner publisher of a flatMap (or of map before switchToLatest) decides whether an endless
// chain can fail: by the declared type of what it calls, found anywhere in the file's tree.
// Should flag (the inner publisher's declared type can fail):
//   line 51: SearchAPI.search returns AnyPublisher<_, Error> (through the protocol `api` is declared as)
//   line 52: Catalog.lookup returns Future<_, CatalogError>, before switchToLatest
//   line 53: Catalog.suggest returns a typealias of a failing publisher
//   line 54: a tryMap inside the inner publisher, completion ignored
// Should not flag:
//   line 57: OfflineStore.search returns AnyPublisher<_, Never> (the receiver's own declaration
//            wins over SearchAPI.search of the same name)
//   line 58: Just as the inner publisher
//   line 59: a @Published projection as the inner publisher
//   line 60: nothing in the tree declares `find` (unknown: no finding)
//   line 61: two declarations of `refresh` disagree and the receiver's type is not known
//   line 62: a typealias of a publisher that never fails
//   line 63: setFailureType does not fail by itself, and the inner publisher cannot
import Combine
import Foundation

enum CatalogError: Error { case offline }

protocol SearchAPI {
  func search(_ text: String) -> AnyPublisher<[String], Error>
}

final class OfflineStore {
  func search(_ text: String) -> AnyPublisher<[String], Never> { Just([text]).eraseToAnyPublisher() }
  func refresh() -> AnyPublisher<[String], Never> { Just([]).eraseToAnyPublisher() }
}

typealias SuggestionsPublisher = AnyPublisher<[String], CatalogError>
typealias SafeSuggestionsPublisher = AnyPublisher<[String], Never>

final class Catalog {
  func lookup(_ text: String) -> Future<[String], CatalogError> { Future { $0(.failure(.offline)) } }
  func suggest(_ text: String) -> SuggestionsPublisher { Fail(error: .offline).eraseToAnyPublisher() }
  func hints(_ text: String) -> SafeSuggestionsPublisher { Just([]).eraseToAnyPublisher() }
  func refresh() -> AnyPublisher<[String], CatalogError> { Fail(error: .offline).eraseToAnyPublisher() }
}

final class SearchScreen: ObservableObject {
  @Published var query = ""
  @Published var results: [String] = []
  let api: SearchAPI
  let offline = OfflineStore()
  let catalog = Catalog()
  private var bag = Set<AnyCancellable>()

  init(api: SearchAPI, other: SearchScreen) {
    self.api = api
    $query.flatMap { self.api.search($0) }.replaceError(with: []).assign(to: &$results)
    $query.map { self.catalog.lookup($0) }.switchToLatest().catch { _ in Just([]) }.assign(to: &$results)
    $query.flatMap { [catalog] text in catalog.suggest(text) }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { Just($0).tryMap { try JSONDecoder().decode([String].self, from: Data($0.utf8)) } }
      .sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)

    $query.flatMap { self.offline.search($0) }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { Just([$0]) }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { _ in other.$results }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { text in Remote.find(text) }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { _ in self.source().refresh() }.replaceError(with: []).assign(to: &$results)
    $query.flatMap { self.catalog.hints($0) }.replaceError(with: []).assign(to: &$results)
    $query.setFailureType(to: Error.self).flatMap { self.offline.search($0) }.replaceError(with: []).sink { print($0) }.store(in: &bag)
  }

  func source() -> Remote { Remote() }
}
