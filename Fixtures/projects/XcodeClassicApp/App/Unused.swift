import Combine

// Left in the folder but removed from the target long ago: nothing compiles it.
final class OldSettings: ObservableObject {
  @Published var theme = "light"
}
