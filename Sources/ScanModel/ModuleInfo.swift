/// One node of the module graph, as reports show it.
package struct ModuleInfo: Sendable, Codable, Hashable {
  /// Target name (or folder name where there is no manifest).
  package var name: String
  /// Path of the module's folder relative to the scanned root, `/`-separated.
  package var path: String
  /// 0 for modules that depend on nothing inside the project; n when all dependencies sit in
  /// waves before n.
  package var wave: Int
  /// Names of the modules inside the project this one depends on, sorted.
  package var dependsOn: [String]
  /// True when a test target references the module.
  package var tested: Bool
  /// True for test targets.
  package var isTest: Bool
  /// The names of every module in the same dependency cycle (sorted, this one included), or
  /// empty when the module is in no cycle.
  package var cycle: [String]
  /// Number of Swift files and lines in the module.
  package var files: Int
  package var lines: Int
  /// Where the module comes from: `package` (a `Package.swift` target), `xcode` (an Xcode
  /// target), `mapped` (the configuration's `modules`) or `folder` (guessed from a folder).
  package var origin: String = "folder"
  /// What the target builds: a SwiftPM target kind (`target`, `testTarget`, …) or an Xcode product
  /// type (`application`, `app-extension`, `unit-tests`, …); empty for folders.
  package var kind: String = ""
  /// Minimum OS per platform, sorted by platform; empty when nothing declares one.
  package var deploymentTargets: [DeploymentTarget] = []
  /// Language mode and concurrency checking, where declared.
  package var language = LanguageSettings()
  /// For a test module: the module it tests. Its findings are planned with that module's, after
  /// them, and never in a wave of their own.
  package var testOf: String?
  /// Other modules that compile some of this module's files (an extension sharing an app's
  /// files), sorted. Those files are planned here, once.
  package var sharedWith: [String] = []
  /// True for a library product's target (see `ResolvedModule.isLibraryProduct`). Not reported:
  /// it tells the classifier which public API has clients outside the tree.
  package var libraryProduct = false

  package init(
    name: String, path: String, wave: Int, dependsOn: [String], tested: Bool, isTest: Bool = false,
    cycle: [String] = [], files: Int = 0, lines: Int = 0
  ) {
    self.name = name
    self.path = path
    self.wave = wave
    self.dependsOn = dependsOn
    self.tested = tested
    self.isTest = isTest
    self.cycle = cycle
    self.files = files
    self.lines = lines
  }
}

/// A module's minimum OS on one platform.
package struct DeploymentTarget: Sendable, Codable, Hashable {
  /// `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`, … as `Package.swift` spells them.
  package var platform: String
  /// `15.0`, `10.15`.
  package var version: String

  package init(platform: String, version: String) {
    self.platform = platform
    self.version = version
  }
}
