import Combine

// This module imports Combine and not Vendor: Combine's `Future`, a wrapper.
struct ProfileLoader {
  func name() async throws -> String { "name" }

  func publisher() -> Future<String, Error> {
    Future { promise in
      Task {
        do { promise(.success(try await name())) } catch { promise(.failure(error)) }
      }
    }
  }
}
