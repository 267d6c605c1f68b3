import Combine
import SwiftUI

final class SearchModel: ObservableObject {
  @Published var query = ""
  @Published var results: [String] = []
  let source = CurrentValueSubject<[String], Never>([])
  var bag = Set<AnyCancellable>()

  init() {
    // A bare objectWillChange subscription, and one on the source writing into `$results`.
    objectWillChange.sink { print("changing") }.store(in: &bag)
    source.assign(to: &$results)
    // Already operator-pipeline findings, not this rule's: an operator, a `$x` base.
    objectWillChange.debounce(for: .seconds(1), scheduler: RunLoop.main).sink { _ in }.store(in: &bag)
    $query.sink { print($0) }.store(in: &bag)
  }
}

struct SearchView: View {
  @StateObject var model = SearchModel()
  @ObservedObject var other: SearchModel
  let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

  var body: some View {
    List(model.results, id: \.self) { Text($0) }
      // Kept: its worth is the debounce.
      .onReceive(model.$query.debounce(for: .seconds(0.3), scheduler: RunLoop.main)) { model.search($0) }
      // Migrates: a plain subscription.
      .onReceive(model.$results) { print($0.count) }
      .onReceive(other.$query.map { $0.count }, perform: { print($0) })
      .onReceive(model.objectWillChange) { _ in print("will change") }
      // Never: no model publisher (a timer, a subject), a library's model, comments, strings.
      .onReceive(timer) { _ in }
      .onReceive(model.source) { _ in }
      .onReceive(library.$state) { _ in }
      // .onReceive(model.$query) { _ in }
      .navigationTitle(".onReceive(model.$query)")
  }
}

final class Watcher {
  let model = SearchModel()
  var bag = Set<AnyCancellable>()
  init() {
    model.objectWillChange.sink { _ in print("x") }.store(in: &bag)
  }
}

extension SearchModel {
  func search(_ query: String) {}
}

// A nested model's changes forwarded by hand; a singleton's `$x`; `removeDuplicates`, which
// `.onChange` does by itself, does not keep it.
final class Parent: ObservableObject {
  static let shared = Parent()
  @Published var flag = false
  let child = SearchModel()
  var bag = Set<AnyCancellable>()
  init() {
    child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
  }
}

struct FlagView: View {
  var body: some View {
    EmptyView()
      .onReceive(Parent.shared.$flag) { _ in }
      .onReceive(Parent.shared.$flag.removeDuplicates()) { _ in }
  }
}
