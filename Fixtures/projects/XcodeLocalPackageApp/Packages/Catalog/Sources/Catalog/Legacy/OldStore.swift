import Combine

// Kept for reference; the manifest excludes this folder.
final class OldStore: ObservableObject {
  @Published var count = 0
}
