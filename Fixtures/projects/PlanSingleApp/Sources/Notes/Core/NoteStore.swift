import Combine
import Foundation

/// Holds every note and the current search text.
final class NoteStore: ObservableObject {
  @Published var notes: [Note] = []
  @Published var query = ""
  @Published var isLoading = false

  private let disk = DiskLoader()

  /// Loads the notes once from disk.
  func load() -> AnyPublisher<[Note], Error> {
    Future { promise in
      self.disk.read { result in promise(result) }
    }
    .eraseToAnyPublisher()
  }

  func add(_ note: Note) {
    notes.append(note)
  }
}

/// A callback API, the kind a `Future` wraps.
final class DiskLoader {
  func read(_ completion: @escaping (Result<[Note], Error>) -> Void) {
    completion(.success([]))
  }

  func write(_ notes: [Note]) -> Future<Void, Error> {
    Future { promise in promise(.success(())) }
  }
}
