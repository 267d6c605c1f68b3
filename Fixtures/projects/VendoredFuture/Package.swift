// swift-tools-version: 6.0
// A monorepo that vendors a promise library with its own `Future`: only the modules that can see
// that `Future` (its own, and those importing it) lose Combine's.
import PackageDescription

let package = Package(
  name: "VendoredFuture",
  platforms: [.iOS(.v16), .macOS(.v13)],
  targets: [
    .target(name: "Vendor"),
    .target(name: "App"),
    .target(name: "Client", dependencies: ["Vendor"]),
    .target(name: "Mixed", dependencies: ["Vendor"]),
  ]
)
