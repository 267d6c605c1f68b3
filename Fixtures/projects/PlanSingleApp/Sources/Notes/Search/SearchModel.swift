import Combine
import Foundation

/// Filters the store's notes by its query.
final class SearchModel: ObservableObject {
  @Published var results: [Note] = []
  @Published var isEmpty = true
  private var cancellables = Set<AnyCancellable>()

  init(store: NoteStore) {
    store.$query
      .map { query in store.notes.filter { $0.title.contains(query) } }
      .sink { [weak self] notes in
        self?.results = notes
        self?.isEmpty = notes.isEmpty
      }
      .store(in: &cancellables)
  }
}
