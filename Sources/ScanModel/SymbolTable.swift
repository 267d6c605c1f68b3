/// The tree's declarations, one table for every question that reaches across files: which files
/// declare the type a reference names (the dependency graph's edges), which modules declare a
/// name (whether a `Future` is Combine's), and how a member is typed (the model or subject a
/// chain like `self.store.updates` reaches).
///
/// Built once per scan, in the tree pass, from each file's facts: the graph's reference collector
/// gives the types, the classifier's facts the members. The graph and the classifier each read it
/// through their own questions, so a type or member is indexed once for both.
///
/// Type resolution follows Swift's visibility, as far as names alone allow:
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
/// its text once.
package struct SymbolTable: Sendable {
  /// A type a file declares (class, struct, enum, protocol, actor or typealias).
  package struct TypeSymbol: Sendable, Hashable, Codable {
    /// The name qualified by its enclosing types and extensions (`Outer.Inner`).
    package var qualifiedName: String
    /// The last component of the qualified name: what other files write to name the type.
    package var name: String

    /// Creates a type symbol.
    package init(qualifiedName: String, name: String) {
      self.qualifiedName = qualifiedName
      self.name = name
    }
  }

  /// A stored or computed property declared in a type body, with its type when written
  /// (`let manager: Manager`, `static let shared = Events()`).
  package struct MemberSymbol: Sendable, Hashable {
    /// The declaring type path.
    package var typePath: String
    /// The property name.
    package var name: String
    /// The simple name of its declared type, "" when the file does not say.
    package var type: String
    /// The qualifier of a dotted declared type (`Screen.ViewModelType` for `: Screen.ViewModelType.
    /// Context`), else "": with `type`, the written path a view use site resolves.
    package var typeQualifier = ""

    /// Creates a member symbol.
    package init(typePath: String, name: String, type: String, typeQualifier: String = "") {
      self.typePath = typePath
      self.name = name
      self.type = type
      self.typeQualifier = typeQualifier
    }

    /// The declared type as written, qualifier included (`Screen.ViewModelType.Context`).
    package var writtenType: String {
      type.isEmpty || typeQualifier.isEmpty ? type : typeQualifier + "." + type
    }
  }

  /// What one file declares.
  package struct File: Sendable {
    /// The file's path, relative to the scanned root.
    package var path: String
    /// The file's module, "" when it has none.
    package var module: String
    /// Its types, in source order.
    package var types: [TypeSymbol]
    /// Its properties, in source order.
    package var members: [MemberSymbol]

    /// Creates a file's entry.
    package init(path: String, module: String = "", types: [TypeSymbol] = [], members: [MemberSymbol] = []) {
      self.path = path
      self.module = module
      self.types = types
      self.members = members
    }
  }

  /// The files, in the order their ids number them.
  package let files: [File]
  /// The number of each key: every bare name some file declares (top-level or nested), and
  /// every dotted suffix of two components or more of a nested qualified name (`A.B.C` under
  /// `B.C` and `A.B.C`).
  private var keys: [String: Int] = [:]
  /// Per key, the files declaring a top-level type of that name, ascending.
  private var topLevel: [[Int]] = []
  /// Per key, the files declaring a nested type whose qualified name ends with it, ascending
  /// (empty for a key no nested qualified name ends with).
  private var nested: [[Int]] = []
  /// Per key, the files declaring a type of that bare name at any depth, ascending.
  private var declaring: [[Int]] = []
  /// Per file, the keys of the bare names it declares, ascending.
  private var declaredKeys: [[Int]] = []
  static let dot = UInt8(ascii: ".")

  /// Indexes the declarations of `files` (file ids are positions in the array).
  package init(files: [File]) {
    self.files = files
    declaredKeys.reserveCapacity(files.count)
    // Most declarations are top-level names of their own: sized once rather than regrown.
    let declarations = files.reduce(0) { $0 + $1.types.count }
    keys.reserveCapacity(declarations)
    topLevel.reserveCapacity(declarations)
    nested.reserveCapacity(declarations)
    declaring.reserveCapacity(declarations)
    for (file, entry) in files.enumerated() {
      var declared: [Int] = []
      for declaration in entry.types {
        let number = key(declaration.name)
        declared.append(number)
        Self.add(file, to: &declaring[number])
        if declaration.qualifiedName == declaration.name {
          Self.add(file, to: &topLevel[number])
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
    declaring.append([])
    return number
  }

  /// Adds `file` to `list`. Files come in id order, so each list stays sorted; a repeat from the
  /// same file is skipped.
  private static func add(_ file: Int, to list: inout [Int]) {
    if list.last != file { list.append(file) }
  }

  /// The ids of the files that declare what `reference` (a bare name or a qualified path) can
  /// mean, ascending; none when file `file` declares a type of that name itself.
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

  /// The ids of the files declaring a type named `name` at any depth (`Cache.Future` counts for
  /// `Future`), ascending.
  package func files(declaring name: String) -> [Int] {
    guard let number = keys[name] else { return [] }
    return declaring[number]
  }

  /// Whether some file declares a type named `name`, at any depth.
  package func declares(_ name: String) -> Bool {
    guard let number = keys[name] else { return false }
    return !declaring[number].isEmpty
  }

  /// Whether some file declares a top-level type named `name` (a nested `Cache.Future` is not
  /// `Future`).
  package func declaresTopLevel(_ name: String) -> Bool {
    guard let number = keys[name] else { return false }
    return !topLevel[number].isEmpty
  }

  /// Whether the ascending `list` holds `number`: files declare few types, so a scan.
  private static func contains(_ list: [Int], _ number: Int) -> Bool {
    for element in list where element >= number { return element == number }
    return false
  }
}
