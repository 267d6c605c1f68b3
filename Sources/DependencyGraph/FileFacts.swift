/// The small facts the graph needs from one Swift file: what it declares, extends, imports and
/// names.
///
/// Extracted per file (in parallel) by `ReferenceCollector`; the token arrays are dropped
/// afterwards, so these facts hold strings only for names, never tokens or source bytes.
package struct FileFacts: Sendable, Hashable, Codable {
  /// What kind of type a declaration introduces.
  package enum DeclarationKind: String, Sendable, Hashable, Codable {
    case `class`, `struct`, `enum`, `protocol`, `actor`, `typealias`
  }

  /// One type declared in the file.
  package struct Declaration: Sendable, Hashable, Codable {
    /// What the declaration introduces.
    package var kind: DeclarationKind
    /// The name qualified by its enclosing types and extensions (`Outer.Inner`).
    package var qualifiedName: String
    /// The last component of the qualified name: what other files write to name the type.
    package var name: String
    /// Superclass and conformances as written after `:` (`ObservableObject`, `Foo.Bar`).
    package var inheritance: [String]

    /// Creates a declaration fact.
    package init(kind: DeclarationKind, qualifiedName: String, name: String, inheritance: [String] = []) {
      self.kind = kind
      self.qualifiedName = qualifiedName
      self.name = name
      self.inheritance = inheritance
    }
  }

  /// One `extension` in the file.
  package struct Extension: Sendable, Hashable, Codable {
    /// The extended type as written (`Foo`, `Outer.Inner`).
    package var extendedType: String
    /// The conformances the extension adds.
    package var conformances: [String]

    /// Creates an extension fact.
    package init(extendedType: String, conformances: [String] = []) {
      self.extendedType = extendedType
      self.conformances = conformances
    }
  }

  /// One `import` in the file.
  package struct Import: Sendable, Hashable, Codable {
    /// The imported module (the first component of the path).
    package var module: String
    /// `@testable import`: a test reaching into the module's internals.
    package var isTestable: Bool
    /// `@_exported import`: the module is re-exported to every importer of this one.
    package var isExported: Bool
    /// For a scoped import (`import struct Foo.Bar`), the imported symbol path (`Foo.Bar`).
    package var symbol: String?

    /// Creates an import fact.
    package init(module: String, isTestable: Bool = false, isExported: Bool = false, symbol: String? = nil) {
      self.module = module
      self.isTestable = isTestable
      self.isExported = isExported
      self.symbol = symbol
    }
  }

  /// The lines one type body or extension spans, from its keyword to its closing brace: what a
  /// plan step touches when it changes the type.
  package struct TypeExtent: Sendable, Hashable, Codable {
    /// The declared type's qualified name, or the extended type as written.
    package var name: String
    /// True for an `extension`.
    package var isExtension: Bool
    /// 1-based lines of the keyword and of the closing brace (the file's last line when unclosed).
    package var firstLine: Int
    package var lastLine: Int

    /// Creates an extent.
    package init(name: String, isExtension: Bool, firstLine: Int, lastLine: Int) {
      self.name = name
      self.isExtension = isExtension
      self.firstLine = firstLine
      self.lastLine = lastLine
    }
  }

  /// Types declared in the file, in source order.
  package var declarations: [Declaration]
  /// Extensions in the file, in source order.
  package var extensions: [Extension]
  /// Imports in the file, in source order.
  package var imports: [Import]
  /// The type-like names the file mentions outside strings and comments, sorted and unique:
  /// bare names (`APIClient`) and qualified paths (`Outer.Inner`, `Networking.APIClient`).
  /// Declaration sites are not mentions; extended types and conformances are.
  package var references: [String]
  /// The extents of the file's type bodies and extensions, in source order; only collected when
  /// asked for (`ReferenceCollector.collect(_:extentLines:)`), for files that have findings.
  package var extents: [TypeExtent] = []

  /// Creates the facts of one file.
  package init(
    declarations: [Declaration] = [], extensions: [Extension] = [], imports: [Import] = [], references: [String] = []
  ) {
    self.declarations = declarations
    self.extensions = extensions
    self.imports = imports
    self.references = references
  }
}
