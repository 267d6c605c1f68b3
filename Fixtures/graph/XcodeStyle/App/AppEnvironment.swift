final class AppEnvironment {
  let users = UserService(client: HTTPClient())
  let tracker = Tracker()
}
