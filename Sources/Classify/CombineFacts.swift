import ScanModel

/// What one file says about Combine that matters beyond the file: imports, declared names,
/// `@Published` properties and their `$x` pipelines, bridge helpers, subjects.
///
/// Every array is in source order, so the global pass is deterministic without sorting sets.
package struct CombineFacts: Sendable, Hashable {
  /// A `@Published` stored property.
  package struct Published: Sendable, Hashable {
    /// The enclosing type path.
    package var typePath: String
    /// The property, helper or subject name.
    package var name: String
    /// 1-based line.
    package var line: Int
  }

  /// A `$name` projected publisher that starts or joins a pipeline (`$q.debounce…`,
  /// `combineLatest($a, $b)`, `assign(to: &$x)`, `$x.values`). SwiftUI bindings such as
  /// `$model.query` are not feeds.
  package struct Feed: Sendable, Hashable {
    /// The property, helper or subject name.
    package var name: String
    /// The type the use sits in; the property is `self`'s unless `viaOther`.
    package var typePath: String
    /// `model.$query`: a property of another object, resolved through `qualifier`.
    package var viaOther: Bool
    /// 1-based line.
    package var line: Int
    /// The pipeline as the source spells it, on one line, cut to a readable length (`Snippet`).
    package var text: String
    /// For `viaOther`: the names before `$query` (`["self", "model"]` in `self.model.$query`).
    package var qualifier: [String] = []
    /// The written type of the qualifier's first name when it is a local or parameter of the
    /// enclosing function (`func bind(to model: SearchModel)`).
    package var localType = ""
  }

  /// A manual `objectWillChange.send()`.
  package struct WillChangeSend: Sendable, Hashable {
    /// The enclosing type path.
    package var typePath: String
    /// 1-based line.
    package var line: Int
  }

  /// A function taking a closure parameter, analysed for completion defects.
  package struct CompletionFunction: Sendable, Hashable {
    /// The function's name.
    package var name: String
    /// 1-based line of its `func`.
    package var line: Int
    /// Argument labels of its closure parameters, in order.
    package var closureLabels: [String]
  }

  /// A bridge helper declaration.
  package struct Helper: Sendable, Hashable {
    /// The shape of a helper.
    package enum Kind: String, Sendable, Hashable {
      /// `extension Future { convenience init(operation: … async …) }` wrapping a `Task`.
      case futureInitialiser = "future-initialiser"
      /// A function whose body wraps a `Task` in a `Future` for the async closure it takes.
      case futureFunction = "future-function"
      /// A static or class function on `Future` doing the same, called as `Future.name { … }`
      /// (`static func detached(_ work: …) -> Self { self.init { promise in Task.detached { … } } }`).
      case futureFactory = "future-factory"
      /// Any other member bridging the two worlds (`firstValue`, `asyncMap`, `async()`).
      case member
    }
    /// The shape of the helper.
    package var kind: Kind
    /// The property, helper or subject name.
    package var name: String
    /// Argument labels of the first parameter list (`_` for none).
    package var labels: [String]
    /// 1-based line.
    package var line: Int
    /// For each parameter: true when it has a default value, so a call may leave it out.
    package var defaulted: [Bool] = []
    /// For each parameter: true when its type is a function type, so a trailing closure may
    /// bind to it.
    package var takesClosure: [Bool] = []

    /// A helper; without parameter details, calls must use its labels exactly.
    package init(
      kind: Kind, name: String, labels: [String], line: Int, defaulted: [Bool] = [], takesClosure: [Bool] = []
    ) {
      self.kind = kind
      self.name = name
      self.labels = labels
      self.line = line
      self.defaulted = defaulted
      self.takesClosure = takesClosure
    }
  }

  /// A `PassthroughSubject`/`CurrentValueSubject` declaration and what its own scope says about
  /// it; the tree pass adds the consumers other files have (`SubjectConsumers`).
  package struct SubjectUse: Sendable, Hashable {
    /// The enclosing type path.
    package var typePath: String
    /// The property, helper or subject name.
    package var name: String
    /// Byte offset of the declaration: the candidate finding it belongs to starts there.
    package var offset: Int
    /// 1-based line of the declaration.
    package var line: Int
    /// `PassthroughSubject` or `CurrentValueSubject`.
    package var kind: String
    /// Declared inside a function: only that function can use it.
    package var isLocal: Bool
    /// The failure type as written (`Never`, `Error`, `APIError`), nil when not written.
    package var failure: String?
    /// Written `public` or `open` (or in a `public extension`): in a library, its clients
    /// subscribe to it outside the tree.
    package var isPublic = false
    /// Lines of the consumers in the declaring scope (`sink`, `assign`, `.values`, passed on).
    package var lines: [Int] = []
    /// Lines of the consumers that are `.onReceive(…)` arguments (a view subscribes).
    package var viewLines: [Int] = []
    /// Lines of the consumers that go through an operator staying on Combine (`debounce`,
    /// `CombineLatest(…)`).
    package var keptLines: [Int] = []
    /// Shared through `share()`/`multicast` where it is declared.
    package var multicast = false
    /// Lines of consumers inside a closure that runs more than once (stored by an initialiser,
    /// assigned to a property, a `sink`'s closure): each run subscribes again.
    package var repeatedLines: [Int] = []
    /// Why the first of `repeatedLines` runs more than once.
    package var repeatedWhy = ""
    /// Lines of consumers that subscribe once per call of their function and keep the
    /// subscription in a local (`SubjectDetector.heldByLocal`), and why the first does.
    package var perCallLines: [Int] = []
    package var perCallWhy = ""
    /// Used inside a custom publisher's `receive(subscriber:)`: every subscriber of that
    /// publisher subscribes to it.
    package var perSubscriber = false
    /// `private` or `fileprivate`, and its file never names it again: nothing can send to it or
    /// subscribe to it.
    package var isUnused = false
    /// Reads of `.value`.
    package var stateReads = 0
    /// Properties of the declaring type that re-expose it (`var updates: AnyPublisher<…> {
    /// subject.eraseToAnyPublisher() }`), whose consumers are its consumers.
    package var aliases: [String] = []
    /// Lines of the re-exposures.
    package var aliasLines: [Int] = []
    /// The re-exposures that are functions (`func updates() -> AnyPublisher<…>`), called where
    /// they are used; the others are properties, which a call (`center.publisher(for: name)`)
    /// never names.
    package var functionAliases: [String] = []
    /// An exposure whose property this file does not name (`return subject.eraseToAnyPublisher()`
    /// in a function): its consumers cannot be counted.
    package var opaqueExposures: [Int] = []
    /// Lines where a declaration with no value of its own is given another object's subject
    /// (`subject = source.subject`): it holds that subject, not one of its own.
    package var heldLines: [Int] = []
  }

  /// A member path that consumes what it names: the base of a chain (`Events.shared.changed` in
  /// `Events.shared.changed.sink { … }`) or an `onReceive`/combining argument.
  package struct MemberUse: Sendable, Hashable {
    /// The names before the member (`["Events", "shared"]`; `[]` for a bare `changed`).
    package var qualifier: [String]
    /// The member named.
    package var name: String
    /// The type the use sits in.
    package var typePath: String
    /// 1-based line.
    package var line: Int
    /// The written type of the qualifier's first name when it is a local or parameter of the
    /// enclosing function (`let coordinator = LoginCoordinator(…)`, `func f(model: Model)`).
    package var localType = ""
    /// The qualifier's first name is a local the enclosing function makes (`let sut = Model()`):
    /// the consumer is one per instance it makes, not one per instance of the enclosing type.
    package var madeLocally = false
    /// The member is called (`api.servers(count: 10)`): a function, never a subject property.
    package var isCall = false
    /// Passed to a function that is not a combining operator (`authenticate(pinPublisher: c.pin)`):
    /// the subject goes where its consumers cannot be counted.
    package var isHandedOver = false
    /// The publisher property whose body re-exposes the member (`statePublisher` for `var
    /// statePublisher: AnyPublisher<…> { basePublishers.state.keepAlive(self) }`), else "": its
    /// consumers are that property's, elsewhere.
    package var reExposedAs = ""
    /// An argument of `.onReceive(…)`: a SwiftUI view subscribes to it.
    package var isOnReceive = false
    /// Goes through an operator that stays on Combine: a chain with `debounce`, or an argument
    /// of `CombineLatest(…)`/`merge(with:)`.
    package var isKept = false
    /// Why the subscription is one per call of the enclosing function, else "": it is kept in a
    /// local until it cancels (`SubjectDetector.heldByLocal`).
    package var perCall = ""
  }

  /// A type (or extension) and the names of its inheritance clause.
  package struct Conformance: Sendable, Hashable {
    /// The simple name of the type.
    package var type: String
    /// The simple names it inherits from or conforms to.
    package var supertypes: [String]
    /// The type path enclosing the declaration (`Outer` for a `class Model` nested in it; "" for
    /// an extension, which is at file level).
    package var outer = ""
    /// The written qualifier of a dotted name (`Feature` in `extension Feature.Model`), else "".
    package var qualifier = ""

    /// The dotted type path it declares or extends: `Outer.Model`, `Feature.Model`, `Model`.
    package var path: String {
      var path = qualifier.isEmpty ? type : qualifier + "." + type
      if !outer.isEmpty { path = outer + "." + path }
      return path
    }
  }

  /// A stored or computed property declared in a type body: the symbol table's member.
  package typealias MemberDeclaration = SymbolTable.MemberSymbol

  /// A function, property or typealias whose written type is a publisher
  /// (`func search(_:) -> AnyPublisher<[Item], Error>`, `let updates = PassthroughSubject<Int,
  /// Never>()`, `typealias Results = AnyPublisher<[Item], Never>`): what the tree pass asks when a
  /// `flatMap` calls it, to know whether the inner publisher can fail.
  package struct PublisherDeclaration: Sendable, Hashable {
    /// The declaring type path (empty at file level).
    package var typePath: String
    /// The function, property or alias name.
    package var name: String
    /// 1-based line.
    package var line: Int
    /// The written type, spaces removed (`AnyPublisher<[Item],Error>`); see `PublisherFailure`.
    package var type: String
    /// A `typealias`: other declarations may name it as their type.
    package var isAlias = false
  }

  /// Module names of every `import` (`import struct Combine.Future` gives `Combine`).
  package var imports: [String] = []
  /// Modules imported with `@_exported import`.
  package var exportedImports: [String] = []
  /// Simple names of the types (and typealiases) the file declares.
  package var declaredTypes: [String] = []
  /// Unambiguous Combine names the file uses (`Published`, `ObservableObject`,
  /// `PassthroughSubject`, `CurrentValueSubject`, `AnyCancellable`), sorted, unique.
  package var unambiguousNames: [String] = []
  /// `@Published` properties, in source order.
  package var published: [Published] = []
  /// `$x` uses that feed pipelines.
  package var feeds: [Feed] = []
  /// Manual `objectWillChange.send()` calls.
  package var willChangeSends: [WillChangeSend] = []
  /// Bridge helper declarations (always collected).
  package var helpers: [Helper] = []
  /// Subjects and their consumers in the declaring scope (when the subject detector runs).
  package var subjects: [SubjectUse] = []
  /// Member paths that start chains or feed `onReceive`/combining calls.
  package var memberUses: [MemberUse] = []
  /// Properties declared in type bodies.
  package var members: [MemberDeclaration] = []
  /// Inheritance clauses: `class Model: ModelProtocol, ObservableObject` gives
  /// (`Model`, [`ModelProtocol`, `ObservableObject`]); extensions too.
  package var conformances: [Conformance] = []
  /// Protocols and what they inherit (`protocol ProfileModel: ObservableObject`), apart from
  /// `conformances` so that a protocol never counts as a conforming type there.
  package var protocolInheritance: [Conformance] = []
  /// Type aliases and the type they name (`typealias ScreenModelType = StateStoreModel<S, A>` gives
  /// (`ScreenModelType`, [`StateStoreModel`])): a nested type is reached through them.
  package var typealiases: [Conformance] = []
  /// Functions, properties and typealiases with a publisher type (see `PublisherDeclaration`).
  package var publisherDeclarations: [PublisherDeclaration] = []
  /// Functions returning a publisher, with how their stream ends.
  package var publisherSources: [PublisherSource] = []
  /// Every function with a closure parameter the continuation detector analysed: a callee
  /// counts as defective only when all its declarations of that name are.
  package var completionFunctions: [CompletionFunction] = []
  /// Functions mishandling their completion closure (when the continuation detector runs).
  package var completionDefects: [CompletionDefect] = []
  /// Names used as members or calls (`x.firstValue`, `asyncMap {`): what tells a bridge helper
  /// is still used.
  package var usedNames = UsedNames()

  /// Empty facts.
  package init() {}
}
