import Combine

// Excluded from the app target by a membership exception: only previews used it.
final class PreviewStore: ObservableObject {
  @Published var sample = ["one"]
}
