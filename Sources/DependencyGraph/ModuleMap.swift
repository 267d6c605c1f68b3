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
    package var module: String

    package init(prefix: String, module: String) {
      self.prefix = prefix
      self.module = module
    }
  }

  package var entries: [Entry]

  package init(_ entries: [Entry] = []) {
    self.entries = entries
  }

  /// True when the map assigns nothing.
  package var isEmpty: Bool { entries.isEmpty }
}
