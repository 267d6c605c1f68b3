import Combine
import Foundation

/// The profile screen's state. The app still supports iOS 15, so `@Observable` is out of reach.
final class ProfileModel: ObservableObject {
  @Published var name = ""
  @Published var isSaving = false

  func save() {
    isSaving = true
  }
}
