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
