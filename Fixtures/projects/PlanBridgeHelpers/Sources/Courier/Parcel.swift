import Combine
import Foundation

struct Parcel: Equatable {
  var label: String
}

/// Looks parcels up: a one-shot API that becomes `async`.
final class ParcelDesk {
  func lookUp(_ label: String) -> Future<Parcel, Never> {
    Future { fulfil in
      fulfil(.success(Parcel(label: label)))
    }
  }
}

/// Calls both helpers: once it is async, nothing needs them.
final class ParcelTracker {
  private let desk = ParcelDesk()
  private var watch: AnyCancellable?
  private var log: AnyCancellable?
  private(set) var latest: Parcel?

  func follow(_ labels: AnyPublisher<String, Never>) {
    watch = labels
      .settled(for: .milliseconds(300))
      .awaitEach { label in label.uppercased() }
      .sink { [weak self] label in self?.latest = Parcel(label: label) }
    log = labels.echo("label")
  }
}
