/// What one file says about Combine that matters beyond the file: imports, declared names,
/// `@Published` properties and their `$x` pipelines, bridge helpers, subjects.
///
/// Every array is in source order, so the global pass is deterministic without sorting sets.
package struct CombineFacts: Sendable, Hashable {
  /// A `@Published` stored property.
  package struct Published: Sendable, Hashable {
    package var typePath: String
    package var name: String
    package var line: Int
  }

  /// A `$name` projected publisher that starts or joins a pipeline (`$q.debounce…`,
  /// `combineLatest($a, $b)`, `assign(to: &$x)`, `$x.values`). SwiftUI bindings such as
  /// `$model.query` are not feeds.
  package struct Feed: Sendable, Hashable {
    package var name: String
    /// The type the use sits in; the property is `self`'s unless `viaOther`.
    package var typePath: String
    /// `model.$query`: a property of another object, matched by name alone.
    package var viaOther: Bool
    package var line: Int
    /// The pipeline, normalised and cut to a readable length.
    package var text: String
  }

  /// A manual `objectWillChange.send()`.
  package struct WillChangeSend: Sendable, Hashable {
    package var typePath: String
    package var line: Int
  }

  /// A bridge helper declaration.
  package struct Helper: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
      /// `extension Future { convenience init(operation: … async …) }` wrapping a `Task`.
      case futureInitialiser = "future-initialiser"
      /// A function whose body wraps a `Task` in a `Future` for the async closure it takes.
      case futureFunction = "future-function"
      /// Any other member bridging the two worlds (`firstValue`, `asyncMap`, `async()`).
      case member
    }
    package var kind: Kind
    package var name: String
    /// Argument labels of the first parameter list (`_` for none).
    package var labels: [String]
    package var line: Int
  }

  /// A `PassthroughSubject`/`CurrentValueSubject` and its subscribers in the declaring file.
  package struct SubjectUse: Sendable, Hashable {
    package var typePath: String
    package var name: String
    package var subscribers: Int
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
  package var published: [Published] = []
  package var feeds: [Feed] = []
  package var willChangeSends: [WillChangeSend] = []
  package var helpers: [Helper] = []
  package var subjects: [SubjectUse] = []
  package var completionDefects: [CompletionDefect] = []
  /// Names used as members or calls (`x.firstValue`, `asyncMap {`), sorted, unique: what tells
  /// a bridge helper is still used.
  package var usedNames: [String] = []

  package init() {}
}
