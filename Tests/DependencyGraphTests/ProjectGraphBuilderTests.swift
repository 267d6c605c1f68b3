import DependencyGraph
import Foundation
import ScanModel
import Testing

/// A source file whose facts are given directly: declared type names and referenced names.
func source(
  _ path: String, declares: [String] = [], references: [String] = [], imports: [String] = [], lines: Int = 10
) -> ProjectGraphBuilder.SourceFile {
  let facts = FileFacts(
    declarations: declares.map { .init(kind: .struct, qualifiedName: $0, name: $0) },
    imports: imports.map { .init(module: $0) }, references: references.sorted())
  return ProjectGraphBuilder.SourceFile(path: path, facts: facts, lines: lines)
}

@Suite struct ProjectGraphBuilderTests {
  @Test func manifestTargetsGiveLeavesInwardWaves() {
    let root = PackageManifest(
      name: "Shop", platforms: [.init(name: "iOS", version: "15")],
      targets: [
        .init(name: "Networking", kind: .regular),
        .init(name: "Storage", kind: .regular),
        .init(name: "Repository", kind: .regular, dependencies: [.byName("Networking"), .target("Storage")]),
        .init(name: "Feature", kind: .regular, dependencies: [.product(name: "UIKitExtras", package: "design")]),
        .init(name: "App", kind: .executable, dependencies: ["Feature", "Repository"].map { .byName($0) }),
        .init(name: "RepositoryTests", kind: .test, dependencies: [.target("Repository")]),
        .init(name: "Missing", kind: .regular, dependencies: [.target("Nowhere")]),
      ],
      dependencies: [.init(identity: "design", path: "Packages/Design")])
    let design = PackageManifest(
      name: "DesignKit", products: [.init(name: "UIKitExtras", kind: "library", targets: ["Design"])],
      targets: [.init(name: "Design", kind: .regular)])
    let graph = ProjectGraphBuilder.build(
      packages: [
        ScannedPackage(manifestPath: "Package.swift", manifest: root),
        ScannedPackage(manifestPath: "Packages/Design/Package.swift", manifest: design),
      ],
      files: [
        source("Sources/App/main.swift", references: ["Screen"]),
        source("Sources/Feature/Screen.swift", declares: ["Screen"]),
        source("Sources/Repository/Repo.swift", declares: ["Repo"], references: ["Client", "Store"]),
        source("Sources/Networking/Client.swift", declares: ["Client"]),
        source("Sources/Storage/Store.swift", declares: ["Store"]),
        source("Tests/RepositoryTests/RepoTests.swift", references: ["Repo"], imports: ["Repository"]),
        source("Packages/Design/Sources/Design/Button.swift", declares: ["Button"]),
        source("Scripts/tool.swift"),
      ])
    let waves = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0.wave) })
    #expect(waves["Networking"] == 0 && waves["Storage"] == 0 && waves["Design"] == 0)
    #expect(waves["Repository"] == 1 && waves["Feature"] == 1)
    #expect(waves["App"] == 2 && waves["RepositoryTests"] == 1)
    #expect(graph.module(named: "Feature")?.dependsOn == ["Design"])
    #expect(graph.module(named: "Repository")?.tested == true)
    #expect(graph.module(named: "Networking")?.tested == false)
    #expect(graph.module(named: "Design")?.path == "Packages/Design/Sources/Design")
    #expect(graph.file(at: "Scripts/tool.swift")?.module == "Scripts")
    #expect(graph.platforms(ofModule: "Repository") == [.init(name: "iOS", version: "15")])
    #expect(graph.platforms(ofModule: "Design").isEmpty)
    #expect(graph.warnings == [.unknownTarget(module: "Missing", dependency: "Nowhere", manifest: "Package.swift")])
  }

  @Test func foldersWithoutManifestInferEdgesFromTypeNames() {
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("App/AppDelegate.swift", declares: ["AppDelegate"], references: ["HomeViewModel", "APIClient"]),
        source("App/HomeViewModel.swift", declares: ["HomeViewModel"], references: ["UserStore"]),
        source("Core/APIClient.swift", declares: ["APIClient"], references: ["URLSession"]),
        source("Core/UserStore.swift", declares: ["UserStore"], references: ["APIClient"]),
        source("AppTests/HomeTests.swift", references: ["HomeViewModel"], imports: ["App"]),
      ])
    #expect(graph.modules.map(\.name) == ["Core", "App", "AppTests"])
    #expect(graph.module(named: "App")?.dependsOn == ["Core"])
    #expect(graph.module(named: "App")?.tested == true)
    #expect(graph.module(named: "AppTests")?.isTest == true)
    #expect(graph.file(at: "Core/UserStore.swift")?.wave == 1)
    #expect(graph.file(at: "App/AppDelegate.swift")?.wave == 1)
  }

  @Test func productionFoldersNeverDependOnTestFolders() {
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("App/Screen.swift", references: ["Session", "Helper"]),
        source("Core/Session.swift", declares: ["Session"]),
        source("AppTests/Helper.swift", declares: ["Helper"], references: ["Session"]),
      ])
    #expect(graph.module(named: "App")?.dependsOn == ["Core"])
    #expect(graph.module(named: "AppTests")?.dependsOn == ["Core"])
  }

  @Test func nestedNamesResolveThroughTheirParent() {
    // Reducer-style code: every feature nests its own `State`; naming it bare means one's own.
    func nested(_ path: String, parent: String, references: [String]) -> ProjectGraphBuilder.SourceFile {
      let facts = FileFacts(
        declarations: [
          .init(kind: .struct, qualifiedName: parent, name: parent),
          .init(kind: .struct, qualifiedName: "\(parent).State", name: "State"),
        ],
        references: references.sorted())
      return ProjectGraphBuilder.SourceFile(path: path, facts: facts, lines: 10)
    }
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        nested("App/Login.swift", parent: "Login", references: ["State"]),
        nested("App/Profile.swift", parent: "Profile", references: ["State", "Login", "Login.State"]),
        nested("App/Settings.swift", parent: "Settings", references: ["State"]),
        source("App/Root.swift", references: ["Settings", "Settings.State", "State"]),
        source("App/Extra.swift", declares: ["Extra"]),
        .init(
          path: "App/Extra+Nested.swift",
          facts: FileFacts(
            declarations: [.init(kind: .struct, qualifiedName: "Extra.Nested", name: "Nested")],
            extensions: [.init(extendedType: "Extra")], references: ["Extra"]),
          lines: 3),
        source("App/UsesNested.swift", references: ["Extra", "Extra.Nested"]),
        source("App/UsesModule.swift", references: ["App", "App.Extra"]),
      ])
    let units = Dictionary(
      uniqueKeysWithValues: (graph.moduleFiles.first?.units ?? []).flatMap { unit in unit.files.map { ($0, unit) } })
    #expect(units["App/Login.swift"]?.dependsOn == [])
    #expect(units["App/Profile.swift"]?.dependsOn == ["App/Login.swift"])
    #expect(units["App/Root.swift"]?.dependsOn == ["App/Settings.swift"])
    #expect(units["App/UsesNested.swift"]?.dependsOn == ["App/Extra+Nested.swift", "App/Extra.swift"])
    // `App.Extra` with no nested `Extra` under an `App` type: `App` was the module.
    #expect(units["App/UsesModule.swift"]?.dependsOn == ["App/Extra.swift"])
  }

  @Test func localDeclarationShadowsOtherModules() {
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("A/Logger.swift", declares: ["Logger"]),
        source("A/Use.swift", references: ["Logger"]),
        source("B/Logger.swift", declares: ["Logger"]),
      ])
    #expect(graph.module(named: "A")?.dependsOn == [])
  }

  @Test func moduleCycleMovesAsOneUnit() {
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("Profile/Profile.swift", declares: ["Profile"], references: ["Settings"]),
        source("Settings/Settings.swift", declares: ["Settings"], references: ["Profile", "Base"]),
        source("Base/Base.swift", declares: ["Base"]),
      ])
    #expect(graph.module(named: "Profile")?.cycle == ["Profile", "Settings"])
    #expect(graph.module(named: "Profile")?.wave == 1)
    #expect(graph.module(named: "Settings")?.wave == 1)
    #expect(graph.module(named: "Base")?.cycle == [])
  }

  @Test func moduleMapOverridesFolders() {
    let map = ModuleMap([.init(prefix: "Shared/", module: "Core"), .init(prefix: "Legacy/Net", module: "Core")])
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("Shared/Model.swift", declares: ["Model"]),
        source("Legacy/Net/Client.swift", declares: ["Client"]),
        source("Legacy/Old.swift", references: ["Client"]),
      ],
      moduleMap: map)
    #expect(graph.module(named: "Core")?.files == 2)
    #expect(graph.module(named: "Core")?.path == "Legacy/Net")
    #expect(graph.module(named: "Legacy")?.dependsOn == ["Core"])
  }

  @Test func fileCycleInsideAModuleIsOneUnit() {
    let graph = ProjectGraphBuilder.build(
      manifests: [],
      files: [
        source("Core/Node.swift", declares: ["Node"], references: ["Tree", "Leaf"]),
        source("Core/Tree.swift", declares: ["Tree"], references: ["Node"]),
        source("Core/Leaf.swift", declares: ["Leaf"]),
      ])
    let units = graph.moduleFiles.first?.units ?? []
    #expect(units.map(\.files) == [["Core/Leaf.swift"], ["Core/Node.swift", "Core/Tree.swift"]])
    #expect(units.last?.dependsOn == ["Core/Leaf.swift"])
    #expect(graph.file(at: "Core/Tree.swift")?.cycle == ["Core/Node.swift", "Core/Tree.swift"])
  }

  @Test func duplicateModuleNamesAreQualifiedByPath() {
    let one = PackageManifest(name: "One", targets: [.init(name: "Core", kind: .regular)])
    let two = PackageManifest(name: "Two", targets: [.init(name: "Core", kind: .regular)])
    let graph = ProjectGraphBuilder.build(
      packages: [
        ScannedPackage(manifestPath: "One/Package.swift", manifest: one),
        ScannedPackage(manifestPath: "Two/Package.swift", manifest: two),
      ],
      files: [source("One/Sources/Core/A.swift"), source("Two/Sources/Core/B.swift")])
    #expect(graph.modules.map(\.name) == ["Core (One/Sources/Core)", "Core (Two/Sources/Core)"])
  }

  @Test func tenThousandFilesBuildWhole() {
    // 100 folder modules of 100 files; each file declares one type and names ten others,
    // some in other modules, so inference and the file graphs both do real work.
    var files: [ProjectGraphBuilder.SourceFile] = []
    for module in 0..<100 {
      for file in 0..<100 {
        let references = (1...10).map { step in "T\((module * 100 + file + step * 37) % 10_000)" }
        files.append(
          source(
            "M\(module)/F\(file).swift", declares: ["T\(module * 100 + file)"], references: references, lines: 100))
      }
    }
    // No timing here: the benchmark measures the graph's cost; this checks the result at scale.
    let graph = ProjectGraphBuilder.build(manifests: [], files: files)
    #expect(graph.files.count == 10_000)
    #expect(graph.modules.count == 100)
    #expect(graph.modules.allSatisfy { $0.files == 100 })
  }

  @Test func threadsDoNotChangeTheGraph() {
    // Enough files and modules for the per-file and per-module work to be split over threads:
    // cycles between files and modules, shadowing, a test folder, qualified references.
    var files: [ProjectGraphBuilder.SourceFile] = []
    for module in 0..<12 {
      let folder = module == 11 ? "AppTests" : "M\(module)"
      for file in 0..<40 {
        let id = module * 40 + file
        let references = (1...6).map { step in "T\((id * 7 + step * 53) % 480)" } + ["Shared", "T\(id).Inner"]
        files.append(
          source(
            "\(folder)/F\(file).swift", declares: ["T\(id)"] + (file == 0 ? ["Shared"] : []),
            references: references, imports: module == 11 ? ["M0"] : [], lines: file + 1))
      }
    }
    let serial = ProjectGraphBuilder.build(manifests: [], files: files, jobs: 1)
    let parallel = ProjectGraphBuilder.build(manifests: [], files: files.reversed(), jobs: 4)
    #expect(serial.modules.contains { !$0.cycle.isEmpty })
    #expect(parallel.textDump() == serial.textDump())
    #expect(parallel.modules == serial.modules)
    #expect(parallel.files == serial.files)
    #expect(parallel.moduleFiles == serial.moduleFiles)
    #expect(parallel.warnings == serial.warnings)
  }
}

@Suite struct ProjectGraphBuilderManifestTests {
  @Test func versionedManifestIsIgnoredBesidePackageSwift() {
    let plain = Array(#"let package = Package(name: "P", targets: [.target(name: "Lib")])"#.utf8)
    let versioned = Array(#"let package = Package(name: "P", targets: [.target(name: "Other")])"#.utf8)
    let graph = ProjectGraphBuilder.build(
      manifests: [
        .init(path: "Package@swift-5.9.swift", bytes: versioned), .init(path: "Package.swift", bytes: plain),
      ],
      files: [
        source("Sources/Lib/a.swift"), source("Package.swift"), source("Package@swift-6.0.swift"),
        source("Tools/Package.swift"),
      ])
    #expect(graph.modules.map(\.name) == ["Lib", "Tools"])
    #expect(graph.files.map(\.path) == ["Sources/Lib/a.swift", "Tools/Package.swift"])
    #expect(graph.warnings == [.ignoredManifest(path: "Package@swift-5.9.swift")])
  }

  @Test func manifestWarningsCarryTheirPath() {
    let graph = ProjectGraphBuilder.build(
      manifests: [.init(path: "Broken/Package.swift", bytes: Array("let x = 1".utf8))], files: [])
    #expect(graph.warnings == [.manifest(path: "Broken/Package.swift", .packageNotFound)])
    #expect(graph.packages.map(\.name) == ["Broken"])
  }
}

/// The one test of a manifest's name, shared by the scanner and the graph.
@Suite struct ManifestNameTests {
  @Test(arguments: ["Package.swift", "Sub/Package.swift", "a/b/Package@swift-5.9.swift", "Package@swift.swift"])
  func manifests(_ path: String) { #expect(ProjectGraphBuilder.isManifest(path: path)) }

  @Test(arguments: [
    "PackageX.swift", "Package.swift/Main.swift", "Sources/MyPackage.swift", "Package@swift-5.9.txt", "",
  ])
  func notManifests(_ path: String) { #expect(!ProjectGraphBuilder.isManifest(path: path)) }
}
