/// A function of the tree whose body mishandles its completion closure, found by
/// `ContinuationMisuseDetector` and matched in the global pass with the continuations that call it.
package struct CompletionDefect: Sendable, Hashable {
  /// What goes wrong on some path.
  package enum Kind: String, Sendable, Hashable {
    /// The completion is called twice on one path (again on retry): the continuation resumes twice.
    case calledTwice = "called-twice"
    /// A path returns without calling it: the continuation never resumes.
    case notCalled = "not-called"
    /// A path returns without calling it only when a weak capture is gone
    /// (`guard let self else { return }`): latent, the continuation waits if `self` is deallocated.
    case notCalledWithoutSelf = "not-called-without-self"
  }

  /// The function's name (`load`).
  package var function: String
  /// What goes wrong.
  package var kind: Kind
  /// 1-based line of the defect in the declaring file.
  package var line: Int
  /// 1-based line of the function's `func`, telling overloads apart.
  package var declarationLine: Int
  /// The argument label of the mishandled closure parameter (`completion`, `_`).
  package var parameter: String
  /// The statement on the path, as a reason quotes it (`guard let url else { return }`).
  package var statement: String
  /// For a path that leaves a `sink`'s `receiveCompletion:` closure while its `receiveValue:`
  /// calls the completion: the function that made the publisher (`disconnect` in
  /// `service.disconnect().sink(…)`). When it returns a `Future`, `.finished` only comes after
  /// the value, and the path is no defect (decided in the global pass, which sees its type).
  package var sinkSource: String?

  /// Creates a defect record.
  package init(
    function: String, kind: Kind, line: Int, declarationLine: Int, parameter: String, statement: String = ""
  ) {
    self.function = function
    self.kind = kind
    self.line = line
    self.declarationLine = declarationLine
    self.parameter = parameter
    self.statement = statement
  }
}
