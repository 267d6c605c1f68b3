// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Catalog",
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [.library(name: "Catalog", targets: ["Catalog"])],
  targets: [
    .target(
      name: "Catalog",
      exclude: ["Legacy"],
      resources: [.copy("Samples")],
      swiftSettings: [
        .swiftLanguageMode(.v5),
        .enableUpcomingFeature("ExistentialAny"),
        .unsafeFlags(["-strict-concurrency=targeted"]),
      ]
    ),
    .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
  ]
)
