import Combine

/// Excluded from the widget by the spec: never compiled, so never planned.
final class PreviewModel: ObservableObject {
  @Published var sample = 1
}
