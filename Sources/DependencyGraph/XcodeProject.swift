/// What `XcodeProjectLoader` read from one `*.xcodeproj/project.pbxproj`, without running Xcode.
///
/// Paths are relative to the scanned root, `/`-separated. What could not be read is absent, and a
/// warning says where and why.
package struct XcodeProject: Sendable, Hashable {
  /// A native target's product type (`com.apple.product-type.…`), reduced to what the plan needs.
  package enum ProductType: String, Sendable, Hashable {
    case application
    case framework
    case staticLibrary = "static-library"
    case dynamicLibrary = "dynamic-library"
    case appExtension = "app-extension"
    case unitTests = "unit-tests"
    case uiTests = "ui-tests"
    case watchApp = "watch-app"
    case commandLineTool = "tool"
    case bundle
    case other

    /// The product type of `identifier` (`com.apple.product-type.bundle.unit-test` → `.unitTests`).
    package init(identifier: String) {
      let suffix = identifier.hasPrefix("com.apple.product-type.") ? String(identifier.dropFirst(23)) : identifier
      switch suffix {
      case "application", "application.on-demand-install-capable", "application.messages": self = .application
      case "application.watchapp", "application.watchapp2", "application.watchapp2-container": self = .watchApp
      case "framework", "framework.static": self = .framework
      case "library.static": self = .staticLibrary
      case "library.dynamic": self = .dynamicLibrary
      case "bundle.unit-test": self = .unitTests
      case "bundle.ui-testing": self = .uiTests
      case "tool": self = .commandLineTool
      case "bundle": self = .bundle
      default: self = suffix.contains("extension") ? .appExtension : .other
      }
    }

    /// Unit-test and UI-test bundles: their findings travel with the module they test.
    package var isTest: Bool { self == .unitTests || self == .uiTests }
  }

  /// A folder Xcode 16 keeps in sync with the disk (`PBXFileSystemSynchronizedRootGroup`): every
  /// Swift file below it is compiled by the target, less the membership exceptions.
  package struct SynchronizedFolder: Sendable, Hashable {
    /// The folder, relative to the scanned root.
    package var path: String
    /// Files below it that this target does not compile, relative to the scanned root.
    package var excluded: Set<String>

    /// Creates a synchronised folder.
    package init(path: String, excluded: Set<String> = []) {
      self.path = path
      self.excluded = excluded
    }
  }

  /// One native target.
  package struct Target: Sendable, Hashable {
    /// The target name (`PRODUCT_MODULE_NAME` is assumed to be the same, with `-` as `_`).
    package var name: String
    /// What it builds.
    package var productType: ProductType
    /// Swift files of its sources build phase, relative to the scanned root, sorted.
    package var sources: [String]
    /// Folders it compiles whole.
    package var synchronizedFolders: [SynchronizedFolder]
    /// Names of the targets of this project it depends on (`PBXTargetDependency`), sorted.
    package var dependencies: [String]
    /// Package products it links (`XCSwiftPackageProductDependency.productName`), sorted.
    package var packageProducts: [String]
    /// Targets of other projects it depends on (a `PBXTargetDependency` whose proxy's
    /// `containerPortal` is another `.xcodeproj`): that project's folder (`Core/Core.xcodeproj`,
    /// relative to the scanned root) and the target's name, sorted.
    package var externalDependencies: [ExternalDependency] = []
    /// Products its frameworks build phase links that some target builds (`Core.framework` →
    /// `Core`, `libKit.a` → `Kit`), sorted: in a workspace, how an app depends on a framework
    /// of another project without naming the target.
    package var linkedProducts: [String] = []
    /// The build settings of the configuration a team ships.
    package var settings: XcodeBuildSettings

    /// Creates a target.
    package init(
      name: String, productType: ProductType, sources: [String] = [], synchronizedFolders: [SynchronizedFolder] = [],
      dependencies: [String] = [], packageProducts: [String] = [], settings: XcodeBuildSettings = XcodeBuildSettings()
    ) {
      self.name = name
      self.productType = productType
      self.sources = sources
      self.synchronizedFolders = synchronizedFolders
      self.dependencies = dependencies
      self.packageProducts = packageProducts
      self.settings = settings
    }
  }

  /// A target of another project, by that project's `.xcodeproj` path and the target's name.
  package struct ExternalDependency: Sendable, Hashable, Comparable {
    package var project: String
    package var target: String

    package init(project: String, target: String) {
      self.project = project
      self.target = target
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.project, lhs.target) < (rhs.project, rhs.target) }
  }

  /// The `project.pbxproj` path, relative to the scanned root.
  package var path: String
  /// The folder holding the `.xcodeproj` (what `<group>` paths of the main group start from).
  package var root: String
  /// Native targets, in the project's order.
  package var targets: [Target]
  /// Folders of local packages (`XCLocalSwiftPackageReference.relativePath`), relative to the
  /// scanned root, sorted.
  package var localPackages: [String]
  /// What could not be read, as lines for people (`path: line 12: …`).
  package var warnings: [String]

  /// Creates a project.
  package init(
    path: String, root: String, targets: [Target] = [], localPackages: [String] = [], warnings: [String] = []
  ) {
    self.path = path
    self.root = root
    self.targets = targets
    self.localPackages = localPackages
    self.warnings = warnings
  }
}
