// Should flag: every @Published property, whatever attributes and modifiers surround it,
// and over several lines.
// Should not flag: @Published in a comment, in a string, and @PublishedLike.
import Combine

@propertyWrapper struct PublishedLike<Value> {
  var wrappedValue: Value
}

final class Model: ObservableObject {
  @Published var name = ""
  @Published private(set) var items: [Int] = []
  @MainActor @Published public var title = "t"
  @MainActor
  @Published
  private(set) var isLoading = false
  @PublishedLike var other = 1
  // @Published var commented = 0
  let text = "@Published var inString = 0"
}
