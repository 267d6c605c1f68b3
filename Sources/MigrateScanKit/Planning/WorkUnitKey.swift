import ScanModel

/// What a finding's step is about: a type, a bridge helper, or the top-level code of a file.
struct WorkUnitKey: Hashable, Sendable {
  var kind: StepKind
  /// The type's qualified name, the helper's symbol (`Publisher.firstValue`) or the file's path.
  var name: String

  /// The unit a finding belongs to: `finding.unit` when set (a view's `@StateObject` of a view
  /// model belongs to the model), else the type part of its symbol. Extensions count as the type
  /// they extend; a member of an extension of a type the tree does not declare (`extension
  /// Publisher { var firstValue … }`), and any bridge helper, is a unit of its own.
  ///
  /// - Parameter treeTypes: the top-level type names the tree declares; nil when unknown (then
  ///   every type counts as the tree's).
  static func of(_ finding: Finding, treeTypes: Set<String>?) -> WorkUnitKey {
    if let unit = finding.unit { return WorkUnitKey(kind: .type, name: unit) }
    guard let symbol = finding.symbol, let type = typePart(of: symbol) else {
      return WorkUnitKey(kind: .file, name: finding.file)
    }
    let root = type.utf8.firstIndex(of: UInt8(ascii: ".")).map { String(type[..<$0]) } ?? type
    if finding.category == .bridgeHelper || treeTypes.map({ !$0.contains(root) }) == true {
      return WorkUnitKey(kind: .bridge, name: symbol)
    }
    return WorkUnitKey(kind: .type, name: type)
  }

  /// The leading components of `Type.member` that name types (types are capitalised, members
  /// are not): `Feed.Loader.load` → `Feed.Loader`, `load` → nil.
  static func typePart(of symbol: String) -> String? {
    var end = symbol.startIndex
    var index = symbol.startIndex
    var atStart = true
    for byte in symbol.utf8 {
      if atStart {
        guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { break }
        atStart = false
      }
      let next = symbol.utf8.index(after: index)
      if byte == UInt8(ascii: ".") {
        atStart = true
      } else {
        end = next
      }
      index = next
    }
    return end == symbol.startIndex ? nil : String(symbol[..<end])
  }
}
