import DependencyGraph
import SwiftLexer
import Testing

/// Scans manifest source text.
func scanManifest(_ text: String) -> PackageManifest {
  PackageManifestScanner.scan(Lexer.tokenize(Array(text.utf8)))
}

@Suite struct PackageManifestScannerTests {
  @Test func readsEveryDependencySpelling() {
    let manifest = scanManifest(
      """
      let package = Package(
        name: "Spellings",
        targets: [
          .target(
            name: "Feature",
            dependencies: [
              "Plain",
              .target(name: "Explicit"),
              .byName(name: "ByName"),
              .product(name: "Collections", package: "swift-collections"),
              Target.Dependency.product(name: "Algorithms", package: "swift-algorithms", condition: .when(platforms: [.iOS])),
              .product(name: "NoPackage"),
            ]
          )
        ]
      )
      """)
    #expect(manifest.name == "Spellings")
    #expect(
      manifest.targets.first?.dependencies == [
        .byName("Plain"), .target("Explicit"), .byName("ByName"),
        .product(name: "Collections", package: "swift-collections"),
        .product(name: "Algorithms", package: "swift-algorithms"), .product(name: "NoPackage", package: nil),
      ])
    #expect(manifest.warnings.isEmpty)
  }

  @Test func readsTargetKindsAndPaths() {
    let manifest = scanManifest(
      """
      let package = Package(name: "Kinds", targets: [
        .target(name: "Lib", path: "Code/Lib"),
        .executableTarget(name: "tool"),
        .testTarget(name: "LibTests", dependencies: ["Lib"], path: "Checks"),
        .macro(name: "Macros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
        .plugin(name: "Gen", capability: .buildTool()),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .binaryTarget(name: "Blob", path: "Blob.xcframework"),
        Target.target(name: "Qualified"),
      ])
      """)
    #expect(manifest.targets.map(\.name) == ["Lib", "tool", "LibTests", "Macros", "Gen", "CZlib", "Blob", "Qualified"])
    #expect(
      manifest.targets.map(\.kind) == [
        .regular, .executable, .test, .macro, .plugin, .systemLibrary, .binary, .regular,
      ])
    #expect(manifest.targets[0].path == "Code/Lib")
    #expect(manifest.targets[2].path == "Checks")
    #expect(manifest.targets[1].path == nil)
  }

  @Test func readsPlatformsInBothSpellings() {
    let manifest = scanManifest(
      """
      let package = Package(
        name: "P",
        platforms: [.iOS(.v15), .macOS("12.0"), .tvOS(.v15_4), .macCatalyst(.v10_15), .custom("linux", versionString: "5.0")],
        targets: []
      )
      """)
    #expect(
      manifest.platforms == [
        .init(name: "iOS", version: "15"), .init(name: "macOS", version: "12.0"), .init(name: "tvOS", version: "15.4"),
        .init(name: "macCatalyst", version: "10.15"), .init(name: "linux", version: "5.0"),
      ])
  }

  @Test func readsProductsAndPackageDependencies() {
    let manifest = scanManifest(
      """
      let package = Package(
        name: "P",
        products: [
          .library(name: "Kit", type: .dynamic, targets: ["A", "B"]),
          .executable(name: "tool", targets: ["Tool"]),
        ],
        dependencies: [
          .package(url: "https://example.com/org/Swift-Collections.git", from: "1.0.0"),
          .package(path: "../Local/"),
          .package(id: "scope.name", from: "1.0.0"),
        ],
        targets: []
      )
      """)
    #expect(
      manifest.products == [
        .init(name: "Kit", kind: "library", targets: ["A", "B"]),
        .init(name: "tool", kind: "executable", targets: ["Tool"]),
      ])
    #expect(manifest.dependencies.map(\.identity) == ["swift-collections", "local", "scope.name"])
    #expect(manifest.dependencies[1].path == "../Local/")
  }

  @Test func ignoresTargetsInCommentsAndStrings() {
    let manifest = scanManifest(
      """
      // .target(name: "Commented"),
      /* targets: [.target(name: "Block")] */
      let text = ".target(name: \\"InString\\")"
      let package = Package(name: "P", targets: [
        // .target(name: "Inside"),
        .target(name: "Real", path: "/* not a comment */"),
      ])
      """)
    #expect(manifest.targets.map(\.name) == ["Real"])
    #expect(manifest.targets.first?.path == "/* not a comment */")
  }

  @Test func followsConstantsConcatenationAndAppends() {
    let manifest = scanManifest(
      """
      let coreName = "Core"
      let shared: [Target.Dependency] = [.target(name: coreName), "Log"]
      let feature = Target.target(name: "Feature", dependencies: shared + [.product(name: "X", package: "x")])
      let baseTargets: [Target] = [.target(name: coreName), .target(name: "Log")]
      let package = Package(name: "P", targets: baseTargets + [feature])
      package.targets.append(.testTarget(name: "CoreTests", dependencies: [.target(name: coreName)]))
      package.targets += [.target(name: "Extra")]
      package.targets.append(contentsOf: [.target(name: "More")])
      for target in package.targets { target.swiftSettings = [] }
      """)
    #expect(manifest.targets.map(\.name) == ["Core", "Log", "Feature", "CoreTests", "Extra", "More"])
    #expect(
      manifest.targets[2].dependencies == [.target("Core"), .byName("Log"), .product(name: "X", package: "x")])
    #expect(manifest.targets[3].dependencies == [.target("Core")])
    #expect(manifest.warnings.isEmpty)
  }

  @Test func followsListsBuiltUpInSteps() {
    let manifest = scanManifest(
      """
      var dependencies: [Target.Dependency] = ["Core"]
      var targets: [Target] = [.target(name: "Core")]
      if ProcessInfo.processInfo.environment["EXTRAS"] != nil {
        dependencies.append(.product(name: "Extras", package: "extras"))
        targets += [.target(name: "Debug")]
      }
      targets.append(.target(name: "Feature", dependencies: dependencies))
      targets.append(contentsOf: [.testTarget(name: "FeatureTests", dependencies: ["Feature"])])
      let package = Package(name: "P", targets: targets)
      """)
    #expect(manifest.targets.map(\.name) == ["Core", "Debug", "Feature", "FeatureTests"])
    #expect(manifest.targets[2].dependencies == [.byName("Core"), .product(name: "Extras", package: "extras")])
    #expect(manifest.warnings.isEmpty)
  }

  @Test func skipsLoopsAndHelpersWithWarnings() {
    let manifest = scanManifest(
      """
      func feature(_ name: String) -> Target { .target(name: name, path: "Features/\\(name)") }
      let package = Package(name: "P", targets: [.target(name: "Core"), feature("Login")])
      for name in ["A", "B"] {
        package.targets.append(.target(name: name))
      }
      let more = ["C"].map { Target.target(name: $0) }
      package.targets += more
      """)
    #expect(manifest.targets.map(\.name) == ["Core"])
    #expect(
      manifest.warnings == [
        .unreadableTarget(line: 2), .unresolvedName(line: 4), .unreadableList(label: "targets", line: 6),
      ])
  }

  @Test func duplicateTargetKeepsTheFirst() {
    let manifest = scanManifest(
      """
      let package = Package(name: "P", targets: [.target(name: "A", path: "one"), .target(name: "A", path: "two")])
      """)
    #expect(manifest.targets.map(\.path) == ["one"])
    #expect(manifest.warnings == [.duplicateTarget(name: "A", line: 1)])
  }

  @Test func noPackageCallIsAWarning() {
    #expect(scanManifest("").warnings == [.packageNotFound])
    #expect(scanManifest("let x = 1\n").warnings == [.packageNotFound])
  }

  @Test func unbalancedManifestDegrades() {
    let manifest = scanManifest(
      """
      let package = Package(name: "P", targets: [
        .target(name: "A", dependencies: ["B"]),
        .target(name: "B", dependencies: [
      """)
    #expect(manifest.name == "P")
    #expect(manifest.targets.first?.name == "A")
    #expect(manifest.warnings.contains(.unbalancedBracket(line: 1)))
  }

  @Test func hostileManifestsNeitherCrashNorHang() {
    let deep = "let package = Package(name: \"P\", targets: " + String(repeating: "[(", count: 100_000) + "\n"
    #expect(scanManifest(deep).name == "P")
    let closed =
      "let package = Package(name: \"P\", targets: " + String(repeating: "(", count: 100_000) + "[]"
      + String(repeating: ")", count: 100_000) + ")"
    #expect(scanManifest(closed).targets.isEmpty)
    // Constants that refer to each other, and doubling chains that would be exponential.
    let cyclic = "let a = b\nlet b = a\nlet package = Package(name: a, targets: a + b)"
    #expect(scanManifest(cyclic).name == nil)
    var wide = "let c0 = [.target(name: \"T\")]\n"
    for level in 1...7 {
      wide += "let c\(level) = " + Array(repeating: "c\(level - 1)", count: 12).joined(separator: " + ") + "\n"
    }
    wide += "let package = Package(name: \"P\", targets: c7)\n"
    let manifest = scanManifest(wide)
    #expect(manifest.targets.map(\.name) == ["T"])
    #expect(!manifest.warnings.isEmpty)
    let garbage = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
    _ = PackageManifestScanner.scan(Lexer.tokenize(garbage))
  }
}
