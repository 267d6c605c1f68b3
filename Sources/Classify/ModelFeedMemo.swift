import Synchronization

/// Per `ObservableObject` of the tree, the pipelines that read its `@Published` properties, as a
/// use site of that model lists them: made once per model, not once per use site.
///
/// A generic base model (element-x's `StateStoreViewModel.Context`) is held by most of an app's
/// views, and listing its feeds again for each of them was 3.7% of a scan. The result depends
/// on the model alone, so which thread makes it first does not matter.
final class ModelFeedMemo: Sendable {
  /// What every use site of one model is blocked by.
  struct Entry: Sendable {
    /// `path:line` of each pipeline, in the order the tree lists them, each once.
    var locations: [String]
    /// "`$query` at Search.swift:40" for each.
    var described: [String]
  }

  private let entries = Mutex<[String: Entry]>([:])

  /// The model's entry, made with `make` the first time it is asked for.
  func entry(for model: String, make: () -> Entry) -> Entry {
    if let known = entries.withLock({ $0[model] }) { return known }
    let made = make()
    entries.withLock { $0[model] = made }
    return made
  }
}
