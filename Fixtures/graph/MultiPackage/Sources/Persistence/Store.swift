import Foundation

public protocol Store: AnyObject {
  func load(_ key: String) -> Data?
  func save(_ data: Data, for key: String)
}
