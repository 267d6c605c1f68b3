import Classify
import ScanModel
import Testing

@Suite struct ClassifierTests {
  /// A pattern hit of `category` from the first `first` token to the `last` token after it.
  func hit(_ ruleID: String, _ category: CategoryID, in source: String, from first: String, to last: String)
    -> PatternHit
  {
    let start = Support.position(of: first, in: source)
    var end = start
    var occurrence = 0
    while end <= start {
      end = Support.position(of: last, in: source, occurrence: occurrence)
      occurrence += 1
      if end < 0 { break }
    }
    return PatternHit(
      ruleID: ruleID, category: category, severity: .warning, message: "msg", help: "help", start: start, end: end)
  }

  func classify(_ path: String, _ source: String, hits: [PatternHit] = [], detectors: [String] = [])
    -> FileClassification
  {
    Support.classify(source, path: path, detectors: detectors, patternHits: hits)
  }

  @Test func ambiguousNamesNeedCombine() {
    let plain = "import Foundation\nlet j = Just(1)\n@Published var p = 0"
    let combine = "import Combine\nlet j = Just(1)"
    let files = [
      classify(
        "A.swift", plain,
        hits: [
          hit("just", .oneShotFuture, in: plain, from: "Just", to: ")"),
          hit("published", .publishedProperty, in: plain, from: "@", to: "p"),
        ]),
      classify("B.swift", combine, hits: [hit("just", .oneShotFuture, in: combine, from: "Just", to: ")")]),
    ]
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    #expect(findings.map(\.file) == ["A.swift", "B.swift"])
    #expect(findings.map(\.ruleID) == ["published", "just"])
    #expect(findings[0].symbol == "p")
    #expect(findings[1].phase == .oneShot)
    #expect(findings[1].disposition == .migrate)
  }

  @Test func treeDeclaringItsOwnTypeDropsTheName() {
    let use = "import Combine\nlet j = Just(1)\nlet s = PassthroughSubject<Int, Never>()"
    let files = [
      classify(
        "Use.swift", use,
        hits: [
          hit("just", .oneShotFuture, in: use, from: "Just", to: ")"),
          hit("subject", .subject, in: use, from: "PassthroughSubject", to: ")"),
        ]),
      classify("Mine.swift", "enum Just { case one }"),
    ]
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    #expect(findings.map(\.ruleID) == ["subject"])
    let declaredElsewhere = Classifier.finalize(
      files: files, context: ClassifyContext(declaredTypeNames: ["PassthroughSubject"]))
    #expect(declaredElsewhere.isEmpty)
  }

  @Test func fileWithoutCombineHasNoCombineFindings() {
    let source = "func f() { items.map { $0 }.sink { print($0) } ; $text.map { $0 }.sink { } }"
    let findings = Support.findings([("Plain.swift", source)], detectors: ["operator-pipeline"])
    #expect(findings.isEmpty)
  }

  @Test func exportedImportMakesTheModuleSeeCombine() {
    let exports = "@_exported import Combine"
    let use = "let f = Just(1)"
    let files = [
      classify("Sources/Kit/Exports.swift", exports),
      classify("Sources/Kit/Use.swift", use, hits: [hit("just", .oneShotFuture, in: use, from: "Just", to: ")")]),
      classify("Sources/App/Use.swift", use, hits: [hit("just", .oneShotFuture, in: use, from: "Just", to: ")")]),
    ]
    let context = ClassifyContext(
      modules: ["Sources/Kit/Exports.swift": "Kit", "Sources/Kit/Use.swift": "Kit", "Sources/App/Use.swift": "App"])
    let findings = Classifier.finalize(files: files, context: context)
    #expect(findings.map(\.file) == ["Sources/Kit/Use.swift"])
    #expect(findings.map(\.module) == ["Kit"])
  }

  @Test func publishedFeedingAPipelineIsBlocked() {
    let model = """
      import Combine
      import SwiftUI
      final class SearchModel: ObservableObject {
        @Published var query = ""
        @Published var results: [String] = []
        init() {
          $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { [weak self] in self?.search($0) }.store(in: &bag)
        }
        func reset() { objectWillChange.send() }
      }
      """
    let view =
      "import SwiftUI\nstruct V: View { @StateObject var model = SearchModel()\n var body: some View { TextField(\"\", text: $model.query) } }"
    let files = [
      classify(
        "Sources/App/SearchModel.swift", model,
        hits: [
          hit("observable-object", .observableObject, in: model, from: "class", to: "ObservableObject"),
          hit("published-property", .publishedProperty, in: model, from: "@", to: "query"),
          hit("published-property", .publishedProperty, in: model, from: "results", to: "="),
        ]),
      classify("Sources/App/View.swift", view),
    ]
    let context = ClassifyContext(
      modules: ["Sources/App/SearchModel.swift": "App"], deploymentTargets: ["App": ["iOS": "16.0", "macOS": "14"]])
    let findings = Classifier.finalize(files: files, context: context)
    #expect(findings.map(\.ruleID) == ["observable-object", "published-property", "published-property"])
    let observable = findings[0]
    #expect(observable.symbol == "SearchModel")
    #expect(observable.blockedBy == ["Sources/App/SearchModel.swift:7"])
    #expect(
      observable.reasons == [
        "blocked: `$query` feeds a pipeline at Sources/App/SearchModel.swift:7",
        "`SearchModel` calls `objectWillChange.send()` by hand at Sources/App/SearchModel.swift:9: "
          + "`@Observable` tracks changes itself, so that call and what it signals must be rewritten",
        "deployment target iOS 16.0 is below iOS 17, which `@Observable` needs: gate it with `if #available` "
          + "or keep Combine here until the target moves",
      ])
    let query = findings[1]
    #expect(query.blockedBy == ["Sources/App/SearchModel.swift:7"])
    #expect(
      query.reasons[0].hasPrefix(
        "blocked: `$query` feeds a pipeline at Sources/App/SearchModel.swift:7 "
          + "(`$query.debounce(for: 0.3, scheduler: RunLoop.main).sink { … }`)"))
    #expect(query.reasons.contains { $0.hasPrefix("deployment target iOS 16.0 is below iOS 26") })
    #expect(query.phase == .viewModels)
    let results = findings[2]
    #expect(results.blockedBy.isEmpty)
    #expect(results.symbol == "SearchModel.results")
  }

  /// Code in a reason is quoted as the source spells it, on one line (whitespace and comments
  /// between tokens become one space; a line break that lays out a chain, none), never as the
  /// fingerprint's spaced tokens; the fingerprint stays what it was.
  @Test func quotedCodeIsTheSourceTextOnOneLine() {
    let model = """
      import Combine
      final class TitleModel: ObservableObject {
        @Published var title = ""
        var bag = Set<AnyCancellable>()
        init(viewModel: TitleModel) {
          viewModel.$title.sink { print($0) }.store(in: &bag)
          $title
            // logged as it changes
            .sink { [weak self] in self?.log($0) }
            .store(in: &bag)
        }
        func log(_ value: String) {}
      }
      """
    let hits = [hit("published-property", .publishedProperty, in: model, from: "@", to: "title")]
    let files = [classify("Sources/App/TitleModel.swift", model, hits: hits)]
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    let title = findings.first { $0.ruleID == "published-property" }
    let reasons = title?.reasons.joined(separator: "\n") ?? ""
    #expect(reasons.contains("(`viewModel.$title.sink { print($0) }.store(in: &bag)`)"), "\(reasons)")
    #expect(reasons.contains("(`$title.sink { [weak self] in self?.log($0) }.store(in: &bag)`)"), "\(reasons)")
    #expect(!reasons.contains(" . "), "\(reasons)")
    // The fingerprint hashes the tokens joined by one space, as before.
    #expect(title?.matchText == "@ Published var title")
  }

  @Test func onReceiveInAViewBlocksAndBindingsDoNot() {
    let model =
      "import Combine\nfinal class M: ObservableObject {\n  @Published var items: [Int] = []\n  @Published var text = \"\"\n}"
    let view = """
      import SwiftUI
      struct V: View {
        @ObservedObject var model: M
        var body: some View {
          TextField("", text: $model.text)
            .onReceive(model.$items) { print($0) }
        }
      }
      """
    let files = [
      classify(
        "M.swift", model,
        hits: [
          hit("published-property", .publishedProperty, in: model, from: "items", to: "="),
          hit("published-property", .publishedProperty, in: model, from: "text", to: "="),
        ]),
      classify("V.swift", view),
    ]
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    #expect(findings.map(\.symbol) == ["M.items", "M.text"])
    #expect(findings.map(\.blockedBy) == [["V.swift:6"], []])
  }

  @Test func categoryDefaults() {
    #expect(Classifier.defaults(for: .futureTaskWrapper) == (.migrate, .oneShot))
    #expect(Classifier.defaults(for: .continuationBridge) == (.keep, nil))
    #expect(Classifier.defaults(for: .valuesBridge) == (.keep, nil))
    #expect(Classifier.defaults(for: .bridgeHelper) == (.migrate, .prepare))
    #expect(Classifier.defaults(for: .queueGuardedState) == (.migrate, .oneShot))
    #expect(Classifier.defaults(for: .subject) == (.migrate, .viewModels))
  }

  @Test func patternOverridesWin() {
    let source = "import Combine\nlet j = Just(1)"
    var keep = hit("just", .oneShotFuture, in: source, from: "Just", to: ")")
    keep.dispositionOverride = .leaveAlone
    keep.phaseOverride = .oneShot
    let findings = Classifier.finalize(files: [classify("A.swift", source, hits: [keep])], context: ClassifyContext())
    #expect(findings.map(\.disposition) == [.leaveAlone])
    #expect(findings.map(\.phase) == [nil])
  }

  @Test func outputIsDeterministicWhateverTheFileOrder() {
    let a = "import Combine\nfunc a() { $x.debounce(for: 1, scheduler: q).sink { } }"
    let b = "import Combine\nfunc b() { api.load().map { $0 }.sink { _ in } }"
    let detectors = ["operator-pipeline"]
    let files = [classify("b.swift", b, detectors: detectors), classify("a.swift", a, detectors: detectors)]
    let forward = Classifier.finalize(files: files, context: ClassifyContext())
    let backward = Classifier.finalize(files: files.reversed(), context: ClassifyContext())
    #expect(forward == backward)
    #expect(forward.map(\.file) == ["a.swift", "b.swift"])
  }

  @Test func threadsDoNotChangeTheFindings() {
    // Enough files for the per-file pass to be split over threads, with tree-wide facts that
    // cross files: a `$x` feed blocking a property declared elsewhere, a helper used elsewhere.
    let detectors = ["operator-pipeline", "future-task-wrapper", "bridge-helper", "subject"]
    var files: [FileClassification] = []
    for index in 0..<300 {
      let source = """
        import Combine
        final class Model\(index): ObservableObject {
          @Published var query = ""
          let subject = PassthroughSubject<Int, Never>()
          func bind() { $query.debounce(for: 1, scheduler: q).sink { _ in }.store(in: &bag) }
          func load() -> Future<Int, Error> { Future { promise in Task { promise(.success(1)) } } }
        }
        func use\(index)() { _ = Model\((index + 1) % 300)().load() }
        """
      let hits = [hit("published", .publishedProperty, in: source, from: "@", to: "query")]
      files.append(classify("Sources/M\(index % 7)/F\(index).swift", source, hits: hits, detectors: detectors))
    }
    let context = ClassifyContext(modules: Dictionary(uniqueKeysWithValues: files.map { ($0.path, "M") }))
    let serial = Classifier.finalize(files: files, context: context, jobs: 1)
    let parallel = Classifier.finalize(files: files.reversed(), context: context, jobs: 4)
    #expect(serial.count > 600)
    #expect(parallel == serial)
  }

  @Test func byteSearchAnswersLikeStringContains() {
    let texts = ["", "a . collect ( )", "$x . debounce ( for : 1 )", "debounce\u{301}", "é . share ( )", ". shar"]
    for text in texts {
      for needle in ["debounce", ". collect", ". share ("] {
        #expect(Classifier.contains(text, needle) == text.contains(needle), "\(text) / \(needle)")
      }
    }
  }

  @Test func nameFilterAnswersLikeSetContains() {
    let long = String(repeating: "x", count: 70)
    let names = ["Future", "AnyCancellable", "", long, "Caf\u{E9}", "Cafe\u{301}", "\u{212A}elvin", "Kelvin", "Fut"]
    let sets: [Set<String>] = [
      ["Future", "AnyCancellable"], ["Future", long], ["Caf\u{E9}", "Future"], ["Kelvin"], ["\u{212A}elvin"], [],
      // Past the few the filter compares by bytes: the set answers.
      Set((0..<200).map { "name\($0)" } + ["Future", "Kelvin"]),
    ]
    for set in sets {
      let filter = NameFilter(set)
      for name in names {
        #expect(filter.contains(name) == set.contains(name), "\(set) / \(name)")
      }
    }
  }

  @Test func deploymentTargetNotesForPipelinesAndValues() {
    let source = """
      import Combine
      final class M {
        func bind() async {
          $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)
          for await value in $query.values { print(value) }
        }
      }
      """
    let files = [classify("M.swift", source, detectors: ["operator-pipeline", "values-bridge"])]
    let old = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "Old"], deploymentTargets: ["Old": ["iOS": "14"]]))
    #expect(old.map(\.ruleID) == ["operator-pipeline", "values-bridge"])
    #expect(old[0].reasons.last?.hasPrefix("deployment target iOS 14 is below iOS 16, which AsyncAlgorithms") == true)
    #expect(
      old[1].reasons.last?.hasPrefix("deployment target iOS 14 is below iOS 15, which `Publisher.values`") == true)
    let new = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "New"], deploymentTargets: ["New": ["iOS": "17.2"]]))
    #expect(new.allSatisfy { !$0.reasons.contains { $0.hasPrefix("deployment target") } })
  }

  /// A pipeline replaced by a `for await` loop iterates `.values` (iOS 15): below that target the
  /// verdict is blocked like the `.values` bridge's, while a one-shot source (an `async` call,
  /// back-deployed to iOS 13) still migrates.
  @Test func endlessPipelinesBelowIOS15AreBlockedOneShotOnesAreNot() {
    let source = """
      import Combine
      final class M {
        func bind() {
          NotificationCenter.default.publisher(for: .changed).sink { print($0) }.store(in: &bag)
          $query.map { $0.count }.sink { print($0) }.store(in: &bag)
          api.load().map(\\.items).sink { print($0) }.store(in: &bag)
          Just(1).map { $0 + 1 }.sink { print($0) }.store(in: &bag)
        }
      }
      """
    let files = [classify("M.swift", source, detectors: ["operator-pipeline"])]
    let old = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "Old"], deploymentTargets: ["Old": ["iOS": "14"]]))
    // `api.load()` may keep delivering: its `for await` advice is gated too.
    #expect(
      old.map(\.disposition) == [
        .blockedByDeploymentTarget, .blockedByDeploymentTarget, .blockedByDeploymentTarget, .migrate,
      ])
    #expect(old[0].deploymentGates == [DeploymentGate(platform: "iOS", current: "14", needed: "15")])
    #expect(
      old[1].reasons.last?.hasPrefix("deployment target iOS 14 is below iOS 15, which `Publisher.values`") == true)
    #expect(old[1].phase == .viewModels)
    #expect(old[3].phase == .oneShot && old[3].deploymentGates.isEmpty)
    let new = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "New"], deploymentTargets: ["New": ["iOS": "15.0"]]))
    #expect(new.allSatisfy { $0.disposition == .migrate })
  }

  /// `first()` makes one value of an endless source: the reason says the operator takes it (not
  /// that the source delivers one), and awaiting it from `.values` is gated on iOS 15.
  @Test func firstOfAnEndlessSourceSaysSoAndIsGatedOnValues() {
    let source = """
      import Combine
      final class M {
        func wait() {
          $status.filter { $0 == .ready }.first().sink { _ in self.go() }.store(in: &bag)
        }
      }
      """
    let files = [classify("M.swift", source, detectors: ["operator-pipeline"])]
    let old = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "Old"], deploymentTargets: ["Old": ["iOS": "14"]]))
    #expect(old.map(\.disposition) == [.blockedByDeploymentTarget])
    #expect(old.first?.phase == .oneShot)
    #expect(
      old.first?.reasons[1]
        == "one value taken with `first` from `$status`, which may keep delivering: awaiting that value from its "
        + "`.values` (or from the async API behind the source) and plain code replace the chain")
    let new = Classifier.finalize(
      files: files, context: ClassifyContext(modules: ["M.swift": "New"], deploymentTargets: ["New": ["iOS": "16"]]))
    #expect(new.map(\.disposition) == [.migrate])
  }

  @Test func outOfRangePatternHitsAreIgnored() {
    let source = "import Combine\nlet j = Just(1)"
    let bad = [
      PatternHit(ruleID: "x", category: .oneShotFuture, severity: .note, message: "", help: "", start: 5, end: 99),
      PatternHit(ruleID: "x", category: .oneShotFuture, severity: .note, message: "", help: "", start: 3, end: 2),
      PatternHit(ruleID: "x", category: .oneShotFuture, severity: .note, message: "", help: "", start: -1, end: 0),
    ]
    #expect(classify("A.swift", source, hits: bad).candidates.isEmpty)
  }

  @Test func patternHitLocationAndText() {
    let source = "import Combine\nfunc f() {\n  let j = Just(\n    1)  // one\n}"
    let file = classify("A.swift", source, hits: [hit("just", .oneShotFuture, in: source, from: "Just", to: ")")])
    #expect(file.candidates.count == 1)
    let candidate = file.candidates[0]
    #expect(candidate.range.start == SourceLocation(line: 3, column: 11))
    #expect(candidate.range.end == SourceLocation(line: 4, column: 7))
    #expect(candidate.matchText == "Just ( 1 )")
    #expect(candidate.anchor == "Just")
    #expect(candidate.symbol == "f")
  }

  @Test func aWrapperIsNotAlsoAOneShotFuture() {
    let source = """
      import Combine
      func a() -> Future<Int, Never> { Future { promise in Task { promise(.success(1)) } } }
      func b() -> Future<Int, Never> { Future { promise in promise(.success(2)) } }
      """
    // Occurrences 1 and 3 of `Future` are the constructions (0 and 2 are return types).
    let hits = [1, 3].map { occurrence in
      let start = Support.position(of: "Future", in: source, occurrence: occurrence)
      return PatternHit(
        ruleID: "one-shot-future", category: .oneShotFuture, severity: .note, message: "", help: "", start: start,
        end: start + 1)
    }
    let file = classify("A.swift", source, hits: hits, detectors: ["future-task-wrapper"])
    let findings = Classifier.finalize(files: [file], context: ClassifyContext())
    #expect(findings.map(\.ruleID) == ["future-task-wrapper", "one-shot-future"])
    #expect(findings.map(\.symbol) == ["a", "b"])
  }
}
