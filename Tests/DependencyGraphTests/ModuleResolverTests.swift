import DependencyGraph
import Testing

/// The module name of each path, in order.
func moduleNames(_ resolver: ModuleResolver) -> [String] {
  resolver.moduleOfFile.map { resolver.modules[$0].name }
}

@Suite struct ModuleResolverTests {
  @Test func defaultFoldersFollowSwiftPM() {
    let manifest = PackageManifest(
      targets: [
        .init(name: "A", kind: .regular), .init(name: "B", kind: .regular), .init(name: "C", kind: .executable),
        .init(name: "ATests", kind: .test), .init(name: "Gen", kind: .plugin), .init(name: "Blob", kind: .binary),
      ])
    let paths = [
      "Sources/A/a.swift", "Source/B/b.swift", "src/C/main.swift", "Tests/ATests/t.swift", "Plugins/Gen/p.swift",
    ]
    let resolver = ModuleResolver(
      packages: [ScannedPackage(manifestPath: "Package.swift", manifest: manifest)], filePaths: paths)
    #expect(moduleNames(resolver) == ["A", "B", "C", "ATests", "Gen"])
    #expect(resolver.modules.map(\.path) == ["Sources/A", "Source/B", "src/C", "Tests/ATests", "Plugins/Gen"])
    #expect(resolver.modules.map(\.isTest) == [false, false, false, true, false])
  }

  /// A package of tools version 5.9 or later whose only test target keeps its files in `Tests/`
  /// itself (no `Tests/<name>`): SwiftPM builds them as that target, so they test what it
  /// depends on. Before 5.9, or with a second test target, `Tests/` is no target's folder.
  @Test(arguments: [("5.9", true), ("6.0", true), ("5.8", false)])
  func theOnlyTestTargetMayOccupyTestsItself(tools: String, occupies: Bool) {
    let manifest = """
      // swift-tools-version: \(tools)
      import PackageDescription
      let package = Package(name: "Chat", targets: [
        .target(name: "Chat"),
        .testTarget(name: "ChatTests", dependencies: ["Chat"]),
      ])
      """
    let assignment = ProjectGraphBuilder.assignModules(
      manifests: [.init(path: "Packages/Chat/Package.swift", bytes: Array(manifest.utf8))],
      files: [source("Packages/Chat/Sources/Chat/Chat.swift"), source("Packages/Chat/Tests/ChatTests.swift")])
    let modules = assignment.resolver.modules
    let names = assignment.resolver.moduleOfFile.map { modules[$0].name }
    if occupies {
      #expect(names == ["Chat", "ChatTests"])
      #expect(modules.first { $0.name == "ChatTests" }?.path == "Packages/Chat/Tests")
      #expect(modules.first { $0.name == "ChatTests" }.flatMap { $0.testSubject }.map { modules[$0].name } == "Chat")
    } else {
      #expect(names == ["Chat", "Tests"])
    }
  }

  @Test func aSecondTestTargetKeepsTestsUnoccupied() {
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Chat", targets: [
        .target(name: "Chat"),
        .testTarget(name: "ChatTests", dependencies: ["Chat"]),
        .testTarget(name: "ChatUITests", dependencies: ["Chat"]),
      ])
      """
    let assignment = ProjectGraphBuilder.assignModules(
      manifests: [.init(path: "Package.swift", bytes: Array(manifest.utf8))],
      files: [source("Sources/Chat/Chat.swift"), source("Tests/Loose.swift")])
    let modules = assignment.resolver.modules
    #expect(assignment.resolver.moduleOfFile.map { modules[$0].name } == ["Chat", "Tests"])
  }

  @Test func deepestTargetFolderWins() {
    let outer = PackageManifest(targets: [.init(name: "Everything", kind: .regular, path: ".")])
    let inner = PackageManifest(targets: [.init(name: "Inner", kind: .regular, path: "./Code/../Lib/")])
    let resolver = ModuleResolver(
      packages: [
        ScannedPackage(manifestPath: "Package.swift", manifest: outer),
        ScannedPackage(manifestPath: "Vendor/Inner/Package.swift", manifest: inner),
      ],
      filePaths: ["Vendor/Inner/Lib/x.swift", "Vendor/Inner/Other/y.swift", "z.swift"])
    #expect(moduleNames(resolver) == ["Inner", "Everything", "Everything"])
    #expect(resolver.modules.first { $0.name == "Inner" }?.path == "Vendor/Inner/Lib")
  }

  @Test func productsResolveAcrossPackagesInTheTree() {
    let app = PackageManifest(
      targets: [
        .init(
          name: "App", kind: .regular,
          dependencies: [
            .product(name: "UI", package: "ui-kit"), .product(name: "Remote", package: "somewhere-else"),
            .byName("Models"), .product(name: "Gone", package: "UIKitPackage"),
          ])
      ],
      dependencies: [.init(identity: "ui-kit", path: "../Shared/ui-kit"), .init(identity: "models", path: "Models")])
    let kit = PackageManifest(
      name: "UIKitPackage", products: [.init(name: "UI", kind: "library", targets: ["Buttons", "Colors"])],
      targets: [.init(name: "Buttons", kind: .regular), .init(name: "Colors", kind: .regular)])
    let models = PackageManifest(
      products: [.init(name: "Models", kind: "library", targets: ["ModelCore"])],
      targets: [.init(name: "ModelCore", kind: .regular)])
    let resolver = ModuleResolver(
      packages: [
        ScannedPackage(manifestPath: "App/Package.swift", manifest: app),
        ScannedPackage(manifestPath: "App/Models/Package.swift", manifest: models),
        ScannedPackage(manifestPath: "Shared/ui-kit/Package.swift", manifest: kit),
      ],
      filePaths: [])
    let appModule = resolver.modules.first { $0.name == "App" }
    #expect(appModule?.dependencies.map { resolver.modules[$0].name }.sorted() == ["Buttons", "Colors", "ModelCore"])
    #expect(
      resolver.warnings == [
        .unknownProduct(module: "App", product: "Gone", package: "UIKitPackage", manifest: "App/Package.swift")
      ])
  }

  @Test func filesOutsideTargetsFallBackToFolders() {
    let manifest = PackageManifest(targets: [.init(name: "Lib", kind: .regular)])
    let resolver = ModuleResolver(
      packages: [ScannedPackage(manifestPath: "Pkg/Package.swift", manifest: manifest)],
      filePaths: [
        "App/Main.swift", "App/Views/Home.swift", "AppTests/HomeTests.swift", "Pkg/Sources/Lib/l.swift",
        "Pkg/Examples/e.swift", "Pkg/loose.swift", "root.swift",
      ])
    #expect(moduleNames(resolver) == ["App", "App", "AppTests", "Lib", "Examples", "Pkg", "(root)"])
    #expect(resolver.modules.first { $0.name == "AppTests" }?.isTest == true)
    #expect(resolver.modules.first { $0.name == "Examples" }?.path == "Pkg/Examples")
  }

  @Test func moduleMapWinsAndLongestPrefixWins() {
    let manifest = PackageManifest(targets: [.init(name: "Lib", kind: .regular)])
    let map = ModuleMap([
      .init(prefix: "Sources", module: "Everything"), .init(prefix: "Sources/Lib/Legacy/", module: "Legacy"),
    ])
    let resolver = ModuleResolver(
      packages: [ScannedPackage(manifestPath: "Package.swift", manifest: manifest)],
      filePaths: ["Sources/Lib/a.swift", "Sources/Lib/Legacy/b.swift", "Other/c.swift"], moduleMap: map)
    #expect(moduleNames(resolver) == ["Everything", "Legacy", "Other"])
  }

  @Test func moduleMapFromTheConfigurationTable() {
    let map = ModuleMap(prefixes: ["App/Core": "Core", "App": "App"])
    #expect(map.entries == [.init(prefix: "App", module: "App"), .init(prefix: "App/Core", module: "Core")])
    let resolver = ModuleResolver(
      packages: [], filePaths: ["App/Core/a.swift", "App/b.swift", "App/Core/Deep/c.swift"], moduleMap: map)
    #expect(moduleNames(resolver) == ["Core", "App", "Core"])
  }
}
