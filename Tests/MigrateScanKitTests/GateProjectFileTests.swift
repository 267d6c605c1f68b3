import Foundation
import MigrateScanKit
import Testing

/// A change to an Xcode project file alone is a change the check sees: which target compiles a
/// file and each target's deployment target come from it, and each side of the comparison reads
/// its own version.
@Suite struct GateProjectFileTests {
  /// A project whose one app target compiles `App/Main.swift`, and `App/Legacy.swift` too when
  /// `withLegacy`, at the given iOS deployment target.
  static func project(withLegacy: Bool, iOS: String = "15.0") -> String {
    let legacyBuildFile = withLegacy ? "A2 = {isa = PBXBuildFile; fileRef = R2; };" : ""
    let legacyInPhase = withLegacy ? "A2, " : ""
    return """
      // !$*UTF8*$!
      {
        objects = {
          P1 = {isa = PBXProject; mainGroup = G0; buildConfigurationList = L0; targets = (T1, ); };
          G0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
          G1 = {isa = PBXGroup; children = (R1, R2, ); path = App; sourceTree = "<group>"; };
          R1 = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
          R2 = {isa = PBXFileReference; path = Legacy.swift; sourceTree = "<group>"; };
          A1 = {isa = PBXBuildFile; fileRef = R1; };
          \(legacyBuildFile)
          S1 = {isa = PBXSourcesBuildPhase; files = (A1, \(legacyInPhase)); };
          T1 = {isa = PBXNativeTarget; name = App; buildPhases = (S1, ); buildConfigurationList = L1;
            productType = "com.apple.product-type.application"; };
          L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
          C0 = {isa = XCBuildConfiguration; name = Release;
            buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = \(iOS); }; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
          C1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SWIFT_VERSION = 5.0; }; };
        };
        rootObject = P1;
      }

      """
  }

  static let main =
    "import SwiftUI\n\n@main struct ShopApp: App {\n  var body: some Scene { WindowGroup { Text(\"\") } }\n}\n"
  static let legacy = GateTests.service(GateTests.wrapper)
  static let model =
    "import Combine\n\nfinal class Cart: ObservableObject {\n  @Published var items: [String] = []\n}\n"

  func repository(withLegacy: Bool) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: withLegacy))
    try repository.write("App/Main.swift", Self.main)
    try repository.write("App/Legacy.swift", Self.legacy)
    try repository.commitAll()
    return repository
  }

  @Test func aFileMovedIntoATargetByThePbxprojAloneBringsItsWrapper() throws {
    let repository = try repository(withLegacy: false)
    defer { repository.remove() }
    // Before the change no target compiles Legacy.swift: its wrapper is no finding.
    #expect(CLIRun(["check", "--staged", "--quiet", repository.path]).status == .success)
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: true))
    try repository.stageAll()
    let staged = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(staged.status == .policyFailure, "\(staged.stdout)\(staged.stderr)")
    #expect(staged.stdout.contains("App/Legacy.swift:6:5: error:"), "\(staged.stdout)")
    #expect(CLIRun(["check", "--staged", "--whole-tree", "--quiet", repository.path]).status == .policyFailure)
    try repository.commitAll()
    #expect(CLIRun(["check", "--since", "HEAD~1", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["check", "--since", "HEAD", "--quiet", repository.path]).status == .success)
  }

  @Test func theStagedProjectFileCountsNotTheWorkTreesOne() throws {
    let repository = try repository(withLegacy: false)
    defer { repository.remove() }
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: true))
    try repository.stageAll()
    // The work tree goes back; the index still adds Legacy.swift to the target.
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: false))
    #expect(CLIRun(["check", "--staged", "--quiet", repository.path]).status == .policyFailure)
  }

  @Test func aFileMovedOutOfEveryTargetTakesItsFindingsAlong() throws {
    let repository = try repository(withLegacy: true)
    defer { repository.remove() }
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: false))
    try repository.write("App/Main.swift", Self.main + "// touched\n")
    try repository.stageAll()
    let run = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
  }

  @Test func aRaisedDeploymentTargetIsWhatTheCheckedTreeSays() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: true, iOS: "15.0"))
    try repository.write("App/Main.swift", Self.main)
    try repository.write("App/Legacy.swift", Self.model)
    try repository.commitAll()
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: true, iOS: "17.0"))
    try repository.stageAll()
    try repository.write("App.xcodeproj/project.pbxproj", Self.project(withLegacy: true, iOS: "16.0"))
    let run = CLIRun(["check", "--staged", "--quiet", "--format", "json", repository.path])
    #expect(run.status == .success, "\(run.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let modules = report["modules"] as? [[String: Any]] ?? []
    let app = modules.first { $0["name"] as? String == "App" }
    #expect(app?["deploymentTargets"] as? [String: String] == ["iOS": "17.0"], "\(modules)")
  }

  @Test func anXcodeGenSpecChangeIsComparedToo() throws {
    func spec(_ sources: String) -> String {
      "name: Shop\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [\(sources)]\n"
    }
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("project.yml", spec("App"))
    try repository.write("App/Main.swift", Self.main)
    try repository.write("Old/Legacy.swift", Self.legacy)
    try repository.commitAll()
    try repository.write("project.yml", spec("App, Old"))
    try repository.stageAll()
    let run = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(run.status == .policyFailure, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("Old/Legacy.swift:6:5: error:"))
  }
}
