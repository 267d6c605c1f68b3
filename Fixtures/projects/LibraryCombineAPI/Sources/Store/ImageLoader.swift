import Combine
import SwiftUI

// A public model: the library's clients hold it with `@StateObject` and read `$image`, so it
// stays an `ObservableObject` whatever the deployment target.
public final class ImageLoader: ObservableObject {
  @Published public private(set) var image: String?
  @Published public var isLoading = false

  public init() {}

  public func load(_ name: String) {
    isLoading = true
    image = name
    isLoading = false
  }
}

// The library's own view of it moves with it, so it stays too.
public struct LoaderView: View {
  @StateObject private var loader = ImageLoader()

  public init() {}

  public var body: some View { Text(loader.image ?? "") }
}

// Internal: no client sees it, so it is the library's own to move.
final class DownloadCounter: ObservableObject {
  @Published var count = 0
}

// Attributes before the modifiers: still public API.
@available(iOS 15, macOS 12, *) @MainActor open class Gallery: ObservableObject {
  @Published public var names: [String] = []
}
