// swift-tools-version: 5.9
// A model in one module and the views that hold it in another, through all four property
// wrappers, `.environmentObject` and a subscription: each use is listed in the model's step,
// with its replacement. Read as text, never run.
import PackageDescription

let package = Package(
  name: "ViewUsesApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  targets: [
    .target(name: "Catalog"),
    .executableTarget(name: "Shelf", dependencies: ["Catalog"]),
  ]
)
