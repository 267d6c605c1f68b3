import ScanModel
import SwiftLexer

/// A rule that needs more than a token pattern: a small analysis over one file's tokens.
///
/// A detector serves one or more names (the `detector` field of a rule in `rules.json`) and runs
/// only when a rule naming one of them is enabled. It reports hits by name; `FileClassifier` turns
/// each hit into a candidate finding of every enabled rule with that name. Detectors are pure
/// functions of the file, so files are classified in parallel.
package protocol Detector: Sendable {
  /// The names this detector answers to, as `rules.json` spells them.
  var names: [String] { get }

  /// Reports the hits (and cross-file facts) of `file` for the `enabled` names.
  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput)

  /// False when `file` surely gives no hit and no fact (its key words are absent), so
  /// `detect` need not run.
  func mayFind(in file: FileContext) -> Bool
}

extension Detector {
  package func mayFind(in file: FileContext) -> Bool { true }
}

/// What one detector found in one file.
package struct DetectorHit: Sendable, Hashable {
  /// The detector name the hit is for (one of `Detector.names`).
  package var name: String
  /// First and last significant positions (inclusive).
  package var start: Int
  /// Last significant position (inclusive).
  package var end: Int
  /// The Combine name the hit stands on, for the ambiguity filter.
  package var anchor: String?
  /// Why: the operators kept, what may resume twice, how many subscribers.
  package var reasons: [String]
  /// Set when the detector decides, as the pipeline detector does with `keep`.
  package var disposition: Disposition?
  /// The phase when `phaseDecided`.
  package var phase: Phase?
  /// True when the detector decided the phase.
  package var phaseDecided: Bool
  /// A fact of the tree the hit needs (a helper, a callee defect).
  package var requirement: CandidateFinding.Requirement?
  /// A join key for the global pass (a helper or subject name).
  package var key: String?
  /// True when the construct's shape says Combine even where the anchor is ambiguous (see
  /// `CandidateFinding.combineShaped`).
  package var combineShaped: Bool
  /// The finding's message when it says more than the rule's: the concrete change at this site
  /// (`` `@StateObject var model = Model()` → `@State var model = Model()` ``).
  package var message: String?
  /// The finding's remedy when it says more than the rule's.
  package var help: String?

  /// Creates a hit; only the name and positions are required.
  package init(
    name: String, start: Int, end: Int, anchor: String? = nil, reasons: [String] = [],
    disposition: Disposition? = nil, phase: Phase? = nil, phaseDecided: Bool = false,
    requirement: CandidateFinding.Requirement? = nil, key: String? = nil, combineShaped: Bool = false
  ) {
    self.name = name
    self.start = start
    self.end = end
    self.anchor = anchor
    self.reasons = reasons
    self.disposition = disposition
    self.phase = phase
    self.phaseDecided = phaseDecided
    self.requirement = requirement
    self.key = key
    self.combineShaped = combineShaped
  }
}

/// Hits plus the facts detectors contribute to `CombineFacts`.
package struct DetectorOutput: Sendable {
  /// Hits, in any order (the classifier sorts).
  package var hits: [DetectorHit] = []
  /// Subjects with their subscriber counts.
  package var subjects: [CombineFacts.SubjectUse] = []
  /// Completion defects of functions declared in the file.
  package var completionDefects: [CompletionDefect] = []
  /// Every function analysed for completion defects.
  package var completionFunctions: [CombineFacts.CompletionFunction] = []
  /// Tokens the detectors visited: a work counter for the scaling tests, never reported.
  package var steps = 0

  /// An empty output.
  package init() {}
}

/// Everything a detector may read about one file, computed once.
package struct FileContext: Sendable {
  /// The path findings report.
  package let path: String
  /// The significant tokens and their brace roles.
  package let view: SignificantTokenView
  /// Enclosing declarations.
  package let symbols: SymbolIndex
  /// Line starts, for line numbers in reasons and findings; built on first use.
  package var lines: LineIndex { lazyLines.index }
  private let lazyLines: LazyLineIndex
  /// The key words the file's bytes contain: which detectors can find anything.
  package let hints: ByteHints
  /// Every publisher chain of the file that ends in a subscriber or `.values`.
  package let chains: [PublisherChain]
  /// The `PassthroughSubject`/`CurrentValueSubject` declarations, shared by four detectors.
  private(set) var subjectDeclarations: [SubjectDetector.Declaration] = []
  /// The names of `subjectDeclarations`, which four detectors look up.
  private(set) var subjectNames: Set<String> = []
  /// Bit `n` set when a name of `subjectNames` has `n` bytes (bit 64: 64 or more).
  private var subjectNameLengths: UInt128 = 0
  /// For each scope of `symbols`: the head of its declaration (nil for types and the file), built
  /// when the file says `async` or `->`, because bridge helpers and completion handlers both read it.
  package private(set) var signatures: [DeclarationSignature?] = []
  /// The bridge helpers: the classifier's facts and the bridge-helper detector both need them.
  package private(set) var helperEntries: [BridgeHelperScanner.Entry] = []

  /// Whether the word at `position` may be a name of `subjectNames`: false, without making a
  /// `String`, for a word no subject name is as long as (most words of a file).
  func mayNameSubject(_ position: Int) -> Bool {
    subjectNameLengths & (1 << UInt128(min(view.length(position), 64))) != 0
  }

  /// Prepares the shared views of one file (one pass each). Chains, subject declarations and
  /// signatures are only built when the bytes spell what they need: otherwise they are unused.
  ///
  /// - Parameter lines: the file's line index when the caller shares it; else one of its own.
  package init(path: String, stream: TokenStream, lines: LazyLineIndex? = nil) {
    self.path = path
    let view = SignificantTokenView(stream)
    self.view = view
    self.symbols = SymbolIndex(view)
    self.lazyLines = lines ?? LazyLineIndex(stream.source)
    let hints = ByteHints(stream.source)
    self.hints = hints
    self.chains = hints.chainTerminal ? PublisherChain.all(in: view) : []
    if hints.subject {
      subjectDeclarations = SubjectDetector.declarations(in: self)
      subjectNames = Set(subjectDeclarations.map(\.name))
      for name in subjectNames { subjectNameLengths |= 1 << UInt128(min(name.utf8.count, 64)) }
    }
    if hints.hasAsync || hints.arrow {
      signatures = symbols.scopes.map { scope in
        scope.isType || scope.open < 0 ? nil : DeclarationSignature.find(bodyOpen: scope.open, in: view)
      }
    }
    if hints.hasAsync { helperEntries = BridgeHelperScanner.scan(self) }
  }

  /// The declaration head of scope `index`, from the cache when built, else found now.
  package func signature(ofScope index: Int) -> DeclarationSignature? {
    if index < signatures.count { return signatures[index] }
    let scope = symbols.scopes[index]
    return scope.isType || scope.open < 0 ? nil : DeclarationSignature.find(bodyOpen: scope.open, in: view)
  }

  /// 1-based line of the significant token at `position`.
  package func line(of position: Int) -> Int { lazyLines.line(of: view.startOffset(position)) }
}

/// The table of detectors, keyed by the names rules use.
package enum Detectors {
  /// Every detector type, once.
  package static let types: [any Detector] = [
    FutureTaskWrapperDetector(),
    OperatorPipelineDetector(),
    SubjectDetector(),
    ValuesBridgeDetector(),
    ContinuationMisuseDetector(),
    SilentFailureDetector(),
    AssignRetainCycleDetector(),
    QueueGuardedStateDetector(),
    BridgeHelperDetector(),
    ViewUseSiteDetector(),
    ModelSubscriptionDetector(),
    CombineAPIDetector(),
  ]

  /// Detector name → detector. One type may serve several names.
  package static let all: [String: any Detector] = {
    var table: [String: any Detector] = [:]
    for detector in types {
      for name in detector.names { table[name] = detector }
    }
    return table
  }()

  /// Every detector name, sorted.
  package static var names: [String] { all.keys.sorted() }
}
