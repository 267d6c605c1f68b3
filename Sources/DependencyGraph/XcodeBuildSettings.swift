/// The build settings of one Xcode target that the plan reads, resolved through the project
/// level and the `.xcconfig` files the project names.
///
/// A value that still holds a `$(VARIABLE)` the reader could not resolve is left out and named in
/// `unresolved`: the report says it, and never guesses a number.
package struct XcodeBuildSettings: Sendable, Hashable {
  /// The configuration read: `Release` when the target has one, else its first.
  package var configuration: String
  /// Minimum OS per platform, platforms spelt as in `Package.swift` (`iOS`, `macOS`, `tvOS`,
  /// `watchOS`, `visionOS`), only for the platforms the target builds for (`SDKROOT`,
  /// `SUPPORTED_PLATFORMS`).
  package var deploymentTargets: [String: String]
  /// `SWIFT_VERSION`: `5.0`, `6.0`, ….
  package var swiftVersion: String?
  /// `SWIFT_STRICT_CONCURRENCY`: `minimal`, `targeted`, `complete`.
  package var strictConcurrency: String?
  /// Upcoming features switched on (`SWIFT_UPCOMING_FEATURE_X = YES` → `X`), sorted.
  package var upcomingFeatures: [String]
  /// `SWIFT_APPROACHABLE_CONCURRENCY = YES`.
  package var approachableConcurrency: Bool
  /// `SWIFT_DEFAULT_ACTOR_ISOLATION`: `MainActor` or `nonisolated`.
  package var defaultActorIsolation: String?
  /// `TEST_TARGET_NAME` (UI tests name the app they drive).
  package var testTargetName: String?
  /// `TEST_HOST` (unit tests name the app that hosts them, as a path to its binary).
  package var testHost: String?
  /// Settings whose value the reader could not resolve, with the text it found, sorted.
  package var unresolved: [String]
  /// `PRODUCT_NAME` when it is plain text (what a `TEST_HOST` names); nil for `$(TARGET_NAME)`.
  package var productName: String?
  /// `PRODUCT_MODULE_NAME` when it is plain text: what `import` names (two apps of one project,
  /// macOS and iOS, often share one).
  package var productModuleName: String?

  /// Creates settings.
  package init(
    configuration: String = "", deploymentTargets: [String: String] = [:], swiftVersion: String? = nil,
    strictConcurrency: String? = nil, upcomingFeatures: [String] = [], approachableConcurrency: Bool = false,
    defaultActorIsolation: String? = nil, testTargetName: String? = nil, testHost: String? = nil,
    unresolved: [String] = []
  ) {
    self.configuration = configuration
    self.deploymentTargets = deploymentTargets
    self.swiftVersion = swiftVersion
    self.strictConcurrency = strictConcurrency
    self.upcomingFeatures = upcomingFeatures
    self.approachableConcurrency = approachableConcurrency
    self.defaultActorIsolation = defaultActorIsolation
    self.testTargetName = testTargetName
    self.testHost = testHost
    self.unresolved = unresolved
  }

  /// `EXISTENTIAL_ANY` → `ExistentialAny`: the setting's suffix as the feature's Swift name.
  static func featureName(_ setting: String) -> String {
    setting.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
  }

  /// The deployment-target setting of each platform.
  static let deploymentKeys: [(key: String, platform: String, sdk: String)] = [
    ("IPHONEOS_DEPLOYMENT_TARGET", "iOS", "iphoneos"), ("MACOSX_DEPLOYMENT_TARGET", "macOS", "macosx"),
    ("TVOS_DEPLOYMENT_TARGET", "tvOS", "appletvos"), ("WATCHOS_DEPLOYMENT_TARGET", "watchOS", "watchos"),
    ("XROS_DEPLOYMENT_TARGET", "visionOS", "xros"),
  ]

  /// Reads the settings the plan needs from `values`, the target's settings already layered
  /// (project xcconfig, project, target xcconfig, target), each level's `$(inherited)` resolved.
  /// Whether `init(configuration:values:)` reads `key`: only these need their variables
  /// resolved (a target has a few hundred settings; the plan reads about fifteen).
  static func isRead(_ key: String) -> Bool {
    readKeys.contains(key) || key.hasPrefix("SWIFT_UPCOMING_FEATURE_")
  }

  private static let readKeys: Set<String> = Set(deploymentKeys.map(\.key)).union([
    "SUPPORTED_PLATFORMS", "SDKROOT", "SWIFT_VERSION", "SWIFT_STRICT_CONCURRENCY", "SWIFT_APPROACHABLE_CONCURRENCY",
    "SWIFT_DEFAULT_ACTOR_ISOLATION", "TEST_TARGET_NAME", "TEST_HOST", "PRODUCT_NAME", "PRODUCT_MODULE_NAME",
  ])

  init(configuration: String, values: [String: String]) {
    self.init(configuration: configuration)
    var unresolved: [String] = []
    func value(_ key: String) -> String? {
      guard let text = values[key]?.trimmingSpaces, !text.isEmpty else { return nil }
      if text.contains("$(") || text.contains("${") {
        unresolved.append("\(key) = \(text)")
        return nil
      }
      return text
    }
    // Platforms the target builds for: SUPPORTED_PLATFORMS when given, else SDKROOT; a target
    // with neither (or `auto`) keeps every deployment target it has.
    var sdks = Set((values["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ").map(String.init))
    if sdks.isEmpty, let root = values["SDKROOT"]?.trimmingSpaces, !root.isEmpty, root != "auto" { sdks = [root] }
    for (key, platform, sdk) in Self.deploymentKeys {
      guard sdks.isEmpty || sdks.contains(sdk) || sdks.contains(where: { $0.hasPrefix(sdk) }) else { continue }
      if let version = value(key) { deploymentTargets[platform] = version }
    }
    swiftVersion = value("SWIFT_VERSION")
    strictConcurrency = value("SWIFT_STRICT_CONCURRENCY")
    upcomingFeatures = values.keys.filter { key in
      key.hasPrefix("SWIFT_UPCOMING_FEATURE_") && values[key]?.trimmingSpaces == "YES"
    }.map { Self.featureName(String($0.dropFirst("SWIFT_UPCOMING_FEATURE_".count))) }.sorted()
    approachableConcurrency = value("SWIFT_APPROACHABLE_CONCURRENCY") == "YES"
    defaultActorIsolation = value("SWIFT_DEFAULT_ACTOR_ISOLATION")
    testTargetName = value("TEST_TARGET_NAME")
    // TEST_HOST is a path built from variables by design (`$(BUILT_PRODUCTS_DIR)/App.app/App`):
    // only the app's name matters, and it is the component before the last.
    if let host = values["TEST_HOST"]?.trimmingSpaces, !host.isEmpty {
      let parts = host.split(separator: "/")
      if let app = parts.last(where: { $0.hasSuffix(".app") }) {
        testHost = String(app.dropLast(4))
      } else if let last = parts.last, !last.contains("$") {
        testHost = String(last)
      } else {
        unresolved.append("TEST_HOST = \(host)")
      }
    }
    self.unresolved = unresolved.sorted()
    if let product = values["PRODUCT_NAME"]?.trimmingSpaces, !product.isEmpty, !product.contains("$") {
      productName = product
    }
    if let module = values["PRODUCT_MODULE_NAME"]?.trimmingSpaces, !module.isEmpty, !module.contains("$") {
      productModuleName = module
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs (no Foundation here).
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" || first == "\"" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" || last == "\"" { slice.removeLast() }
    return String(slice)
  }
}

/// Version text as numbers, for comparing deployment targets and language modes.
enum PlatformVersion {
  /// `"15"` → (15, 0); `"10.15.4"` → (10, 15); nil when not a version.
  static func parse(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: ".")
    guard let first = parts.first, let major = Int(first) else { return nil }
    return (major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
  }
}
