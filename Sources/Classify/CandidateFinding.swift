import ScanModel

/// A finding of one file before the global pass: everything `Classifier.finalize` needs, as
/// plain values (no tokens), so files can be classified in parallel and forgotten.
package struct CandidateFinding: Sendable, Hashable {
  /// A fact the finding needs from the rest of the tree before it counts.
  package enum Requirement: Sendable, Hashable {
    /// A call to a helper declared elsewhere: `Future(operation:)`/`Future { try await … }`
    /// (name `Future`), `Future.detached { … }` (name `Future.detached`) or `makeFuture { … }`,
    /// with the labels the call uses: `_` for an unlabelled argument, `trailingClosure` last
    /// for a trailing closure.
    case helperCall(name: String, labels: [String])
    /// A call whose completion closure resumes a continuation: counts when the callee's body,
    /// somewhere in the tree, has the defect on the parameter the closure binds to: `parameter`
    /// is the argument label of a closure argument, or nil for the trailing closure, which binds
    /// to the first closure parameter not among `passedLabels` (forward-scan matching).
    case calleeDefect(name: String, defect: CompletionDefect.Kind, parameter: String?, passedLabels: [String])
    /// A `flatMap`/`switchToLatest` whose inner publisher starts from functions or properties
    /// the file cannot see: counts when the declared type of one of them can fail
    /// (`func search(_:) -> AnyPublisher<[Item], Error>`), found by receiver type where it is
    /// known and by name where it is not.
    case innerFailure([InnerPublisher.Lookup])
  }

  /// The label a trailing closure stands for in `Requirement.helperCall`.
  package static let trailingClosure = "{}"

  /// The rule that produced the candidate.
  package var ruleID: String
  /// The rule's category.
  package var category: CategoryID
  /// The rule's severity.
  package var severity: Severity
  /// The rule's one-line message.
  package var message: String
  /// The rule's remedy.
  package var help: String
  /// Decided by the rule or the detector; nil takes the category default.
  package var disposition: Disposition?
  /// Decided by the rule or the detector; meaningful only when `phaseDecided`.
  package var phase: Phase?
  /// True when `phase` was decided (nil then means "no phase").
  package var phaseDecided: Bool
  /// Where the match is: line, byte column and scalar column of its first and last token.
  package var range: SourceRange
  /// Byte offset of the first token, for twins ordering.
  package var offset: Int
  /// Dotted type path enclosing the finding (empty at file level).
  package var typePath: String
  /// `Type.member`, when there is one.
  package var symbol: String?
  /// Significant token texts joined by one space: the fingerprint's view of what matched.
  package var matchText: String
  /// The Combine name the finding stands on (`Future`, `Published`, `PassthroughSubject`), for
  /// the ambiguity filter; nil when the construct is not a name (a pipeline, a continuation).
  package var anchor: String?
  /// Why the disposition, in the order they were found.
  package var reasons: [String]
  /// What must hold in the tree for the candidate to count, if anything.
  package var requirement: Requirement?
  /// A join key for the global pass: `Type.name` of a `@Published` property, the type name of an
  /// `ObservableObject`, the name of a bridge helper.
  package var key: String?
  /// True when the construct is shaped like Combine's whatever its anchor names: a `Future`
  /// closure taking one `promise` that a `Task` inside calls with `.success`/`.failure`. Decides
  /// a file that sees both Combine's `Future` and another module's.
  package var combineShaped = false
  /// False for a pattern rule's match that names no Combine word and whose rule does not ask for
  /// the import (`requires-combine-import`): a team's own rule fires wherever it matches.
  package var requiresCombineImport = true
  /// True when the declaration of an `ObservableObject` type is `public` or `open`: in a
  /// published library its clients hold it, so it keeps its API (`Classifier`).
  package var isPublicDeclaration = false

  /// Creates a candidate; only the rule fields, the range and the text are required.
  package init(
    ruleID: String, category: CategoryID, severity: Severity, message: String, help: String,
    disposition: Disposition? = nil, phase: Phase? = nil, phaseDecided: Bool = false, range: SourceRange,
    offset: Int, typePath: String = "", symbol: String? = nil, matchText: String, anchor: String? = nil,
    reasons: [String] = [], requirement: Requirement? = nil, key: String? = nil
  ) {
    self.ruleID = ruleID
    self.category = category
    self.severity = severity
    self.message = message
    self.help = help
    self.disposition = disposition
    self.phase = phase
    self.phaseDecided = phaseDecided
    self.range = range
    self.offset = offset
    self.typePath = typePath
    self.symbol = symbol
    self.matchText = matchText
    self.anchor = anchor
    self.reasons = reasons
    self.requirement = requirement
    self.key = key
  }
}
