// Should flag: Fail(error:) and Fail<…>(error:) (lines 7, 11).
// Should not flag: a local function named fail, text in a comment or a string.
import Combine

struct Oops: Error {}

func broken() -> AnyPublisher<Int, Oops> { Fail(error: Oops()).eraseToAnyPublisher() }

func typed() -> AnyPublisher<Int, Oops> {
  // Fail(error: Oops())
  Fail<Int, Oops>(error: Oops()).eraseToAnyPublisher()
}

func fail(_ message: String) -> String { "Fail(error: \(message))" }
