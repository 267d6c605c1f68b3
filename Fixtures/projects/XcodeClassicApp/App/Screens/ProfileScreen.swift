import SwiftUI

struct ProfileScreen: View {
  @ObservedObject var model: ProfileModel

  var body: some View {
    TextField("Name", text: $model.name)
  }
}
