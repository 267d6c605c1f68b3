import SwiftLexer

/// Reads a `Package.swift` statically, from its tokens: the manifest is never executed.
///
/// Manifests are Swift code, so the scanner follows the common shapes and degrades gracefully
/// on the rest:
/// - `Package(name:platforms:products:dependencies:targets:)` with literal arguments;
/// - lists and names held in constants (`let deps: [Target.Dependency] = [...]`,
///   `let name = "Core"`), lists joined with `+`, and `package.targets.append(...)` /
///   `package.targets += [...]` after the call;
/// - anything else (helper functions, `map`, loops) is skipped with a `ManifestWarning`.
///
/// Hostile input cannot hang or crash it: bracket groups are skipped by their precomputed
/// partners (one jump each), nesting is followed only through a bounded number of constants, and
/// every loop advances. Work is linear in the number of tokens.
package enum PackageManifestScanner {
  /// Reads the manifest whose tokens are `stream`.
  package static func scan(_ stream: TokenStream) -> PackageManifest {
    var reader = ManifestReader(TokenReader(stream))
    return reader.read()
  }
}
