import ScanModel

/// The dependency graph of a scanned project, in the order to migrate it: leaves inward.
///
/// Everything is sorted, so the same tree gives the same graph byte for byte.
package struct ProjectGraph: Sendable {
  /// One package found in the tree.
  package struct Package: Sendable, Hashable {
    /// The package's `name:`, else its folder name.
    package var name: String
    /// The manifest's path relative to the scanned root.
    package var manifestPath: String
    /// Deployment targets from `platforms:`, in manifest order (`@Observable` needs iOS 17).
    package var platforms: [PackageManifest.Platform]
    /// The modules made from its targets, sorted.
    package var modules: [String]

    /// Creates a package summary.
    package init(name: String, manifestPath: String, platforms: [PackageManifest.Platform], modules: [String]) {
      self.name = name
      self.manifestPath = manifestPath
      self.platforms = platforms
      self.modules = modules
    }
  }

  /// One file's place in the plan.
  package struct File: Sendable, Hashable {
    /// Relative to the scanned root.
    package var path: String
    /// The name of the module the file belongs to.
    package var module: String
    /// The file's wave inside its module (0: names no other file of the module).
    package var wave: Int
    /// The files of its cycle, itself included, sorted; empty when it is in none.
    package var cycle: [String]
    /// Number of lines in the file.
    package var lines: Int
    /// The other modules that compile the file (an Xcode app and its extension), sorted: their
    /// deployment targets gate it too.
    package var alsoCompiledBy: [String]

    /// Creates a file's place in the plan.
    package init(
      path: String, module: String, wave: Int, cycle: [String] = [], lines: Int = 0, alsoCompiledBy: [String] = []
    ) {
      self.path = path
      self.module = module
      self.wave = wave
      self.cycle = cycle
      self.lines = lines
      self.alsoCompiledBy = alsoCompiledBy
    }
  }

  /// A unit of work inside a module: one file, or a cycle of files that move together.
  package struct FileUnit: Sendable, Hashable {
    /// The files, sorted.
    package var files: [String]
    /// The unit's wave inside its module.
    package var wave: Int
    /// Files of the same module this unit depends on, sorted.
    package var dependsOn: [String]

    /// Creates a unit.
    package init(files: [String], wave: Int, dependsOn: [String] = []) {
      self.files = files
      self.wave = wave
      self.dependsOn = dependsOn
    }
  }

  /// The files of one module in migration order.
  package struct ModuleFiles: Sendable, Hashable {
    /// The module name.
    package var module: String
    /// Units sorted by wave, then by first file.
    package var units: [FileUnit]

    /// Creates the file order of `module`.
    package init(module: String, units: [FileUnit]) {
      self.module = module
      self.units = units
    }
  }

  /// Modules sorted by wave, then name.
  package var modules: [ModuleInfo]
  /// Every file, sorted by path.
  package var files: [File]
  /// The file-level order inside each module, sorted by module name.
  package var moduleFiles: [ModuleFiles]
  /// Packages sorted by manifest path.
  package var packages: [Package]
  /// What could not be resolved, sorted by description.
  package var warnings: [GraphWarning]
  /// Swift files no target compiles, with the reason, sorted by path (no findings come from them).
  package var skipped: [SkippedFile] = []

  /// Creates a graph from its parts (the builder makes real ones).
  package init(
    modules: [ModuleInfo], files: [File], moduleFiles: [ModuleFiles], packages: [Package], warnings: [GraphWarning]
  ) {
    self.modules = modules
    self.files = files
    self.moduleFiles = moduleFiles
    self.packages = packages
    self.warnings = warnings
  }

  /// The module named `name`.
  package func module(named name: String) -> ModuleInfo? {
    modules.first { $0.name == name }
  }

  /// The place of the file at `path` (relative to the scanned root), found by binary search.
  package func file(at path: String) -> File? {
    var low = 0
    var high = files.count
    while low < high {
      let middle = (low + high) / 2
      if files[middle].path < path { low = middle + 1 } else { high = middle }
    }
    return low < files.count && files[low].path == path ? files[low] : nil
  }

  /// The deployment targets that apply to `module`: its package's `platforms:`, empty for
  /// modules outside any package (an Xcode project's targets live in the `.xcodeproj`).
  package func platforms(ofModule module: String) -> [PackageManifest.Platform] {
    packages.first { $0.modules.contains(module) }?.platforms ?? []
  }
}
