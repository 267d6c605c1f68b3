// swift-tools-version: 5.9
// One app target and no tests: the shape of most small apps. Its plan must still be a plan
// (units in each phase, leaves first), not "leave everything alone". Read as text, never run.
import PackageDescription

let package = Package(
  name: "PlanSingleApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  targets: [
    .executableTarget(name: "Notes")
  ]
)
