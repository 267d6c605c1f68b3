import ScanModel

/// What a finding's step is about: a type, a bridge helper, or the top-level code of a file.
struct WorkUnitKey: Hashable, Sendable {
  /// Per finding, its unit, the module whose step holds it, and the number of that (module,
  /// unit) pair: 0, 1, … in order of each pair's first finding (`units(of:treeTypes:isTest:)`).
  /// The number lets the rule and the planner group by an integer, not by hashing a module and
  /// a file path per finding, twice each.
  typealias Placement = [(module: String, key: WorkUnitKey, unit: Int)?]

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
    let root = type.firstIndex(ofUTF8: UInt8(ascii: ".")).map { String(type[..<$0]) } ?? type
    if finding.category == .bridgeHelper || treeTypes.map({ !$0.contains(root) }) == true {
      return WorkUnitKey(kind: .bridge, name: symbol)
    }
    return WorkUnitKey(kind: .type, name: type)
  }

  /// Each unsuppressed finding's unit and the module whose step holds it (nil for a suppressed
  /// one): the one grouping both the leave-alone rule and the planner use, so a unit the rule
  /// leaves alone is exactly one step. A finding that belongs to a type from elsewhere (a view's
  /// `@StateObject` of a model) goes to the type's home: the module that declares it, one that
  /// is no test first, then the smallest name.
  ///
  /// - Parameter isTest: whether a module is a test target.
  static func units(of findings: [Finding], treeTypes: Set<String>?, isTest: (String) -> Bool) -> Placement {
    var keys = [WorkUnitKey?](repeating: nil, count: findings.count)
    var home: [String: String] = [:]
    for index in findings.indices where findings[index].suppression == nil {
      let finding = findings[index]
      let key = WorkUnitKey.of(finding, treeTypes: treeTypes)
      keys[index] = key
      guard finding.unit == nil, key.kind == .type, let module = finding.module else { continue }
      if let known = home[key.name] {
        let (test, knownTest) = (isTest(module), isTest(known))
        if test != knownTest ? test : !UTF8Order.precedes(module, known) { continue }
      }
      home[key.name] = module
    }
    struct Pair: Hashable {
      var module: String
      var key: WorkUnitKey
    }
    var numbers: [Pair: Int] = [:]
    return findings.indices.map { index in
      guard let key = keys[index] else { return nil }
      let finding = findings[index]
      let module = finding.unit.flatMap { home[$0] } ?? finding.module ?? "(root)"
      let pair = Pair(module: module, key: key)
      if let unit = numbers[pair] { return (module, key, unit) }
      numbers[pair] = numbers.count
      return (module, key, numbers.count - 1)
    }
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
