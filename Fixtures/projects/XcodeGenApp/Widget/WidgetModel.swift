import Combine

/// The widget's floor is iOS 17: its model can become `@Observable`.
final class WidgetModel: ObservableObject {
  @Published var count = 0
}
