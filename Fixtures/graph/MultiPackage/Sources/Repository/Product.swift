public struct Product: Decodable, Identifiable {
  public var id: Int
  public var name: String
}
