// swift-tools-version: 5.9
// An example app laid out as a Swift package: a leaf networking module and a storage module,
// a repository on both, two features on top, and the app. migrate-scan reads this file as
// text; it never runs it.
import PackageDescription

let package = Package(
  name: "SampleApp",
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [.executable(name: "SampleApp", targets: ["App"])],
  targets: [
    .target(name: "Networking"),
    .target(name: "Storage"),
    .target(name: "Repository", dependencies: ["Networking", .target(name: "Storage")]),
    .target(name: "Feed", dependencies: ["Repository"]),
    .target(name: "Settings", dependencies: [.byName(name: "Storage")]),
    .executableTarget(name: "App", dependencies: ["Feed", "Settings"]),
    .testTarget(name: "RepositoryTests", dependencies: ["Repository"]),
  ]
)
