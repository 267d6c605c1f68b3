import Combine
import Foundation
import Repository

/// The feed screen's state.
@MainActor
public final class FeedViewModel: ObservableObject {
  @Published public var query = ""
  @Published public private(set) var items: [Item] = []
  @MainActor
  @Published
  public private(set) var isLoading = false
  @Published public var title = "Feed"

  private let repository: FeedRepository
  private var cancellables = Set<AnyCancellable>()

  public init(repository: FeedRepository) {
    self.repository = repository

    // Worth keeping on Combine: debounce and removeDuplicates over a stream of keystrokes.
    $query
      .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
      .removeDuplicates()
      .sink { [weak self] text in self?.search(text) }
      .store(in: &cancellables)

    // Not a cycle: placeholder() is a Just, which completes and releases self (issue 14).
    repository.placeholder()
      .assign(to: \.items, on: self)
      .store(in: &cancellables)
  }

  public func reload() {
    isLoading = true
    // The error is thrown away: after the first failure this feature quietly stops.
    repository.items()
      .receive(on: DispatchQueue.main)
      .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] items in self?.items = items })
      .store(in: &cancellables)
  }

  private func search(_ text: String) {
    title = text.isEmpty ? "Feed" : "Results for \(text)"
  }
}

/// Not Combine's type: the project's own `Item` has nothing to do with the migration.
public struct FeedSection {
  public var items: [Item]
}
