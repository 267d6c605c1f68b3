import ScanModel

/// Which files declare each type: the table references are resolved against.
///
/// Built once for the whole project, so resolving a reference is one or two dictionary lookups
/// and building the graph stays linear in the number of references. Resolution follows Swift's
/// visibility, as far as names alone allow:
/// - a bare name (`State`) means a top-level type: a nested type is visible by its bare name
///   only inside its parent (or an extension or subclass of it), and such code already names the
///   parent, which leads to the right file;
/// - a qualified path (`Feature.State`) means the nested type whose qualified name ends with
///   that path, or, when none does, a top-level type of its last name: the qualifier was a
///   module (`Networking.APIClient`).
package struct DeclarationIndex: Sendable {
  private var topLevel: [String: [Int]] = [:]
  /// Nested declarations, under every dotted suffix of two components or more of their
  /// qualified name (`A.B.C` under `B.C` and `A.B.C`).
  private var nested: [String: [Int]] = [:]
  private static let dot = UInt8(ascii: ".")

  /// Indexes the declarations of `files` (file ids are positions in the array).
  package init(files: [FileFacts]) {
    for (file, facts) in files.enumerated() {
      for declaration in facts.declarations {
        if declaration.qualifiedName == declaration.name {
          Self.add(file, to: &topLevel, key: declaration.name)
          continue
        }
        let name = declaration.qualifiedName
        let utf8 = name.utf8
        var suffixStart: String.Index? = nil
        var dots = 0
        // Walk the dots from the right: each one starts a longer suffix; the first holds one
        // component only, which `topLevel` and the bare-name rule cover.
        while let dot = name.lastIndex(ofUTF8: Self.dot, before: suffixStart) {
          suffixStart = dot
          dots += 1
          if dots > 1 { Self.add(file, to: &nested, key: String(name[utf8.index(after: dot)...])) }
        }
        Self.add(file, to: &nested, key: name)
      }
    }
  }

  /// Adds `file` to the list under `key`. Files come in id order, so each list stays sorted; a
  /// repeat from the same file is skipped.
  private static func add(_ file: Int, to table: inout [String: [Int]], key: String) {
    if table[key]?.last == file { return }
    table[key, default: []].append(file)
  }

  /// The ids of the files that declare what `reference` (a bare name or a qualified path, as
  /// `FileFacts.references` holds them) can mean, ascending.
  package func files(resolving reference: String) -> [Int] {
    guard let dot = reference.lastIndex(ofUTF8: Self.dot) else { return topLevel[reference] ?? [] }
    if let files = nested[reference] { return files }
    return topLevel[String(reference[reference.utf8.index(after: dot)...])] ?? []
  }
}
