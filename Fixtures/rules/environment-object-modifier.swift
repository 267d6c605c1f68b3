import SwiftUI

final class Settings: ObservableObject {
  static let shared = Settings()
  @Published var theme = 0
}

final class Session: ObservableObject {
  static let mock = Session()
  static func preview(signedIn: Bool) -> Session { Session() }
}

struct RootView: View {
  @StateObject var session = Session()
  let settings: Settings

  var body: some View {
    let local = Session()
    ContentView()
      .environmentObject(Settings.shared)
      .environmentObject(Settings())
      .environmentObject(session)
      .environmentObject(self.settings)
      .environmentObject(local)
      // A fixture by convention, as previews hold their models.
      .environmentObject(Session.mock)
      .environmentObject(Session.preview(signedIn: true))
      // Unknown type: a finding with no unit.
      .environmentObject(dependencies.makeSession())
      // Never: a library's model, comments, strings.
      .environmentObject(LibraryStore())
      // .environmentObject(session)
      .navigationTitle(".environmentObject(session)")
  }
}

struct ContentView: View { var body: some View { EmptyView() } }

// A member of a member: not resolved here, so a finding with no unit (never the type of `model`).
struct Host: View {
  let model: Session
  var body: some View { EmptyView().environmentObject(model.child) }
}

// `if let session {` unwraps the property: its type stays.
final class Panel {
  private weak var session: Session?
  func show() {
    if let session {
      _ = ContentView().environmentObject(session)
    }
  }
}

// A member declared in the protocol the property is typed with: `coordinator.session`.
protocol SessionOwning {
  var session: Session { get }
}

struct Injecting: View {
  let coordinator: SessionOwning
  var body: some View { EmptyView().environmentObject(coordinator.session) }
}
