import Classify
import ScanModel
import Testing

/// Issue 15, item 8: a `$title` feed blocks the `@Published var title` it names, resolved by
/// declaration (`FeedIndex`), not every property called `title`.
@Suite struct BlockersByDeclarationTests {
  /// Two models in one file, each publishing a `title`: `Editor` first, `Viewer` second.
  static let models = """
    import Combine
    protocol EditorModel: AnyObject {}
    final class Editor: EditorModel, ObservableObject {
      @Published var title = ""
    }
    final class Viewer: ObservableObject {
      @Published var title = ""
    }
    """

  /// The `published-property` candidates of `models`, one per `title`.
  static func modelFile(_ path: String = "Sources/Models/Models.swift") -> FileClassification {
    let source = models
    let first = Support.position(of: "title", in: source)
    let second = Support.position(of: "title", in: source, occurrence: 1)
    let hits = [first, second].map { start in
      PatternHit(
        ruleID: "published-property", category: .publishedProperty, severity: .warning, message: "m", help: "h",
        start: start, end: start + 2)
    }
    return Support.classify(source, path: path, detectors: [], patternHits: hits)
  }

  /// `blockedBy` of `Editor.title` and `Viewer.title` with `consumer` beside the models.
  static func blockers(
    _ consumer: String, path: String = "Sources/Models/Screen.swift", modules: [String: String] = [:]
  )
    -> [String: [String]]
  {
    let files = [modelFile(), Support.classify(consumer, path: path, detectors: [])]
    let findings = Classifier.finalize(files: files, context: ClassifyContext(modules: modules))
    var result: [String: [String]] = [:]
    for finding in findings { result[finding.symbol ?? ""] = finding.blockedBy }
    return result
  }

  static func reasons(_ consumer: String, of symbol: String) -> [String] {
    let files = [modelFile(), Support.classify(consumer, path: "Sources/Models/Screen.swift", detectors: [])]
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    return findings.first { $0.symbol == symbol }?.reasons ?? []
  }

  @Test func aMemberWithADeclaredTypeBlocksThatTypesPropertyOnly() {
    let consumer = """
      import Combine
      final class Screen {
        let model: Editor
        var bag = Set<AnyCancellable>()
        init(model: Editor) {
          self.model = model
          self.model.$title.sink { print($0) }.store(in: &bag)
        }
      }
      """
    #expect(Self.blockers(consumer) == ["Editor.title": ["Sources/Models/Screen.swift:7"], "Viewer.title": []])
    #expect(Self.reasons(consumer, of: "Editor.title").first?.contains("matched by name") == false)
  }

  @Test func aParameterOrLocalTypeResolves() {
    let consumer = """
      import Combine
      func bind(to viewer: Viewer, bag: inout Set<AnyCancellable>) {
        viewer.$title.map { $0.count }.sink { print($0) }.store(in: &bag)
        let editor = Editor()
        editor.$title.sink { print($0) }.store(in: &bag)
      }
      """
    #expect(
      Self.blockers(consumer) == [
        "Editor.title": ["Sources/Models/Screen.swift:5"], "Viewer.title": ["Sources/Models/Screen.swift:3"],
      ])
  }

  @Test func aProtocolTypeBlocksItsConformers() {
    let consumer = """
      import Combine
      final class Screen {
        let model: EditorModel
        init(model: EditorModel) { self.model = model; (model as! Editor).objectWillChange.sink { }.cancel() }
        func bind() { _ = (model as? Editor).map { $0 }; other.model.$title.sink { _ in }.cancel() }
        let other: Screen
      }
      """
    #expect(Self.blockers(consumer) == ["Editor.title": ["Sources/Models/Screen.swift:5"], "Viewer.title": []])
  }

  @Test func theSameTypesOwnProjectionBlocksOnlyItself() {
    let consumer = """
      import Combine
      extension Editor {
        func watch() -> AnyCancellable { $title.sink { print($0) } }
      }
      """
    #expect(Self.blockers(consumer) == ["Editor.title": ["Sources/Models/Screen.swift:3"], "Viewer.title": []])
  }

  @Test func anUnresolvedQualifierStaysConservativeAndSaysSo() {
    let consumer = """
      import Combine
      func bind(items: [Editor], bag: inout Set<AnyCancellable>) {
        for item in items { item.$title.sink { print($0) }.store(in: &bag) }
      }
      """
    #expect(
      Self.blockers(consumer) == [
        "Editor.title": ["Sources/Models/Screen.swift:3"], "Viewer.title": ["Sources/Models/Screen.swift:3"],
      ])
    #expect(
      Self.reasons(consumer, of: "Viewer.title").first?.contains(
        "(matched by name: the type of `item` in `item.$title` is not known)") == true)
  }

  @Test func aModuleThatCannotSeeTheTypeDoesNotBlockIt() {
    let consumer = """
      import Combine
      func bind(items: [Any], bag: inout Set<AnyCancellable>) {
        for item in items { item.$title.sink { print($0) }.store(in: &bag) }
      }
      """
    let modules = ["Sources/Models/Models.swift": "Models", "Sources/Reader/Screen.swift": "Reader"]
    #expect(
      Self.blockers(consumer, path: "Sources/Reader/Screen.swift", modules: modules) == [
        "Editor.title": [], "Viewer.title": [],
      ])
    let importing = "import Models\n" + consumer
    #expect(
      Self.blockers(importing, path: "Sources/Reader/Screen.swift", modules: modules) == [
        "Editor.title": ["Sources/Reader/Screen.swift:4"], "Viewer.title": ["Sources/Reader/Screen.swift:4"],
      ])
  }

  @Test func anAssignTargetOnAnotherObjectIsAFeedOfThatObject() {
    let consumer = """
      import Combine
      final class Screen: ObservableObject {
        @Published var heading = ""
        let viewer = Viewer()
        func bind() { $heading.assign(to: &viewer.$title) }
      }
      """
    #expect(Self.blockers(consumer) == ["Editor.title": [], "Viewer.title": ["Sources/Models/Screen.swift:5"]])
  }

  @Test func aTargetNameIsImportedAsItsModuleName() {
    // The target `Model-Kit` is the module `Model_Kit`.
    let consumer = """
      import Combine
      import Model_Kit
      func bind(viewer: Viewer, bag: inout Set<AnyCancellable>) { viewer.$title.sink { print($0) }.store(in: &bag) }
      """
    let modules = ["Sources/Models/Models.swift": "Model-Kit", "Sources/Reader/Screen.swift": "Reader"]
    #expect(
      Self.blockers(consumer, path: "Sources/Reader/Screen.swift", modules: modules) == [
        "Editor.title": [], "Viewer.title": ["Sources/Reader/Screen.swift:3"],
      ])
  }

  @Test func anotherFileOfTheModuleImportingTheTypesModuleIsEnough() {
    // Members of a module any file of the feed's module imports are usable in all its files.
    let consumer = """
      import Combine
      func bind(viewer: Viewer, bag: inout Set<AnyCancellable>) { viewer.$title.sink { print($0) }.store(in: &bag) }
      """
    let files = [
      Self.modelFile(), Support.classify(consumer, path: "Sources/Reader/Screen.swift", detectors: []),
      Support.classify("import Models\nstruct Other {}", path: "Sources/Reader/Other.swift", detectors: []),
    ]
    let modules = [
      "Sources/Models/Models.swift": "Models", "Sources/Reader/Screen.swift": "Reader",
      "Sources/Reader/Other.swift": "Reader",
    ]
    let findings = Classifier.finalize(files: files, context: ClassifyContext(modules: modules))
    #expect(findings.map(\.blockedBy) == [[], ["Sources/Reader/Screen.swift:2"]])
  }
}
