// Should flag: custom publisher types an app declares (a struct, a class in an extension, one
// spelled `Combine.Publisher`), a custom subscriber.
// Should not flag: a `Subscription` inside a publisher, an internal `Subscription` (the publisher
// is what others see), public API outside a library product, a protocol refining `Publisher`,
// the names in a comment or a string, a type conforming to a `Publisher` of another namespace.
import Combine
import UIKit

struct ControlPublisher<Control: UIControl>: Publisher {
  typealias Output = Control
  typealias Failure = Never
  let control: Control

  func receive<S: Subscriber>(subscriber: S) where S.Failure == Never, S.Input == Control {
    subscriber.receive(subscription: Inner(subscriber: subscriber))
  }

  final class Inner<S: Subscriber>: Subscription {
    var subscriber: S?
    init(subscriber: S) { self.subscriber = subscriber }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { subscriber = nil }
  }
}

final class ControlSubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

extension NSNotification {
  final class Relay: Combine.Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Failure == Never, S.Input == Int {}
  }
}

final class Printer: Subscriber {
  typealias Input = String
  typealias Failure = Never
  func receive(subscription: Subscription) { subscription.request(.unlimited) }
  func receive(_ input: String) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Never>) {}
}

public final class Feed {
  public func changes() -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
}

protocol ChangePublisher: Publisher where Output == Int {}

struct Other: Charts.Publisher {}

// struct Hidden: Publisher {}
let text = "struct Quoted: Publisher {}"
