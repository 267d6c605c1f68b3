import Combine

final class ProfileViewModel: ObservableObject {
  @Published var user: User?
  private let users: UserService

  init(users: UserService) {
    self.users = users
  }
}
