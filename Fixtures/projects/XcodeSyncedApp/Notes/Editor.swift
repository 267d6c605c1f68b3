import Combine

/// Only the app compiles this, and the app targets macOS 14: `@Observable` is available.
final class Editor: ObservableObject {
  @Published var text = ""
}
