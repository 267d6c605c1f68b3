/// Something the project graph could not resolve. The graph is still built without it.
package enum GraphWarning: Sendable, Hashable, CustomStringConvertible {
  /// The manifest at `path` could only be read in part.
  case manifest(path: String, ManifestWarning)
  /// Two manifests in one folder (`Package.swift` and `Package@swift-5.9.swift`): the other was
  /// not read.
  case ignoredManifest(path: String)
  /// A `.target(name:)` dependency names no target of its package.
  case unknownTarget(module: String, dependency: String, manifest: String)
  /// A `.product(name:package:)` names a package in the tree that has no such product (or
  /// whose product is built only from binary or system-library targets).
  case unknownProduct(module: String, product: String, package: String, manifest: String)
  /// Several modules share a name; each is shown with its path.
  case duplicateModuleName(name: String, path: String)
  /// An Xcode project could only be read in part (the text names the file and line).
  case xcodeProject(String)
  /// A build setting the plan reads holds a variable the reader could not resolve: it is left
  /// unknown rather than guessed.
  case unresolvedSetting(project: String, target: String, setting: String)

  /// The warning as one line of text for people.
  package var description: String {
    switch self {
    case .manifest(let path, let warning): return "\(path): \(warning)"
    case .ignoredManifest(let path): return "\(path): another manifest in the same folder was used"
    case .unknownTarget(let module, let dependency, let manifest):
      return "\(manifest): target `\(module)` depends on unknown target `\(dependency)`"
    case .unknownProduct(let module, let product, let package, let manifest):
      return "\(manifest): target `\(module)` depends on product `\(product)`, which package `\(package)` does not have"
    case .duplicateModuleName(let name, let path): return "module name `\(name)` is used more than once (\(path))"
    case .xcodeProject(let text): return text
    case .unresolvedSetting(let project, let target, let setting):
      return "\(project): target `\(target)`: cannot resolve `\(setting)`; treated as not set"
    }
  }
}
