import ScanModel

/// Which files declare each type: the table references are resolved against.
///
/// Built once for the whole project, so resolving a reference is one dictionary lookup (two for
/// a qualified path no nested type matches) and building the graph stays linear in the number of
/// references. Resolution follows Swift's visibility, as far as names alone allow:
/// - a bare name (`State`) means a top-level type: a nested type is visible by its bare name
///   only inside its parent (or an extension or subclass of it), and such code already names the
///   parent, which leads to the right file;
/// - a qualified path (`Feature.State`) means the nested type whose qualified name ends with
///   that path, or, when none does, a top-level type of its last name: the qualifier was a
///   module (`Networking.APIClient`);
/// - a file's mention of a name it declares itself (at any depth) means its own type, never
///   another file's (every reducer's `State` means its own).
///
/// Every key (bare names and dotted paths) is numbered once, here: resolving a reference hashes
/// its text once, where a per-file set of declared names, then the type tables, hashed it two
/// or three times.
package struct DeclarationIndex: Sendable {
  /// The number of each key: every bare name some file declares (top-level or nested), and
  /// every dotted suffix of two components or more of a nested qualified name (`A.B.C` under
  /// `B.C` and `A.B.C`).
  private var keys: [String: Int] = [:]
  /// Per key, the files declaring a top-level type of that name, ascending.
  private var topLevel: [[Int]] = []
  /// Per key, the files declaring a nested type whose qualified name ends with it, ascending
  /// (empty for a key no nested qualified name ends with).
  private var nested: [[Int]] = []
  /// Per file, the keys of the bare names it declares, ascending.
  private var declaredKeys: [[Int]] = []
  private static let dot = UInt8(ascii: ".")

  /// Indexes the declarations of `files` (file ids are positions in the array).
  package init(files: [FileFacts]) {
    declaredKeys.reserveCapacity(files.count)
    for (file, facts) in files.enumerated() {
      var declared: [Int] = []
      for declaration in facts.declarations {
        declared.append(key(declaration.name))
        if declaration.qualifiedName == declaration.name {
          Self.add(file, to: &topLevel[declared[declared.count - 1]])
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
          if dots > 1 { Self.add(file, to: &nested[key(String(name[utf8.index(after: dot)...]))]) }
        }
        Self.add(file, to: &nested[key(name)])
      }
      declared.sort()
      declaredKeys.append(declared)
    }
  }

  /// The number of `text`, numbering it when new.
  private mutating func key(_ text: String) -> Int {
    if let known = keys[text] { return known }
    let number = topLevel.count
    keys[text] = number
    topLevel.append([])
    nested.append([])
    return number
  }

  /// Adds `file` to `list`. Files come in id order, so each list stays sorted; a repeat from the
  /// same file is skipped.
  private static func add(_ file: Int, to list: inout [Int]) {
    if list.last != file { list.append(file) }
  }

  /// The ids of the files that declare what `reference` (a bare name or a qualified path, as
  /// `FileFacts.references` holds them) can mean, ascending; none when file `file` declares
  /// a type of that name itself.
  package func files(resolving reference: String, from file: Int) -> [Int] {
    if let number = keys[reference] {
      // A declared name is a key, so a reference that is not a key is not declared by `file`.
      if Self.contains(declaredKeys[file], number) { return [] }
      if reference.lastIndex(ofUTF8: Self.dot) == nil { return topLevel[number] }
      if !nested[number].isEmpty { return nested[number] }
    }
    guard let dot = reference.lastIndex(ofUTF8: Self.dot) else { return [] }
    guard let number = keys[String(reference[reference.utf8.index(after: dot)...])] else { return [] }
    return topLevel[number]
  }

  /// Whether the ascending `list` holds `number`: files declare few types, so a scan.
  private static func contains(_ list: [Int], _ number: Int) -> Bool {
    for element in list where element >= number { return element == number }
    return false
  }
}
