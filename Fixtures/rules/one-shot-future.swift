// Should flag: Futures that deliver one value without a Task: trailing closure, explicit generics
// returned, inside Deferred (still one-shot, but no "runs at creation" reason).
// Should not flag: a return type followed by a function body, a Future+Task wrapper (that is
// future-task-wrapper's), the text in a comment or a string.
import Combine

func legacy(_ done: @escaping (Result<Int, Error>) -> Void) { done(.success(1)) }

func token() -> Future<Int, Error> {
  Future { promise in legacy { promise($0) } }
}

func typed() -> AnyPublisher<Int, Error> {
  let future = Future<Int, Error> { promise in legacy(promise) }
  return future.eraseToAnyPublisher()
}

func lazy() -> AnyPublisher<Int, Error> {
  Deferred { Future { promise in legacy(promise) } }.eraseToAnyPublisher()
}

func wrapper() -> Future<Int, Error> {
  Future { promise in Task { promise(.success(1)) } }
}

// Future { promise in legacy(promise) }
let text = "Future { promise in legacy(promise) }"
