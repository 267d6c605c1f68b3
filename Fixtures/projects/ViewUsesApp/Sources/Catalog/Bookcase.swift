import Combine

/// The books on show and what the reader is looking for.
public final class Bookcase: ObservableObject {
  @Published public var titles: [String] = []
  @Published public var filter = ""

  public init() {}

  public func shelve(_ title: String) {
    titles.append(title)
  }
}
