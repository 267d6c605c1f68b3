extension SymbolTable {
  /// What the tree's declarations say about the types of some members: the table a chain
  /// (`self.store.updates`, `viewModel.context`) is resolved through, hop by hop.
  ///
  /// A member's type counts only where every declaration agrees: two types declaring `store`
  /// with different types give `""` for the name, never one of them.
  package struct MemberTypes: Sendable {
    /// The declared type's simple name of each `Owner␟member` (the owner's last path component,
    /// `␟` being U+001F), "" when declarations of it disagree. Members without a written type
    /// are left out.
    package var byOwner: [String: String] = [:]
    /// The same, with the type as written, qualifier included (`Screen.ViewModelType.Context`).
    package var writtenByOwner: [String: String] = [:]
    /// For each member name, the simple type all its typed declarations agree on, "" when two
    /// differ; declarations without a written type are passed over.
    package var byName: [String: String] = [:]
    /// For each member name, the written type every declaration agrees on, "" when one has no
    /// written type or two differ: what a hop no declared type leads to may resolve by.
    package var writtenByName: [String: String] = [:]
    /// Every simple type name the members declare.
    package var types: Set<String> = []

    /// The key of `member` of type `owner` in `byOwner` and `writtenByOwner`.
    package static func key(owner: String, member: String) -> String { owner + "\u{1F}" + member }
  }

  /// The types of the members whose name `wanted` accepts, over every file.
  ///
  /// Each caller asks for the few names its chains read through: indexing every property of
  /// the tree would hash thousands of names no chain reads.
  package func memberTypes(named wanted: (String) -> Bool) -> MemberTypes {
    var table = MemberTypes()
    for file in files.indices {
      for member in files[file].members where wanted(member.name) {
        let written = member.writtenType
        Self.agree(&table.writtenByName, member.name, written)
        guard !member.type.isEmpty else { continue }
        Self.agree(&table.byName, member.name, member.type)
        table.types.insert(member.type)
        let key = MemberTypes.key(owner: member.typePath.afterLast(Self.dot), member: member.name)
        Self.agree(&table.byOwner, key, member.type)
        Self.agree(&table.writtenByOwner, key, written)
      }
    }
    return table
  }

  /// Records `type` for `key`, or "" when `key` already has another.
  private static func agree(_ table: inout [String: String], _ key: String, _ type: String) {
    if let known = table[key] {
      if known != type { table[key] = "" }
    } else {
      table[key] = type
    }
  }
}
