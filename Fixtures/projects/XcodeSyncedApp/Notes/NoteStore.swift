import Combine
import Foundation

/// The notes of the app. macOS 14 is the minimum, so `@Observable` is there to take.
final class NoteStore: ObservableObject {
  @Published var notes: [String] = []
}
