// Should flag: the `Just` a function hands out as its whole result (line 32), a local one
// (line 36), and locals whose names or types say publisher (lines 43 and 44).
// Should not flag: a `Just` that is the value of a publisher-typed property, stored, computed or
// assigned later: a stub of that property's type (a test double's, or a default), which changes
// when the protocol it implements does, not a one-shot operation of its own.
import Combine
import Foundation

protocol Thermostat {
  var readingsPublisher: AnyPublisher<Double, Never> { get }
  var isHeatingPublisher: AnyPublisher<Bool, Never> { get }
  var modes: AnyPublisher<[String], Never> { get }
}

final class ThermostatStub: Thermostat {
  var isOn = false
  var readingsPublisher: AnyPublisher<Double, Never> = Just(21.5).eraseToAnyPublisher()
  var isHeatingPublisher: AnyPublisher<Bool, Never> { Just(isOn).eraseToAnyPublisher() }
  var modes: AnyPublisher<[String], Never> {
    get { return Just(["eco"]).eraseToAnyPublisher() }
  }
  var fallbackPublisher = Just(0.0).eraseToAnyPublisher()
  var nextReadingsPublisher: AnyPublisher<Double, Never>?

  func reset(to value: Double) {
    nextReadingsPublisher = Just(value).eraseToAnyPublisher()
    self.readingsPublisher = Just(value).eraseToAnyPublisher()
  }
}

final class Boiler {
  func pressure() -> AnyPublisher<Double, Never> { Just(1.2).eraseToAnyPublisher() }

  func checkOnce() {
    var bag = Set<AnyCancellable>()
    let once = Just(true)
    once.sink { print($0) }.store(in: &bag)
  }
}

final class Gauge {
  func test() {
    let publisher = Just(3)
    var upstream: AnyPublisher<Int, Never>? = Just(4).eraseToAnyPublisher()
    upstream = nil
    print(publisher, upstream as Any)
  }
}
