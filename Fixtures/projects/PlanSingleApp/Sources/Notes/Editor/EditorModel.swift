import Combine
import Foundation

/// Edits one note and saves it back to the store.
final class EditorModel: ObservableObject {
  @Published var title = ""
  @Published var body = ""
  private let store: NoteStore
  private let disk = DiskLoader()

  init(store: NoteStore) {
    self.store = store
  }

  func save() -> AnyPublisher<Void, Error> {
    disk.write(store.notes)
      .eraseToAnyPublisher()
  }
}
