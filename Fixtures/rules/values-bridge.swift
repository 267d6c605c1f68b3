// Should flag: `for await … in $x.values` (never finishes), `.values.first(where:)`, and a
// subject's values.
// Should not flag: a dictionary's `.values`, text in a comment or a string.
import Combine

final class Watcher: ObservableObject {
  @Published var enabled = false
  let events = PassthroughSubject<Int, Never>()

  func watch() async {
    for await value in $enabled.values {
      print(value)
    }
  }

  func firstBig() async -> Int? {
    await events.values.first { $0 > 10 }
  }

  func sum(_ table: [String: Int]) -> Int {
    // for await x in $enabled.values {}
    let text = "for await x in $enabled.values"
    print(text)
    return table.values.reduce(0, +)
  }
}
