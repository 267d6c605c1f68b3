/// A manifest found in the scanned tree, read, with where it sits.
package struct ScannedPackage: Sendable, Hashable {
  /// The manifest's folder relative to the scanned root ("" for the root): the package root.
  package var root: String
  /// The manifest's path relative to the scanned root.
  package var manifestPath: String
  /// What the manifest declares.
  package var manifest: PackageManifest

  /// Places `manifest`, read from `manifestPath`, in the tree.
  package init(manifestPath: String, manifest: PackageManifest) {
    self.root = RelativePath.directory(of: manifestPath)
    self.manifestPath = manifestPath
    self.manifest = manifest
  }

  /// The name other manifests use for this package: the `name:` argument, else the folder name.
  package var displayName: String {
    manifest.name ?? (root.isEmpty ? "(root)" : RelativePath.lastComponent(of: root))
  }
}
