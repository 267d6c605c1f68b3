/// Which files declare each type name: the table references are resolved against.
///
/// Keyed by simple name (`Inner`, not `Outer.Inner`), because that is what a token scanner sees
/// at a use site. Built once for the whole project, so resolving a reference is one dictionary
/// lookup, and building the graph stays linear in the number of references.
package struct DeclarationIndex: Sendable {
  private var declaringFiles: [String: [Int]] = [:]

  /// Indexes the declarations of `files` (file ids are positions in the array).
  package init(files: [FileFacts]) {
    for (file, facts) in files.enumerated() {
      for declaration in facts.declarations {
        // Files come in id order, so each list is sorted; skip a repeat from the same file.
        if declaringFiles[declaration.name]?.last == file { continue }
        declaringFiles[declaration.name, default: []].append(file)
      }
    }
  }

  /// The ids of the files that declare a type named `name`, ascending.
  package func files(declaring name: String) -> [Int] {
    declaringFiles[name] ?? []
  }
}
