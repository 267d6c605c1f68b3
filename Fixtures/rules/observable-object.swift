// Should flag: direct conformance, after a superclass, generic, qualified, and via an extension.
// Should not flag: a class whose property is typed ObservableObject, a class func returning one,
// the names in a comment and a string.
import Combine
import Foundation

final class A: ObservableObject {}
final class B: NSObject, ObservableObject {}
final class C<T: Equatable>: ObservableObject { var value: T? }
final class D: Combine.ObservableObject {}
final class E {}
extension E: ObservableObject {}

final class F {
  var model: (any ObservableObject)?
  class func make() -> some ObservableObject { A() }
}

// class G: ObservableObject {}
let text = "class H: ObservableObject {}"
