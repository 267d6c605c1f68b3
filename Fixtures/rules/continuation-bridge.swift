// Should flag: the four continuation functions (lines 7, 13, 19, 23).
// Should not flag: the names in a comment, a string, or a local function named alike (line 28).
import Foundation

final class Legacy {
  func a() async -> Int {
    await withCheckedContinuation { continuation in
      load { continuation.resume(returning: $0) }
    }
  }

  func b() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      load { continuation.resume(returning: $0) }
    }
  }

  func c() async -> Int {
    await withUnsafeContinuation { continuation in load { continuation.resume(returning: $0) } }
  }

  func d() async throws -> Int {
    try await withUnsafeThrowingContinuation { continuation in load { continuation.resume(returning: $0) } }
  }

  // withCheckedContinuation in a comment is not a finding
  let note = "withCheckedThrowingContinuation { } in a string is not one either"
  func withCheckedContinuationLike() {}

  func load(_ done: @escaping (Int) -> Void) { done(1) }
}
