// swift-tools-version: 5.9
// One large module, its types spread over feature folders that use each other: the order of
// its steps comes from the type graph (leaves first, a cycle together), grouped by folder.
import PackageDescription

let package = Package(
  name: "PlanBigModule",
  platforms: [.iOS(.v17), .macOS(.v14)],
  targets: [
    .target(name: "Shop"),
    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
  ]
)
