import SwiftUI

final class ProfileViewModel: ObservableObject {
  @Published var name = ""
  @Published var bio = ""
}

protocol EditorModel: ObservableObject {}
final class Editor: EditorModel {}

// A plain property is enough: the view only reads the model.
struct ProfileRow: View {
  @ObservedObject var model: ProfileViewModel
  var body: some View { Text(model.name) }
}

// `$model.name` is a binding: `@Bindable` (also from an extension in the same file).
struct ProfileForm: View {
  @ObservedObject private(set) var model: ProfileViewModel
  @SwiftUI.ObservedObject var editor: Editor
  var body: some View { TextField("Name", text: $model.name) }
}

extension ProfileForm {
  var bioField: some View { TextField("Bio", text: $model.bio) }
}

struct Optional: View {
  @ObservedObject var maybe: ProfileViewModel!
  var body: some View { EmptyView() }
}

// Never: a library's model, comments, strings.
struct Others: View {
  @ObservedObject var store: LibraryStore
  // @ObservedObject var model: ProfileViewModel
  let doc = "@ObservedObject var model: ProfileViewModel"
  var body: some View { EmptyView() }
}

// A nested model inherited through an alias: `ScreenViewModel.Context` is `StateStore.Context`.
class StateStore<State> {
  final class Context: ObservableObject {}
}
typealias ScreenViewModelType = StateStore<Int>
final class ScreenViewModel: ScreenViewModelType {}

struct Screen: View {
  @ObservedObject var context: ScreenViewModel.Context
  var body: some View { EmptyView() }
}
