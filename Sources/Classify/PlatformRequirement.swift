import ScanModel

/// An API a recommendation relies on and the OS versions it needs (COMBINE-REFERENCE.md §1.0).
package struct PlatformRequirement: Sendable, Hashable {
  /// What needs it, as reasons say it: "`@Observable`".
  package var feature: String
  /// Platform → minimum version (major, minor).
  package var minimums: [(String, Int, Int)]

  /// Requirements are identified by their feature.
  package static func == (lhs: PlatformRequirement, rhs: PlatformRequirement) -> Bool { lhs.feature == rhs.feature }
  /// Hashes the feature.
  package func hash(into hasher: inout Hasher) { hasher.combine(feature) }

  /// `@Observable`: iOS 17, macOS 14, tvOS 17, watchOS 10.
  package static let observable = PlatformRequirement(
    feature: "`@Observable`", minimums: [("iOS", 17, 0), ("macOS", 14, 0), ("tvOS", 17, 0), ("watchOS", 10, 0)])
  /// `Observations`: the 26 releases.
  package static let observations = PlatformRequirement(
    feature: "`Observations` (the replacement for `$x` pipelines)",
    minimums: [("iOS", 26, 0), ("macOS", 26, 0), ("tvOS", 26, 0), ("watchOS", 26, 0)])
  /// AsyncAlgorithms clock-based operators: iOS 16, macOS 13.
  package static let clockAlgorithms = PlatformRequirement(
    feature: "AsyncAlgorithms `debounce`/`chunked`",
    minimums: [("iOS", 16, 0), ("macOS", 13, 0), ("tvOS", 16, 0), ("watchOS", 9, 0)])
  /// AsyncAlgorithms `share()`: iOS 18, macOS 15.
  package static let asyncShare = PlatformRequirement(
    feature: "AsyncAlgorithms `share()`",
    minimums: [("iOS", 18, 0), ("macOS", 15, 0), ("tvOS", 18, 0), ("watchOS", 11, 0)])
  /// `OSAllocatedUnfairLock`: iOS 16, macOS 13 (`Mutex` needs iOS 18, macOS 15).
  package static let unfairLock = PlatformRequirement(
    feature: "`OSAllocatedUnfairLock`",
    minimums: [("iOS", 16, 0), ("macOS", 13, 0), ("tvOS", 16, 0), ("watchOS", 9, 0)])
  /// `Publisher.values`: iOS 15, macOS 12.
  package static let asyncValues = PlatformRequirement(
    feature: "`Publisher.values`", minimums: [("iOS", 15, 0), ("macOS", 12, 0), ("tvOS", 15, 0), ("watchOS", 8, 0)])

  /// Reasons for each deployment target below this requirement, in platform order:
  /// "deployment target iOS 15 is below iOS 17, which `@Observable` needs".
  package func notes(for targets: [String: String]) -> [String] {
    var notes: [String] = []
    for (platform, major, minor) in minimums {
      guard let target = targets[platform], let version = PlatformRequirement.parse(target) else { continue }
      if version.0 < major || (version.0 == major && version.1 < minor) {
        let needed = minor == 0 ? "\(major)" : "\(major).\(minor)"
        notes.append(
          "deployment target \(platform) \(target) is below \(platform) \(needed), which \(feature) needs: "
            + "gate it with `if #available` or keep Combine here until the target moves")
      }
    }
    return notes
  }

  /// The deployment targets below this requirement, in platform order: what must rise.
  package func gates(for targets: [String: String]) -> [DeploymentGate] {
    var gates: [DeploymentGate] = []
    for (platform, major, minor) in minimums {
      guard let target = targets[platform], let version = PlatformRequirement.parse(target) else { continue }
      if version.0 < major || (version.0 == major && version.1 < minor) {
        gates.append(
          DeploymentGate(platform: platform, current: target, needed: minor == 0 ? "\(major)" : "\(major).\(minor)"))
      }
    }
    return gates
  }

  /// `"15"` → (15, 0); `"10.15.4"` → (10, 15); nil when not a version.
  package static func parse(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: ".")
    guard let first = parts.first, let major = Int(first) else { return nil }
    let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    return (major, minor)
  }
}
