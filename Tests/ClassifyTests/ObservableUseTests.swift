import Classify
import ScanModel
import Testing

/// View use sites and model subscriptions across files: the model they hold, what blocks them,
/// and which deployment target gates them.
@Suite struct ObservableUseTests {
  let detectors = ["state-object", "observed-object", "environment-object", "environment-object-modifier"]

  static let model = (
    "Sources/Core/ProfileViewModel.swift",
    """
    import Combine
    class BaseModel: ObservableObject {}
    final class ProfileViewModel: BaseModel {
      @Published var query = ""
      var bag = Set<AnyCancellable>()
      init() { $query.debounce(for: .seconds(1), scheduler: RunLoop.main).sink { _ in }.store(in: &bag) }
    }
    """
  )

  static let view = (
    "Sources/App/ProfileView.swift",
    """
    import SwiftUI
    struct ProfileView: View {
      @StateObject var model = ProfileViewModel()
      @StateObject var chart = ChartStore()
      var body: some View { Text(model.query).environmentObject(model) }
    }
    """
  )

  @Test func aUseSiteNamesItsModelAndIsBlockedByTheModelsPipelines() {
    let findings = Support.findings([Self.model, Self.view], detectors: detectors)
    // `ChartStore` is no type of the tree: a library's model, which this migration does not move.
    #expect(findings.map(\.ruleID) == ["state-object", "environment-object-modifier"])
    #expect(findings.map(\.unit) == ["ProfileViewModel", "ProfileViewModel"])
    #expect(
      findings[0].message == "`@StateObject var model = ProfileViewModel()` → `@State var model = ProfileViewModel()`")
    #expect(findings[0].disposition == .migrate)
    #expect(findings[0].phase == .viewModels)
    #expect(findings[0].blockedBy == ["Sources/Core/ProfileViewModel.swift:6"])
  }

  /// ddg passes its coordinator into a factory function; CodeEdit unwraps each model from its
  /// workspace in a `guard let` before injecting it.
  @Test func anInjectedParameterOrAnUnwrappedMemberNamesItsModel() {
    let holder = (
      "Sources/App/Workspace.swift",
      """
      final class Workspace {
        var profile: ProfileViewModel?
      }
      """
    )
    let injection = (
      "Sources/App/Injection.swift",
      """
      import SwiftUI
      enum Factory {
        static func makeFlow(model: ProfileViewModel) -> some View {
          Text("").environmentObject(model)
        }
      }
      final class SplitController {
        private weak var workspace: Workspace?
        func build() -> AnyView? {
          guard let workspace, let profile = workspace.profile else { return nil }
          return AnyView(Text("").environmentObject(profile))
        }
      }
      """
    )
    let findings = Support.findings([Self.model, holder, injection], detectors: detectors)
    #expect(findings.map(\.ruleID) == ["environment-object-modifier", "environment-object-modifier"])
    #expect(findings.map(\.unit) == ["ProfileViewModel", "ProfileViewModel"])
    #expect(findings.map(\.range.start.line) == [4, 11])
  }

  /// CodeEdit's window controller passes its `workspace` property, declared in another file, from
  /// an extension (unwrapped by `guard let workspace = workspace`); a local of the same name
  /// made from something else stays unknown.
  @Test func aPropertyDeclaredInAnotherFileNamesItsModel() {
    let controller = (
      "Sources/App/WindowController.swift",
      """
      final class WindowController {
        var workspace: ProfileViewModel?
      }
      """
    )
    let toolbar = (
      "Sources/App/WindowController+Toolbar.swift",
      """
      import SwiftUI
      extension WindowController {
        func toolbar() -> NSView? {
          guard let workspace = workspace else { return nil }
          return NSHostingView(rootView: Text("").environmentObject(workspace))
        }
        func other() -> NSView? {
          let workspace = makeWorkspace()
          return NSHostingView(rootView: Text("").environmentObject(workspace))
        }
      }
      """
    )
    let findings = Support.findings([Self.model, controller, toolbar], detectors: detectors)
    #expect(findings.map(\.range.start.line) == [5, 9])
    #expect(findings.map(\.unit) == ["ProfileViewModel", nil])
  }

  /// A model reached through a chain of members, each declared in another file: unwrapped with
  /// `?.`, bound in a `guard let` list, read from a fixture (`Type.mock.context`) or from a
  /// preview's closure-built model, and a call's `workspace:` label before the member that is no
  /// parameter of it (CodeEdit's window controller, element-x's previews).
  @Test func aModelReachedThroughMembersInOtherFilesNamesItsModel() {
    let types = (
      "Sources/App/Types.swift",
      """
      final class Document {
        var fileManager: FileManagerModel?
        var settings: ProfileViewModel?
      }
      final class FileManagerModel {
        weak var manager: ProfileViewModel?
      }
      final class Screen {
        var context: ProfileViewModel
        static var mock: Screen { Screen() }
      }
      final class WindowController {
        var document: Document?
      }
      """
    )
    let views = (
      "Sources/App/Views.swift",
      """
      import SwiftUI
      struct NavigatorView: View {
        @EnvironmentObject private var document: Document
        var body: some View {
          if let manager = document.fileManager?.manager {
            Text("").environmentObject(manager)
          }
        }
      }
      struct Preview {
        static let screen = {
          let name = "preview"
          return Screen(name: name)
        }()
        static var previews: some View {
          VStack {
            Text("").environmentObject(screen.context)
            Text("").environmentObject(Screen.mock.context)
          }
        }
      }
      """
    )
    let controller = (
      "Sources/App/WindowController+Settings.swift",
      """
      import SwiftUI
      extension WindowController {
        func first() { open(document: document) }
        func openSettings() {
          guard let document = document,
                let settings = document.settings
          else { return }
          show(Text("").environmentObject(settings))
        }
      }
      """
    )
    let findings = Support.findings([Self.model, types, views, controller], detectors: detectors)
    #expect(findings.map(\.range.start.line) == [6, 17, 18, 8])
    #expect(findings.map(\.unit) == Array(repeating: "ProfileViewModel", count: 4))
    #expect(findings.allSatisfy { !$0.reasons.contains { $0.contains("not written here") } })
  }

  /// A hop whose owner declares no type for the member (a generic base class's state) resolves by
  /// the member's name when every declaration of it in the tree agrees on one type, and says so;
  /// when two disagree, nothing is guessed.
  @Test func aHopWithoutADeclaredTypeResolvesByAnUnambiguousNameOnly() {
    func findings(extra: String) -> [Finding] {
      let state = (
        "Sources/App/State.swift",
        """
        class Base<State> { var viewState: State }
        final class ScreenState { var activeContext: ProfileViewModel }
        \(extra)
        """
      )
      let view = (
        "Sources/App/Screen.swift",
        """
        import SwiftUI
        struct Screen: View {
          var model: Base<ScreenState>
          var body: some View { Text("").environmentObject(model.viewState.activeContext) }
        }
        """
      )
      return Support.findings([Self.model, state, view], detectors: detectors)
    }
    let unique = findings(extra: "")
    #expect(unique.map(\.unit) == ["ProfileViewModel"])
    let said = "`activeContext` is `ProfileViewModel` wherever the tree declares it"
    #expect(unique.first?.reasons.first?.hasPrefix(said) == true)
    let clash = findings(extra: "final class Other { var activeContext: String }")
    #expect(clash.map(\.unit) == [nil])
    #expect(clash.first?.reasons.contains { $0.contains("not written here") } == true)
  }

  /// A model typed by the view's generic parameter is said to be one, not "not written".
  @Test func aGenericModelSaysItIsGeneric() {
    let view = (
      "Sources/App/Panel.swift",
      """
      import SwiftUI
      struct Panel<Model: ObservableObject>: View {
        @ObservedObject var model: Model
        var body: some View { Text("") }
      }
      """
    )
    let findings = Support.findings([Self.model, view], detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings.first?.reasons.count == 1)
    #expect(findings.first?.reasons.first?.contains("generic parameter") == true)
  }

  /// A preview's model made with string arguments is quoted with the string as written: a space
  /// inside the quotes would be another string (CodeEdit's `URL(filePath: "/Users/CodeEdit")`).
  @Test func aModelMadeWithStringsIsQuotedAsWritten() {
    let preview = (
      "Sources/App/Preview.swift",
      ##"""
      import SwiftUI
      struct Preview {
        var body: some View {
          Text("").environmentObject(ProfileViewModel(name: "a \(x) b", path: #"/Users/"#))
        }
      }
      """##
    )
    let findings = Support.findings([Self.model, preview], detectors: detectors)
    let argument = ##"ProfileViewModel(name: "a \(x) b", path: #"/Users/"#)"##
    #expect(findings.map(\.message) == ["`.environmentObject(\(argument))` → `.environment(\(argument))`"])
  }

  /// A model's `objectWillChange` observed through an optional parameter, through a name bound to
  /// a chain on the line before, and through a chain in `.onReceive`, names the model it
  /// observes (CodeEdit's window-controller box).
  @Test func aSubscriptionThroughAChainNamesItsModel() {
    let types = (
      "Sources/App/Types.swift",
      """
      import Combine
      final class Editor: ObservableObject {}
      final class EditorManager { var activeEditor: Editor }
      final class Workspace { var editorManager: EditorManager? }
      final class Controller: ObservableObject { var workspace: Workspace? }
      """
    )
    let box = (
      "Sources/App/Box.swift",
      """
      import Combine
      import SwiftUI
      final class Box {
        var bag: Set<AnyCancellable> = []
        func set(_ controller: Controller?) {
          controller?.objectWillChange.sink { print("changed") }.store(in: &bag)
          let editor = controller?.workspace?.editorManager?.activeEditor
          editor?.objectWillChange.sink { print("changed") }.store(in: &bag)
        }
      }
      struct Inspector: View {
        var manager: EditorManager
        var body: some View { Text("").onReceive(manager.activeEditor.objectWillChange) { _ in } }
      }
      """
    )
    // Two types named `Option`: the property's written `Poll.Option` decides which.
    let nested = (
      "Sources/App/Poll.swift",
      """
      import SwiftUI
      enum Poll { final class Option: ObservableObject { @Published var focused = false } }
      enum Vote { final class Option: ObservableObject {} }
      struct Row: View {
        @ObservedObject var option: Poll.Option
        var body: some View { Text("").onReceive(option.$focused) { _ in } }
      }
      """
    )
    let findings = Support.findings([types, box, nested], detectors: ["model-subscription"])
    #expect(findings.map(\.range.start.line) == [6, 8, 13, 6])
    #expect(findings.map(\.unit) == ["Controller", "Editor", "Editor", "Poll.Option"])
  }

  @Test func theModelsDeploymentTargetGatesTheView() {
    let context = ClassifyContext(
      modules: [Self.model.0: "Core", Self.view.0: "App"],
      deploymentTargets: ["Core": ["iOS": "16.0"], "App": ["iOS": "17.0"]])
    let findings = Support.findings([Self.model, Self.view], detectors: detectors, context: context)
    #expect(findings.count == 2)
    #expect(findings.allSatisfy { $0.disposition == .blockedByDeploymentTarget })
    #expect(findings[0].deploymentGates == [DeploymentGate(platform: "iOS", current: "16.0", needed: "17")])
    #expect(
      findings[0].reasons.contains { $0.hasPrefix("`ProfileViewModel` is compiled for iOS 16.0 (module `Core`)") })
  }

  @Test func aNestedModelIsFoundFromTheViewsScopeAndAmbiguityIsSaid() {
    let models = (
      "Sources/App/Models.swift",
      """
      import SwiftUI
      extension FeedView { final class ViewModel: ObservableObject {} }
      extension ProfileView { final class ViewModel: ObservableObject {} }
      """
    )
    let views = (
      "Sources/App/Views.swift",
      """
      import SwiftUI
      struct FeedView: View {
        @StateObject var model = ViewModel()
        var body: some View { EmptyView() }
      }
      struct Other: View {
        @ObservedObject var model: ViewModel
        var body: some View { EmptyView() }
      }
      """
    )
    let findings = Support.findings([models, views], detectors: detectors)
    #expect(findings.map(\.unit) == ["FeedView.ViewModel", nil])
    #expect(
      findings[1].reasons.first?.hasPrefix("`ViewModel` names one of `FeedView.ViewModel`, `ProfileView.ViewModel`")
        == true)
  }

  @Test func aBindingMakesItBindable() {
    let view = (
      "Sources/App/Form.swift",
      """
      import SwiftUI
      struct Form: View {
        @ObservedObject var model: ProfileViewModel
        var body: some View { TextField("q", text: $model.query) }
      }
      struct Row: View {
        @ObservedObject var model: ProfileViewModel
        var body: some View { Text(model.query) }
      }
      """
    )
    let findings = Support.findings([Self.model, view], detectors: detectors)
    #expect(
      findings.map(\.message) == [
        "`@ObservedObject var model: ProfileViewModel` → `@Bindable var model: ProfileViewModel`",
        "`@ObservedObject var model: ProfileViewModel` → `var model: ProfileViewModel`",
      ])
  }

  /// Item 7 of issue 15: a test file importing only the library reaches Combine's members.
  @Test func aFileReachingCombineThroughATreeModuleIsAnalysed() {
    let library = (
      "Sources/Lib/Store.swift",
      """
      import Combine
      public final class Store {
        public let updates: AnyPublisher<Int, Never>
      }
      """
    )
    let test = (
      "Tests/LibTests/StoreTests.swift",
      """
      @testable import Lib
      import XCTest
      final class StoreTests: XCTestCase {
        func testUpdates() { store.updates.map { $0 + 1 }.sink { _ in }.store(in: &bag) }
      }
      """
    )
    let modules = [library.0: "Lib", test.0: "LibTests"]
    let found = Support.findings([library, test], detectors: ["operator-pipeline"], context: .init(modules: modules))
    #expect(found.map(\.file) == [test.0])
    // A module that does not import Combine lends the file nothing.
    let plain = (library.0, library.1.replacingOccurrences(of: "import Combine\n", with: ""))
    let none = Support.findings([plain, test], detectors: ["operator-pipeline"], context: .init(modules: modules))
    #expect(none.isEmpty)
    // Nor does a module that imports Combine but declares no publisher.
    let quiet = (library.0, "import Combine\npublic final class Store {}\n")
    #expect(
      Support.findings([quiet, test], detectors: ["operator-pipeline"], context: .init(modules: modules)).isEmpty)
  }
}
