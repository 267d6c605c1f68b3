// Should flag: every spelling of a Future whose closure starts a Task (trailing closure, explicit
// generics, Future(...), inside flatMap, a protocol-extension default, Task.detached), and below
// `Spellings`: helpers with several parameters and their call sites, a static factory and its
// call, a function reference, `@MainActor in`, Task.immediate, Combine.Future, `.init` in a
// function returning a Future, a closure built first, Future<…>.init(…), a free helper function.
// Should not flag: a Future without a Task, a Task next to (not inside) a Future, the Deferred
// look-alike in a comment, and the text in a string; in `NearMisses`, the same shapes one token
// away from a wrapper.
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

extension Future where Failure == Error {
  convenience init(priority: TaskPriority? = nil, operation: @escaping @Sendable () async throws -> Output) {
    self.init { promise in
      Task(priority: priority) {
        do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
      }
    }
  }

  static func detached(_ work: @escaping @Sendable () async throws -> Output) -> Self {
    self.init { promise in
      Task.detached {
        do { promise(.success(try await work())) } catch { promise(.failure(error)) }
      }
    }
  }
}

extension Future where Failure == Never {
  convenience init(isolation: isolated (any Actor)? = #isolation, _ operation: @escaping () async -> Output) {
    self.init { promise in
      Task.immediate { promise(.success(await operation())) }
    }
  }
}

func makeFuture<T>(_ work: @escaping () async throws -> T) -> Future<T, Error> {
  Future { promise in Task { do { promise(.success(try await work())) } catch { promise(.failure(error)) } } }
}

final class Client {
  func fetch() async throws -> Data { Data() }
}

final class Spellings {
  let client = Client()
  func load() async throws -> Data { Data() }
  func count() async -> Int { 1 }

  func trailing() -> Future<Data, Error> {
    Future { try await self.load() }
  }

  func withPriority() -> Future<Data, Error> {
    Future(priority: .high) { try await self.load() }
  }

  func unlabelled() -> Future<Int, Never> {
    Future({ await self.count() })
  }

  @MainActor func onMain() -> Future<Data, Error> {
    Future { @MainActor in try await self.load() }
  }

  func factory() -> Future<Data, Error> {
    Future.detached { try await self.load() }
  }

  func reference() -> Future<Data, Error> {
    Future(operation: client.fetch)
  }

  func immediate() -> Future<Int, Never> {
    Future { promise in Task.immediate { promise(.success(await self.count())) } }
  }

  func qualified() -> Combine.Future<Int, Never> {
    Combine.Future { promise in Task { promise(.success(await self.count())) } }
  }

  func implicitInit() -> Future<Int, Never> {
    .init { promise in Task { promise(.success(await self.count())) } }
  }

  func builtFirst() -> Future<Int, Never> {
    let work: (@escaping Future<Int, Never>.Promise) -> Void = { promise in
      Task { promise(.success(await self.count())) }
    }
    return Future(work)
  }

  func explicitInit() -> Future<Data, Error> {
    Future<Data, Error>.init(operation: { try await self.load() })
  }

  func freeFunction() -> Future<Data, Error> {
    makeFuture { try await self.load() }
  }
}

final class NearMisses {
  func unknownFactory() -> Future<Int, Never> {
    Future.delayed { promise in promise(.success(1)) }
  }

  func unknownLabel() -> Future<Int, Never> {
    Future(value: 1)
  }

  func missingOperation() -> Future<Int, Error> {
    Future(priority: .high)
  }

  func taskPropertyOnly() -> Future<Bool, Never> {
    Future { promise in promise(.success(Task.isCancelled)) }
  }

  func builtWithoutTask() -> Future<Int, Never> {
    let work: (@escaping Future<Int, Never>.Promise) -> Void = { promise in promise(.success(1)) }
    return Future(work)
  }

  func implicitInitWithoutTask() -> Future<Int, Never> {
    .init { promise in promise(.success(1)) }
  }

  func initOfAnArgument() -> Future<Int, Never> {
    let queue = Queue(.init { resolve in Task { resolve(1) } })
    return queue.future
  }

  func otherModule() -> Vendor.Future<Int> {
    Vendor.Future { resolve in Task { resolve(1) } }
  }

  // Future.detached { try await self.load() }, Future(operation: client.fetch) and
  // Combine.Future { promise in Task.immediate { } } in a comment
  let lookAlike = "return .init { promise in Task { promise(.success(1)) } }; Future { @MainActor in await f() }"
}
