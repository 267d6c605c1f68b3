import SwiftUI

// Models of this file: two ObservableObjects, one through a base class of the tree.
final class ProfileViewModel: ObservableObject {
  @Published var name = ""
}

class BaseStore: ObservableObject {}
final class FeedStore: BaseStore {}

struct ProfileScreen: View {
  final class Local: ObservableObject {}

  // Fires, with the model named in the unit.
  @StateObject var model = ProfileViewModel()
  @StateObject private var feed: FeedStore = FeedStore()
  @SwiftUI.StateObject var qualified = ProfileViewModel(name: "x", cache: nil)
  @MainActor @StateObject
  var split = ProfileViewModel.init()
  // The nested type, found from the view's own scope.
  @StateObject var local = Local()
  // No type written: still a finding, with no unit.
  @StateObject var made = makeModel()

  // Never: a library's model (the tree declares no `ChartStore`), a type of the tree that is no
  // ObservableObject, comments and strings.
  @StateObject var chart = ChartStore()
  @StateObject var plain = PlainThing()
  // @StateObject var commented = ProfileViewModel()
  /* @StateObject var block = ProfileViewModel() */
  let text = "@StateObject var inString = ProfileViewModel()"
  @State var state = ProfileViewModel()

  var body: some View { Text(model.name) }
}

struct PlainThing {}

// A generic parameter: a finding with no unit, never looked up as a type.
struct DiscoverView<Manager>: View where Manager: DiscoveryManaging {
  @StateObject private var manager: Manager
  var body: some View { EmptyView() }
}

protocol DiscoveryManaging: ObservableObject {}
