import Foundation
import Testing

@testable import MigrateScanKit

/// A file two Xcode targets compile builds for both, so the lower deployment target gates it;
/// the other files of the module that plans it build for their own target alone. (An app that
/// shares a model with its watch extension used to gate every file of the module by the other's
/// target: 501 findings of one app cited a watchOS version none of their files builds for.)
@Suite struct SharedFileDeploymentTests {
  /// An iOS 15 app and a watchOS 10 extension that both compile `Shared/Cart.swift`; the
  /// extension is listed first, so the shared file is planned in it.
  static let project = """
    // !$*UTF8*$!
    {
      objects = {
        P1 = {isa = PBXProject; mainGroup = G0; buildConfigurationList = L0; targets = (TW, TA, ); };
        G0 = {isa = PBXGroup; children = (GA, GW, GS, ); sourceTree = "<group>"; };
        GA = {isa = PBXGroup; children = (RA, ); path = App; sourceTree = "<group>"; };
        GW = {isa = PBXGroup; children = (RW, ); path = Watch; sourceTree = "<group>"; };
        GS = {isa = PBXGroup; children = (RS, ); path = Shared; sourceTree = "<group>"; };
        RA = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
        RW = {isa = PBXFileReference; path = Complication.swift; sourceTree = "<group>"; };
        RS = {isa = PBXFileReference; path = Cart.swift; sourceTree = "<group>"; };
        BA = {isa = PBXBuildFile; fileRef = RA; };
        BW = {isa = PBXBuildFile; fileRef = RW; };
        BS1 = {isa = PBXBuildFile; fileRef = RS; };
        BS2 = {isa = PBXBuildFile; fileRef = RS; };
        SA = {isa = PBXSourcesBuildPhase; files = (BA, BS1, ); };
        SW = {isa = PBXSourcesBuildPhase; files = (BW, BS2, ); };
        TA = {isa = PBXNativeTarget; name = App; buildPhases = (SA, ); buildConfigurationList = LA;
          productType = "com.apple.product-type.application"; };
        TW = {isa = PBXNativeTarget; name = Watch; buildPhases = (SW, ); buildConfigurationList = LW;
          productType = "com.apple.product-type.app-extension"; };
        L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        C0 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SWIFT_VERSION = 5.0; }; };
        LA = {isa = XCConfigurationList; buildConfigurations = (CA, ); };
        CA = {isa = XCBuildConfiguration; name = Release;
          buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 15.0; }; };
        LW = {isa = XCConfigurationList; buildConfigurations = (CW, ); };
        CW = {isa = XCBuildConfiguration; name = Release;
          buildSettings = {SDKROOT = watchos; WATCHOS_DEPLOYMENT_TARGET = 10.0; }; };
      };
      rootObject = P1;
    }

    """

  static func model(_ name: String) -> String {
    "import Combine\n\nfinal class \(name): ObservableObject {\n  @Published var count = 0\n}\n"
  }

  @Test func onlyTheSharedFileIsGatedByTheOtherTarget() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-shared-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "Demo.xcodeproj/project.pbxproj": Self.project,
      "App/Main.swift": "struct Main {}\n",
      "Watch/Complication.swift": Self.model("Complication"),
      "Shared/Cart.swift": Self.model("Cart"),
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let run = CLIRun([root.path, "--format", "json", "--no-history", "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let all = try #require(report["findings"] as? [[String: Any]])
    func findings(in file: String) -> [[String: Any]] {
      all.filter { $0["file"] as? String == file && $0["category"] as? String == "observable-object" }
    }
    // Both files are planned in `Watch`, which `App` shares `Cart.swift` with.
    let cart = try #require(findings(in: "Shared/Cart.swift").first, "\(all)")
    let complication = try #require(findings(in: "Watch/Complication.swift").first, "\(all)")
    #expect(cart["module"] as? String == "Watch")
    #expect(complication["module"] as? String == "Watch")
    // The shared file builds for iOS 15 too: `@Observable` waits for iOS 17.
    #expect(cart["disposition"] as? String == "blocked-by-deployment-target", "\(cart)")
    #expect("\(cart["reasons"] ?? "")".contains("iOS 15"), "\(cart)")
    // The extension's own file builds for watchOS 10 alone, which has `@Observable`.
    #expect(complication["disposition"] as? String == "migrate", "\(complication)")
    #expect(!"\(complication["reasons"] ?? "")".contains("iOS"), "\(complication)")
  }

  /// The table itself: the file's module's targets lowered by each other module's.
  @Test func aSharedFilesTargetsAreTheLowestOfItsModules() {
    let targets = ["Watch": ["watchOS": "10.0"], "App": ["iOS": "15.0"], "Widget": ["iOS": "17.0", "watchOS": "9.0"]]
    let files = Scanner.fileDeploymentTargets(
      shared: ["Shared/Cart.swift": ["App", "Widget"], "Shared/Empty.swift": ["Tool"]],
      moduleOf: ["Shared/Cart.swift": "Watch", "Shared/Empty.swift": "Tool2"], targets: targets)
    #expect(files == ["Shared/Cart.swift": ["watchOS": "9.0", "iOS": "15.0"]])
  }
}
