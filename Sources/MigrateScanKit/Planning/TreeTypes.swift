import ScanModel

/// The top-level type names the tree declares, as the planner asks about them: one name per
/// finding, whether it is the tree's own type or an extension of someone else's.
///
/// A scan answers from its symbol table, which already holds every name: a set of the names
/// built for the planner hashed every declaration of a large tree again, for a few thousand
/// questions. Tests and small callers give the names.
package struct TreeTypes: Sendable, ExpressibleByArrayLiteral {
  private enum Source: Sendable {
    case symbols(SymbolTable)
    case names(Set<String>)
  }

  private let source: Source

  /// The top-level types of `symbols`.
  package init(_ symbols: SymbolTable) { source = .symbols(symbols) }

  /// Exactly `names`.
  package init(arrayLiteral names: String...) { source = .names(Set(names)) }

  /// Whether the tree declares a top-level type `name`.
  package func contains(_ name: String) -> Bool {
    switch source {
    case .symbols(let symbols): symbols.declaresTopLevel(name)
    case .names(let names): names.contains(name)
    }
  }
}
