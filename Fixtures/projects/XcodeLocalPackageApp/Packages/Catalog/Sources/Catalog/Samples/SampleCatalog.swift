import Combine
import Foundation

// Copied into the bundle as a sample for the docs viewer; never compiled.
final class SampleCatalog {
  func load() {
    let future = Future<Int, Never> { promise in
      Task { promise(.success(1)) }
    }
    _ = future
  }
}
