// Should flag: a one-shot request whose failure is ignored (line 11), a Future (line 12).
// Should not flag: a handled completion (line 13), a Just that cannot fail (line 17), an endless
// source (silent-failure's own case, line 18), a test function (line 23).
import Combine
import Foundation

final class Loader {
  @Published var query = ""

  func load(_ session: URLSession, _ url: URL) -> AnyCancellable {
    session.dataTaskPublisher(for: url).map(\.data).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    Future<Int, Error> { $0(.success(1)) }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    return session.dataTaskPublisher(for: url).sink(
      receiveCompletion: { completion in if case .failure(let error) = completion { print(error) } },
      receiveValue: { print($0) })
  }
  func fixed() { _ = Just(1).sink(receiveCompletion: { _ in }, receiveValue: { print($0) }) }
  func endless() { _ = $query.tryMap { $0 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }) }
}

final class LoaderTests {
  func testLoads(_ session: URLSession, _ url: URL) {
    _ = session.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  }
}
