struct User: Codable {
  var id: ID
  var name: String
}

extension User {
  struct ID: Codable, Hashable {
    var rawValue: String
  }
}
