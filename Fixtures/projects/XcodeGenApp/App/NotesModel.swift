import Combine
import Kit

/// The app ships to iOS 16: this model keeps `ObservableObject` until the floor moves to 17.
final class NotesModel: ObservableObject {
  @Published var titles: [String] = []

  func add(_ text: String) { titles.append(Formatter.title(text)) }
}
