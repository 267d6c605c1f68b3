// swift-tools-version: 5.9
// One library whose own helpers on Combine's `Publisher` are the bridge its callers use while
// they migrate: what is inside those helpers goes with them, after the callers. Read as text,
// never run.
import PackageDescription

let package = Package(
  name: "PlanBridgeHelpers",
  platforms: [.iOS(.v17), .macOS(.v14)],
  targets: [
    .target(name: "Courier")
  ]
)
