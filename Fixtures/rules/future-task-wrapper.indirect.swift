// Should flag: the helper's own Future+Task (line 9) and the call site that uses it (line 22):
// `Future { try await … }` only compiles through such a helper.
import Combine

struct Profile {}

extension Future where Failure == Error {
  convenience init(operation: @escaping @Sendable () async throws -> Output) {
    self.init { promise in
      Task {
        do {
          promise(.success(try await operation()))
        } catch {
          promise(.failure(error))
        }
      }
    }
  }
}

func profile() -> Future<Profile, Error> {
  Future { try await loadProfile() }
}

func loadProfile() async throws -> Profile { Profile() }
