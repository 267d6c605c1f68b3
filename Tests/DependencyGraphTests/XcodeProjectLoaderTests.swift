import DependencyGraph
import Testing

/// A small project, written for these tests: an app and a widget extension that both compile
/// `Shared/Model.swift`, a file the widget alone compiles, and settings at both levels.
private let sharedProject = """
  // !$*UTF8*$!
  {
    objects = {
      F1 = {isa = PBXProject; mainGroup = G0; buildConfigurationList = L0; targets = (T1, T2, T3, ); };
      G0 = {isa = PBXGroup; children = (G1, G2, G3, ); sourceTree = "<group>"; };
      G1 = {isa = PBXGroup; children = (R1, ); path = App; sourceTree = "<group>"; };
      G2 = {isa = PBXGroup; children = (R2, ); path = Shared; sourceTree = "<group>"; };
      G3 = {isa = PBXGroup; children = (R3, R4, ); path = Widget; sourceTree = "<group>"; };
      R1 = {isa = PBXFileReference; path = AppMain.swift; sourceTree = "<group>"; };
      R2 = {isa = PBXFileReference; path = Model.swift; sourceTree = "<group>"; };
      R3 = {isa = PBXFileReference; path = Widget.swift; sourceTree = "<group>"; };
      R4 = {isa = PBXFileReference; path = "../../../Outside.swift"; sourceTree = "<group>"; };
      B1 = {isa = PBXBuildFile; fileRef = R1; };
      B2 = {isa = PBXBuildFile; fileRef = R2; };
      B3 = {isa = PBXBuildFile; fileRef = R2; };
      B4 = {isa = PBXBuildFile; fileRef = R3; };
      B5 = {isa = PBXBuildFile; fileRef = R4; };
      S1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, ); };
      S2 = {isa = PBXSourcesBuildPhase; files = (B3, B4, B5, ); };
      T1 = {isa = PBXNativeTarget; name = App; buildPhases = (S1, ); dependencies = (D1, );
        buildConfigurationList = L1; productType = "com.apple.product-type.application"; };
      T2 = {isa = PBXNativeTarget; name = Widget; buildPhases = (S2, ); buildConfigurationList = L2;
        productType = "com.apple.product-type.app-extension"; };
      T3 = {isa = PBXAggregateTarget; name = Lint; };
      D1 = {isa = PBXTargetDependency; target = T2; };
      L0 = {isa = XCConfigurationList; buildConfigurations = (C0, C00, ); };
      C0 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; };
      C00 = {isa = XCBuildConfiguration; name = Release;
        buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 15.0; SDKROOT = iphoneos; SWIFT_VERSION = 5.0; }; };
      L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
      C1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SWIFT_VERSION = 6.0; }; };
      L2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
      C2 = {isa = XCBuildConfiguration; name = Release; buildSettings = {
        IPHONEOS_DEPLOYMENT_TARGET = 17.0; MACOSX_DEPLOYMENT_TARGET = 14.0; SWIFT_STRICT_CONCURRENCY = "$(LEVEL)"; }; };
      W1 = {isa = PBXFutureThing; };
    };
    rootObject = F1;
  }
  """

@Suite struct XcodeProjectLoaderTests {
  let project = XcodeProjectLoader.load(path: "Apps/Demo.xcodeproj/project.pbxproj", bytes: Array(sharedProject.utf8))

  @Test func readsNativeTargetsOnlyWithTheirSourcesAndDependencies() {
    #expect(project.targets.map(\.name) == ["App", "Widget"])
    #expect(project.targets[0].productType == .application)
    #expect(project.targets[1].productType == .appExtension)
    #expect(project.targets[0].sources == ["Apps/App/AppMain.swift", "Apps/Shared/Model.swift"])
    #expect(project.targets[1].sources == ["Apps/Shared/Model.swift", "Apps/Widget/Widget.swift"])
    #expect(project.targets[0].dependencies == ["Widget"])
  }

  @Test func releaseSettingsLayerOverTheProjectsAndOnlyTheTargetsPlatformsCount() {
    let app = project.targets[0].settings
    #expect(app.configuration == "Release")
    #expect(app.deploymentTargets == ["iOS": "15.0"])
    #expect(app.swiftVersion == "6.0")
    // SDKROOT = iphoneos: the widget's macOS setting does not apply to it.
    let widget = project.targets[1].settings
    #expect(widget.deploymentTargets == ["iOS": "17.0"])
    #expect(widget.strictConcurrency == nil)
    #expect(widget.unresolved == ["SWIFT_STRICT_CONCURRENCY = $(LEVEL)"])
  }

  @Test func badInputIsAWarningNamingTheFile() {
    #expect(
      project.warnings.contains {
        $0.contains("Apps/Demo.xcodeproj/project.pbxproj") && $0.contains("leaves the scanned root")
      })
    #expect(project.warnings.contains { $0.contains("unknown object type `PBXFutureThing`") })
    let broken = XcodeProjectLoader.load(path: "B.xcodeproj/project.pbxproj", bytes: Array("{\n objects = {\n".utf8))
    #expect(broken.targets.isEmpty)
    #expect(broken.warnings.count == 1)
    #expect(broken.warnings[0].hasPrefix("B.xcodeproj/project.pbxproj: line 3:"), "\(broken.warnings)")
  }

  @Test func aFileTwoTargetsCompileIsPlannedOnceAndGatedByBoth() {
    let resolver = ModuleResolver(
      packages: [],
      filePaths: ["Apps/App/AppMain.swift", "Apps/Shared/Model.swift", "Apps/Unused.swift", "Other/Tool.swift"],
      xcodeProjects: [project])
    #expect(resolver.modules.map(\.name) == ["App", "Widget", "Other"])
    // The extension comes before the app; the file is planned there, and the app shares it.
    #expect(resolver.moduleOfFile[1] == 1)
    #expect(resolver.modules[1].sharedWith == [0])
    #expect(resolver.skipped.map(\.file) == [2])
    #expect(resolver.skipped.first?.reason == "no target of Demo.xcodeproj compiles it")
  }

  @Test func aPackageTargetOfTheSameNameIsTheSameModuleOnlyBesideTheProject() {
    let app = XcodeProject.Target(name: "App", productType: .application, sources: ["App/Main.swift"])
    let project = XcodeProject(path: "App.xcodeproj/project.pbxproj", root: "", targets: [app])
    let manifest = PackageManifest(targets: [.init(name: "App", kind: .regular)])
    // A server package deeper down that reuses the name is other code.
    let server = ScannedPackage(manifestPath: "Server/Package.swift", manifest: manifest)
    let apart = ModuleResolver(packages: [server], filePaths: ["App/Main.swift"], xcodeProjects: [project])
    #expect(apart.modules.count == 2)
    #expect(apart.modules[apart.moduleOfFile[0]].origin == .xcodeTarget(project: 0))
    // A Package.swift beside the project describing the same target: one module.
    let beside = ScannedPackage(manifestPath: "Package.swift", manifest: manifest)
    let same = ModuleResolver(packages: [beside], filePaths: ["App/Main.swift"], xcodeProjects: [project])
    #expect(same.modules.count == 1)
  }

  @Test func xcconfigIncludesAndInheritanceAreFollowed() {
    let text = """
      {
        objects = {
          F1 = {isa = PBXProject; mainGroup = G0; buildConfigurationList = L0; targets = (T1, ); };
          G0 = {isa = PBXGroup; children = (X1, ); sourceTree = "<group>"; };
          X1 = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
          T1 = {isa = PBXNativeTarget; name = App; buildConfigurationList = L1;
            productType = "com.apple.product-type.application"; };
          L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
          C0 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SWIFT_VERSION = 5.0; }; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
          C1 = {isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X1;
            buildSettings = {SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES; }; };
        };
        rootObject = F1;
      }
      """
    let xcconfigs: [String: [UInt8]] = [
      "Config/App.xcconfig": Array("#include \"Base.xcconfig\"\nSWIFT_VERSION = 6.0 // the app moved\n".utf8),
      "Config/Base.xcconfig": Array("IPHONEOS_DEPLOYMENT_TARGET = 16.0\nTVOS_DEPLOYMENT_TARGET = $(inherited)\n".utf8),
    ]
    let loaded = XcodeProjectLoader.load(
      path: "App.xcodeproj/project.pbxproj", bytes: Array(text.utf8), xcconfigs: xcconfigs)
    let settings = loaded.targets[0].settings
    #expect(settings.deploymentTargets == ["iOS": "16.0"])
    #expect(settings.swiftVersion == "6.0")
    #expect(settings.upcomingFeatures == ["ExistentialAny"])
    #expect(settings.unresolved == ["TVOS_DEPLOYMENT_TARGET = $(inherited)"])
  }

  @Test func synchronisedFoldersAndTheirExceptions() {
    let text = """
      {
        objects = {
          F1 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2, ); };
          G0 = {isa = PBXGroup; children = (S1, ); sourceTree = "<group>"; };
          S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); path = App; sourceTree = "<group>"; };
          E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Debug/Tools.swift, ); target = T1; };
          E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Model.swift, Info.plist, ); target = T2; };
          T1 = {isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (S1, );
            productType = "com.apple.product-type.application"; };
          T2 = {isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; };
        };
        rootObject = F1;
      }
      """
    let loaded = XcodeProjectLoader.load(path: "A.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
    #expect(loaded.targets[0].synchronizedFolders == [.init(path: "App", excluded: ["App/Debug/Tools.swift"])])
    // An exception for a target that does not compile the folder adds the file to it.
    #expect(loaded.targets[1].sources == ["App/Model.swift"])
  }

  @Test func aTestHostTwoAppsShareIsTheOneTheTestsDependOnElseTheOneOfTheirPlatform() {
    // A macOS and an iOS app both build `News.app`; each has unit tests hosted by `News`.
    func app(_ name: String, _ platform: String) -> XcodeProject.Target {
      var target = XcodeProject.Target(name: name, productType: .application, sources: ["\(name)/Main.swift"])
      target.settings = XcodeBuildSettings(configuration: "Release", deploymentTargets: [platform: "17.0"])
      target.settings.productName = "News"
      target.settings.productModuleName = "News"
      return target
    }
    func tests(_ name: String, _ platform: String, dependsOn: [String]) -> XcodeProject.Target {
      var target = XcodeProject.Target(
        name: name, productType: .unitTests, sources: ["\(name)/Tests.swift"], dependencies: dependsOn)
      target.settings = XcodeBuildSettings(
        configuration: "Release", deploymentTargets: [platform: "17.0"], testHost: "News")
      return target
    }
    let project = XcodeProject(
      path: "News.xcodeproj/project.pbxproj", root: "",
      targets: [
        app("News", "macOS"), app("News-iOS", "iOS"), tests("NewsTests", "macOS", dependsOn: []),
        tests("News-iOSTests", "iOS", dependsOn: []), tests("News-iOSDependingTests", "macOS", dependsOn: ["News-iOS"]),
      ])
    let resolver = ModuleResolver(
      packages: [],
      filePaths: project.targets.flatMap(\.sources), xcodeProjects: [project])
    let byName = Dictionary(uniqueKeysWithValues: resolver.modules.enumerated().map { ($1.name, $0) })
    #expect(resolver.modules[byName["NewsTests"]!].testSubject == byName["News"])
    #expect(resolver.modules[byName["News-iOSTests"]!].testSubject == byName["News-iOS"])
    #expect(resolver.modules[byName["News-iOSDependingTests"]!].testSubject == byName["News-iOS"])
    // Both apps import as `News` (`PRODUCT_MODULE_NAME`), not as their target names.
    #expect(resolver.modules[byName["News-iOS"]!].moduleName == "News")
  }
}
