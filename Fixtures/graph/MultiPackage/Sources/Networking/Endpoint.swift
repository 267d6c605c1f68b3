import Foundation

public struct Endpoint {
  public var path: String

  public var request: URLRequest {
    URLRequest(url: URL(string: "https://shop.example.com\(path)")!)
  }
}

extension Endpoint {
  public enum Method: String {
    case get, post
  }
}
