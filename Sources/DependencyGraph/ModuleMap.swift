/// An explicit assignment of folders to modules, from the user's configuration.
///
/// For projects without a manifest (Xcode projects) the default module of a file is its
/// top-level folder; a module map says otherwise (`Sources/Shared` → `Core`). Entries win over
/// every other rule, manifest targets included, because the user said so. The longest matching
/// prefix wins; several prefixes may name one module.
package struct ModuleMap: Sendable, Hashable {
  /// One folder → module assignment.
  package struct Entry: Sendable, Hashable {
    /// A folder relative to the scanned root, `/`-separated, with or without a trailing `/`.
    package var prefix: String
    /// The module the files below `prefix` belong to.
    package var module: String

    /// Assigns the files below `prefix` to `module`.
    package init(prefix: String, module: String) {
      self.prefix = prefix
      self.module = module
    }
  }

  /// The assignments, in any order (the longest prefix wins).
  package var entries: [Entry]

  /// Creates a map from `entries`.
  package init(_ entries: [Entry] = []) {
    self.entries = entries
  }

  /// Creates a map from the configuration file's `"modules"` table (folder prefix → module name).
  /// Entries are sorted, so the table's dictionary order never matters.
  package init(prefixes: [String: String]) {
    self.entries = prefixes.map { Entry(prefix: $0.key, module: $0.value) }.sorted {
      ($0.prefix, $0.module) < ($1.prefix, $1.module)
    }
  }

  /// True when the map assigns nothing.
  package var isEmpty: Bool { entries.isEmpty }
}
