// swift-tools-version: 5.9
import PackageDescription

let package = Package(
  name: "Core",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreUI", targets: ["CoreUI"]),
  ],
  targets: [
    .target(name: "Core"),
    .target(name: "CoreUI", dependencies: ["Core"]),
  ]
)
