import Combine
import Foundation

public final class CatalogService {
  public init() {}

  public func titles() -> AnyPublisher<[String], Never> {
    Just(["Kettle", "Teapot"]).eraseToAnyPublisher()
  }
}
