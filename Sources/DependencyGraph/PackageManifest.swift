import ScanModel

/// What `PackageManifestScanner` read from one `Package.swift`, without running it.
///
/// Every list is in manifest order. What the scanner could not read statically is absent, and
/// a `ManifestWarning` says where and why.
package struct PackageManifest: Sendable, Hashable {
  /// The kind of a target: the `Target` factory method that made it.
  package enum TargetKind: String, Sendable, Hashable, CaseIterable {
    case regular = "target"
    case executable = "executableTarget"
    case test = "testTarget"
    case macro
    case plugin
    case systemLibrary
    case binary = "binaryTarget"
  }

  /// One dependency of a target, in the three spellings SwiftPM has.
  package enum Dependency: Sendable, Hashable {
    /// `"Name"` or `.byName(name:)`: a target of this package, or else a product of a dependency.
    case byName(String)
    /// `.target(name:)`: a target of this package.
    case target(String)
    /// `.product(name:package:)`: a product of another package.
    case product(name: String, package: String?)
  }

  /// One target declaration.
  package struct Target: Sendable, Hashable {
    /// The target name, which is also its module name.
    package var name: String
    /// The factory method that declared it.
    package var kind: TargetKind
    /// The `path:` argument, relative to the package root, when given.
    package var path: String?
    /// The `dependencies:` list, in manifest order.
    package var dependencies: [Dependency]
    /// `exclude:` paths, relative to the target's folder.
    package var exclude: [String] = []
    /// `resources:` paths (`.copy`, `.process`, `.embedInCode`), relative to the target's folder.
    package var resources: [String] = []
    /// Language mode and concurrency checking from `swiftSettings:` (and the package's
    /// `swiftLanguageVersions` / tools version, filled in by the reader).
    package var language = LanguageSettings()

    /// Creates a target.
    package init(name: String, kind: TargetKind, path: String? = nil, dependencies: [Dependency] = []) {
      self.name = name
      self.kind = kind
      self.path = path
      self.dependencies = dependencies
    }
  }

  /// One product declaration (`.library`, `.executable`, `.plugin`).
  package struct Product: Sendable, Hashable {
    /// The product name other packages use in `.product(name:package:)`.
    package var name: String
    /// The factory method name: `library`, `executable`, `plugin`.
    package var kind: String
    /// The targets the product is built from.
    package var targets: [String]

    /// Creates a product.
    package init(name: String, kind: String, targets: [String]) {
      self.name = name
      self.kind = kind
      self.targets = targets
    }
  }

  /// One deployment target from `platforms:` (`.iOS(.v15)` → `iOS`, `15`).
  package struct Platform: Sendable, Hashable {
    /// The platform as spelt in the manifest: `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`, ….
    package var name: String
    /// The minimum version with `.` separators: `.v10_15` → `10.15`, `"15.0"` → `15.0`.
    package var version: String

    /// Creates a deployment target.
    package init(name: String, version: String) {
      self.name = name
      self.version = version
    }
  }

  /// One package dependency (`.package(url:…)`, `.package(path:…)`).
  package struct PackageDependency: Sendable, Hashable {
    /// SwiftPM's identity: the last path component of the URL or path, lowercased, without `.git`.
    package var identity: String
    /// The `path:` of a local dependency, relative to this package's root.
    package var path: String?
    /// The `url:` of a remote dependency.
    package var url: String?

    /// Creates a package dependency.
    package init(identity: String, path: String? = nil, url: String? = nil) {
      self.identity = identity
      self.path = path
      self.url = url
    }
  }

  /// The package's `name:`, when it is a literal or a string constant.
  package var name: String?
  /// Deployment targets from `platforms:`.
  package var platforms: [Platform]
  /// Products from `products:`.
  package var products: [Product]
  /// Targets from `targets:` and later `package.targets` mutations.
  package var targets: [Target]
  /// Packages from the package-level `dependencies:`.
  package var dependencies: [PackageDependency]
  /// What could not be read, in the order found.
  package var warnings: [ManifestWarning]
  /// `swiftLanguageVersions:` / `swiftLanguageModes:` (`5`, `6`), in manifest order.
  package var languageModes: [String] = []
  /// The `// swift-tools-version:` as `[major, minor]`; empty when the first line names none.
  /// From 5.9, the only test target (or the only non-test, non-plugin target) may occupy its
  /// predefined folder itself (`Tests/`), not `Tests/<name>`.
  package var toolsVersion: [Int] = []

  /// Creates a manifest from its parts.
  package init(
    name: String? = nil, platforms: [Platform] = [], products: [Product] = [], targets: [Target] = [],
    dependencies: [PackageDependency] = [], warnings: [ManifestWarning] = []
  ) {
    self.name = name
    self.platforms = platforms
    self.products = products
    self.targets = targets
    self.dependencies = dependencies
    self.warnings = warnings
  }
}
