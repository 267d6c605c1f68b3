import Combine
import Foundation
import Legacy

/// The home screen's model.
final class HomeModel: ObservableObject {
  @Published var greeting = "Hello"
}
