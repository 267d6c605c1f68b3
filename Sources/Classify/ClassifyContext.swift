import ScanModel

/// What the global pass knows about the whole tree.
package struct ClassifyContext: Sendable {
  /// Type names declared anywhere in the scanned tree (the files' own declarations are added),
  /// besides the top-level types of `symbols` (which the scanner gives instead of a set).
  package var declaredTypeNames: Set<String>
  /// The module (SwiftPM target or folder) of a file path, or nil.
  package var moduleOf: @Sendable (String) -> String?
  /// Deployment targets per module: module → platform (`iOS`, `macOS`, `tvOS`, `watchOS`,
  /// `visionOS`, `macCatalyst`) → version (`"15"`, `"13.4"`).
  package var deploymentTargets: [String: [String: String]]
  /// Deployment targets of the files several modules compile (an Xcode app and its extension):
  /// path → platform → the lowest version of those modules. Such a file builds for each of them;
  /// the module's other files only for their own module (`deploymentTargets`).
  package var fileDeploymentTargets: [String: [String: String]] = [:]
  /// Modules that make Combine's names visible when imported.
  package var providingModules: Set<String>
  /// Library products no app, extension or executable of the tree uses (example apps aside;
  /// `Scanner.publishedLibraries`): their public API has clients outside the tree.
  package var libraryModules: Set<String> = []
  /// Test modules.
  package var testModules: Set<String> = []
  /// The tree's declarations, when the caller has built the table (the scanner builds one for
  /// the graph and the classifier both); else the classifier builds it from its own facts.
  package var symbols: SymbolTable?

  /// Creates a context with a module closure.
  package init(
    declaredTypeNames: Set<String> = [], moduleOf: @escaping @Sendable (String) -> String? = { _ in nil },
    deploymentTargets: [String: [String: String]] = [:],
    providingModules: Set<String> = CombineVocabulary.providingModules
  ) {
    self.declaredTypeNames = declaredTypeNames
    self.moduleOf = moduleOf
    self.deploymentTargets = deploymentTargets
    self.providingModules = providingModules
  }

  /// The deployment targets the file at `path`, of `module`, builds for: its own when several
  /// modules compile it, else its module's; nil when none is known.
  package func deploymentTargets(ofFile path: String, module: String?) -> [String: String]? {
    if !fileDeploymentTargets.isEmpty, let own = fileDeploymentTargets[path] { return own }
    return module.flatMap { deploymentTargets[$0] }
  }

  /// A context that maps each path to a module through a table (for tests and simple callers).
  package init(
    declaredTypeNames: Set<String> = [], modules: [String: String], deploymentTargets: [String: [String: String]] = [:]
  ) {
    self.init(
      declaredTypeNames: declaredTypeNames, moduleOf: { modules[$0] }, deploymentTargets: deploymentTargets)
  }
}
