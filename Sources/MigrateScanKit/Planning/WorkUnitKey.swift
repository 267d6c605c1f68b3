import ParallelWork
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
  static func of(_ finding: Finding, treeTypes: TreeTypes?) -> WorkUnitKey {
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
  /// - Parameters:
  ///   - jobs: threads for the findings' keys, each found alone (1: the calling thread only);
  ///     the placement is the same for every value.
  ///   - isTest: whether a module is a test target.
  static func units(
    of findings: [Finding], treeTypes: TreeTypes?, jobs: Int = 1, isTest: (String) -> Bool
  ) -> Placement {
    // Each key depends on its finding alone (its symbol's type part, a table lookup): on a
    // large tree this was most of the serial time between the findings and the plan. Made a run
    // of 4,096 at a time: `ParallelChunks.map` is generic across a module boundary, and an element
    // at a time cost more in copying each key through it (57M instructions) than it saved.
    let run = 4096
    let runs = ParallelChunks.map(count: (findings.count + run - 1) / run, jobs: jobs, minimumChunk: 1) {
      piece -> [WorkUnitKey?] in
      (piece * run..<min(findings.count, piece * run + run)).map { index in
        findings[index].suppression == nil ? WorkUnitKey.of(findings[index], treeTypes: treeTypes) : nil
      }
    }
    let keys = Array(runs.joined())
    var home: [String: String] = [:]
    for index in findings.indices {
      guard let key = keys[index] else { continue }
      let finding = findings[index]
      guard finding.unit == nil, key.kind == .type, let module = finding.module else { continue }
      if let known = home[key.name] {
        // The same module again (most of a type's findings): nothing to weigh.
        if known == module { continue }
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
    // A unit's findings mostly come one after another (report order is by file): the previous
    // pair answers them without hashing a module and a name.
    var previous: (pair: Pair, unit: Int)?
    return findings.indices.map { index in
      guard let key = keys[index] else { return nil }
      let finding = findings[index]
      let module = finding.unit.flatMap { home[$0] } ?? finding.module ?? "(root)"
      let pair = Pair(module: module, key: key)
      if let previous, previous.pair == pair { return (module, key, previous.unit) }
      let unit: Int
      if let known = numbers[pair] {
        unit = known
      } else {
        unit = numbers.count
        numbers[pair] = unit
      }
      previous = (pair, unit)
      return (module, key, unit)
    }
  }

  /// The leading components of `Type.member` that name types (types are capitalised, members
  /// are not): `Feed.Loader.load` → `Feed.Loader`, `load` → nil.
  static func typePart(of symbol: String) -> String? {
    // On the contiguous bytes: stepping `String.Index`es through the UTF-8 view cost more than
    // the rest of grouping a finding.
    var symbol = symbol
    let end = symbol.withUTF8 { bytes -> Int in
      var end = 0
      var atStart = true
      for (offset, byte) in bytes.enumerated() {
        if atStart {
          guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { break }
          atStart = false
        }
        if byte == UInt8(ascii: ".") {
          atStart = true
        } else {
          end = offset + 1
        }
      }
      return end
    }
    guard end > 0 else { return nil }
    // The cut is before a `.` or at the end: a character boundary.
    return String(symbol[..<symbol.utf8.index(symbol.startIndex, offsetBy: end)])
  }
}
