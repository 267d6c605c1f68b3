import DependencyGraph

/// What the planner needs of one file with findings: where its types and extensions are (a
/// step's size) and which types it names (the order of a module's steps).
package struct PlanSourceFile: Sendable {
  /// The lines of one type body or extension.
  package typealias Extent = FileFacts.TypeExtent

  /// The file's type bodies and extensions, in source order.
  package var extents: [FileFacts.TypeExtent]
  /// The type names the file mentions (`FileFacts.references`), sorted.
  package var references: [String]

  /// Creates the planner's facts of one file.
  package init(extents: [FileFacts.TypeExtent] = [], references: [String] = []) {
    self.extents = extents
    self.references = references
  }
}
