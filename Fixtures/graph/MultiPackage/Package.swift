// swift-tools-version: 5.9
import PackageDescription

// Shared by every target that keeps ordered caches. Commented-out targets must not count:
// .target(name: "Ghost", dependencies: ["App"]),
let collections: [Target.Dependency] = [
  .product(name: "OrderedCollections", package: "swift-collections")
]

let designSystem = "DesignSystem"

let package = Package(
  name: "MultiPackage",
  platforms: [.iOS(.v15), .macOS("12.0")],
  products: [
    .library(name: "Shop", targets: ["Repository"])
  ],
  dependencies: [
    .package(path: "Packages/DesignSystem"),
    .package(url: "https://example.com/apple/swift-collections.git", from: "1.1.0"),
  ],
  targets: [
    .target(name: "Networking"),
    .target(name: "Storage", path: "Sources/Persistence"),
    .target(
      name: "Repository",
      dependencies: ["Networking", .target(name: "Storage")] + collections
    ),
    .target(
      name: "FeatureA",
      dependencies: ["Repository", .product(name: designSystem, package: "DesignSystem")]
    ),
    .target(
      name: "FeatureB",
      dependencies: [.byName(name: "Repository"), .product(name: "DesignSystem", package: "DesignSystem")]
    ),
    .executableTarget(name: "App", dependencies: ["FeatureA", "FeatureB"]),
    .testTarget(name: "RepositoryTests", dependencies: ["Repository"]),
  ]
)

/* A string that looks like a target is not one: */
let note = ".target(name: \"AlsoGhost\")"
