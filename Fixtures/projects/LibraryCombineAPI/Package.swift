// swift-tools-version: 5.9
import PackageDescription

// A library whose public API is Combine: its clients are outside this tree.
let package = Package(
  name: "Store",
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [.library(name: "Store", targets: ["Store"])],
  targets: [
    .target(name: "Store"),
    .testTarget(name: "StoreTests", dependencies: ["Store"]),
  ]
)
