// swift-tools-version: 6.0
// An app below iOS 17: its view models wait for the deployment target (no open Phase 3 items).
// Core is already in Swift 6 mode, so only Legacy and Screens get a strict-concurrency step.
import PackageDescription

let package = Package(
  name: "PlanModesApp",
  platforms: [.iOS(.v15), .macOS(.v12)],
  targets: [
    .target(name: "Core"),
    .target(
      name: "Legacy", dependencies: ["Core"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(
      name: "Screens", dependencies: ["Legacy"],
      swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency=targeted")]),
  ]
)
