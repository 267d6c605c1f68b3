// Should flag: every spelling of a Future whose closure starts a Task (trailing closure, explicit
// generics, Future(...), inside flatMap, a protocol-extension default, Task.detached).
// Should not flag: a Future without a Task, a Task next to (not inside) a Future, the Deferred
// look-alike in a comment, and the text in a string.
import Combine
import Foundation

protocol Loader {
  func load() async throws -> Data
}

extension Loader {
  func loadPublisher() -> AnyPublisher<Data, Error> {
    Future { promise in
      Task { promise(.success(try await self.load())) }
    }
    .eraseToAnyPublisher()
  }
}

final class Service: Loader {
  func load() async throws -> Data { Data() }

  func generic() -> Future<Data, Error> {
    Future<Data, Error> { promise in
      Task.detached {
        promise(.success(try await self.load()))
      }
    }
  }

  func parenthesised() -> Future<Int, Never> {
    Future({ promise in
      Task { promise(.success(1)) }
    })
  }

  func chained(_ ids: AnyPublisher<Int, Error>) -> AnyPublisher<Data, Error> {
    ids.flatMap { _ in
      Future { promise in Task { promise(.success(try await self.load())) } }
    }
    .eraseToAnyPublisher()
  }

  func noTask() -> Future<Int, Never> {
    Future { promise in promise(.success(1)) }
  }

  func taskBeside() -> Future<Int, Never> {
    Task { print("unrelated") }
    return Future { promise in promise(.success(2)) }
  }

  // Future { promise in Task { } } in a comment
  let text = "Future { promise in Task { promise(.success(1)) } }"
}
