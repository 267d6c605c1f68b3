import Combine
import Foundation

/// The widget targets macOS 13: `@Observable` would need 14.
final class WidgetCounter: ObservableObject {
  @Published var count = 0
}
