import DependencyGraph
import ScanModel

/// The "complex, working, untested" judgment, made per unit of work: a type (or a file's
/// top-level code) that is large, holds Combine operators worth keeping, is referenced by no
/// test and has not changed for a long time is left alone: rewrite it when it must change anyway.
///
/// A unit is the plan's: `WorkUnitKey.units` (a type, nested types each their own, a bridge
/// helper, or a file's top-level code, in its home module), so a unit left alone is exactly one
/// step of the Leave-alone section. Every finding of a unit
/// the rule leaves alone gets the same reason as its last `reasons` entry (the plan copies it to
/// `PlanStep.leaveAloneReason`). Only `migrate` findings move; kept, fix-now and gated ones stay.
///
/// Example: `SyncEngine`, 620 lines in two files, `combineLatest`, `debounce` and `share` in its
/// pipelines, no test file naming it, last changed 20 months before the newest commit: left
/// alone. The same type edited last month is migrated, as is one a test names.
package struct LeaveAloneRule: Sendable, Equatable {
  /// Lines of the unit's files at least (the files that declare or extend its type).
  package var lines = 400
  /// Operators of its kept pipelines at least (`debounce`, `combineLatest`, …; each pipeline's
  /// distinct operators, summed).
  package var operators = 3
  /// Months without a change at least (when the history is available). 0: history never matters.
  package var unchangedMonths = 12

  package init() {}

  /// One source file, as the rule sees it.
  package struct File: Sendable {
    package var path: String
    package var module: String
    package var lines: Int
    /// Top-level types the file declares or extends (first component of the name).
    package var types: [String]
    /// Type-like names the file mentions (first component), read for test files only.
    package var references: [String]

    package init(path: String, module: String, lines: Int, types: [String], references: [String]) {
      self.path = path
      self.module = module
      self.lines = lines
      self.types = types
      self.references = references
    }

    /// The file's facts as the graph's reference collector gave them; `references` only for a
    /// file of a test module (`isTest`), the only ones the rule reads them from.
    package init(path: String, module: String, lines: Int, facts: FileFacts, isTest: Bool) {
      var types: [String] = []
      for declaration in facts.declarations where declaration.qualifiedName == declaration.name {
        if !types.contains(declaration.name) { types.append(declaration.name) }
      }
      for ext in facts.extensions {
        let name = LeaveAloneRule.typePart(ext.extendedType)
        if !types.contains(name) { types.append(name) }
      }
      self.init(
        path: path, module: module, lines: lines, types: types,
        references: isTest ? facts.references.map(LeaveAloneRule.typePart) : [])
    }
  }

  /// `Outer.Inner.member` → `Outer`.
  static func typePart(_ name: String) -> String {
    name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
  }

  /// Marks the `migrate` findings of every unit the rule leaves alone, with its reason last.
  ///
  /// - Parameters:
  ///   - treeTypes: the top-level type names the tree declares, as the planner is given them (a
  ///     member of an extension of another type is a bridge unit of its own); nil: all count.
  ///   - history: the tree's git history; `.unavailable` makes the rule judge on size,
  ///     operators and tests, and say so.
  ///   - placed: the findings' units when the caller has grouped them already (with the same
  ///     tree types and test modules); else grouped here.
  ///
  /// - Returns: the units it judged (`WorkUnitKey.units`), which the plan's steps are: planning
  ///   the same findings after this needs no second grouping.
  @discardableResult
  package func apply(
    to findings: inout [Finding], modules: [ModuleInfo], files: [File], treeTypes: TreeTypes? = nil,
    history: GitHistory.Reading, placed: PlanUnits? = nil
  ) -> PlanUnits {
    let testModules = Set(modules.filter(\.isTest).map(\.name))
    // Built when a unit first holds enough kept operators: most trees have none, and hashing
    // every type of every file was most of the rule's time on a tree of 13,000 files.
    var tables: FileTables?
    func fileTables() -> FileTables {
      if let tables { return tables }
      var built = FileTables()
      for (index, file) in files.enumerated() {
        built.fileIndex[file.path] = index
        if testModules.contains(file.module) {
          built.testReferences.formUnion(file.references)
        } else {
          for type in file.types { built.filesOfType[file.module + "\u{1F}" + type, default: []].append(index) }
        }
      }
      tables = built
      return built
    }
    // Units in order of their first finding (their numbers), so the work (and any future
    // output) never follows dictionary order.
    let placed = placed?.placement ?? WorkUnitKey.units(of: findings, treeTypes: treeTypes) { testModules.contains($0) }
    var units: [[Int]] = []
    var inTests: [Bool] = []
    for index in findings.indices {
      guard let place = placed[index] else { continue }
      if place.unit == units.count {
        units.append([])
        inTests.append(testModules.contains(place.module))
      }
      if !inTests[place.unit] { units[place.unit].append(index) }
    }
    for members in units {
      guard let firstMember = members.first, let place = placed[firstMember],
        members.contains(where: { findings[$0].disposition == .migrate })
      else {
        continue
      }
      let unit = (module: place.module, key: place.key)
      let kept = LeaveAloneRule.keptOperators(findings, members)
      guard kept.count >= operators else { continue }
      let (testReferences, filesOfType, fileIndex) = {
        let tables = fileTables()
        return (tables.testReferences, tables.filesOfType, tables.fileIndex)
      }()
      let first = findings[members[0]]
      let module = unit.module
      // A type's files are those that declare or extend its outermost type; a bridge's or a
      // file's, those that hold its findings.
      let type = unit.key.kind == .type ? unit.key.name : nil
      var unitFiles: [Int] = type.flatMap { filesOfType[module + "\u{1F}" + LeaveAloneRule.typePart($0)] } ?? []
      // A view's `@StateObject` of the model belongs to the model's step (`finding.unit`), but
      // the view's file is not the model's code: its lines are not the model's size, and its
      // changes are not the model's history (a 93-line model was "≥ 400 lines (540)").
      for index in members where findings[index].unit == nil {
        if let file = fileIndex[findings[index].file], !unitFiles.contains(file) { unitFiles.append(file) }
      }
      let facts = UnitFacts(
        type: type, file: first.file, lines: unitFiles.reduce(0) { $0 + files[$1].lines },
        operators: kept,
        tested: type.map { testReferences.contains(LeaveAloneRule.typePart($0)) }
          ?? (fileIndex[first.file].map { files[$0].types.contains(where: testReferences.contains) } ?? false),
        paths: unitFiles.map { files[$0].path })
      guard let reason = judge(facts, history: history) else { continue }
      for index in members where findings[index].disposition == .migrate {
        findings[index].disposition = .leaveAlone
        findings[index].phase = nil
        findings[index].reasons.append(reason)
      }
    }
    return PlanUnits(placement: placed)
  }

  /// The tree's files by path and by the types they declare, and what test modules reference.
  struct FileTables {
    var testReferences: Set<String> = []
    /// `module` + U+001F + type name → the files declaring or extending it.
    var filesOfType: [String: [Int]] = [:]
    var fileIndex: [String: Int] = [:]
  }

  /// What the rule knows of one unit.
  struct UnitFacts {
    var type: String?
    var file: String
    var lines: Int
    var operators: (count: Int, names: [String])
    var tested: Bool
    var paths: [String]
  }

  /// The reason the unit is left alone, or nil when it is not.
  func judge(_ facts: UnitFacts, history: GitHistory.Reading) -> String? {
    guard facts.lines >= lines, facts.operators.count >= operators, !facts.tested else { return nil }
    let names = facts.operators.names.prefix(4).map { "`\($0)`" }.joined(separator: ", ")
    let more = facts.operators.names.count > 4 ? ", …" : ""
    let subject = facts.type.map { "`\($0)`" } ?? "the types of `\(facts.file)`"
    var reason =
      "leave-alone rule: ≥ \(lines) lines (\(facts.lines)), ≥ \(operators) operators (\(facts.operators.count): "
      + "\(names)\(more)), no test references \(subject)"
    switch history {
    case .unavailable(let why):
      reason += "; git history unavailable (\(why)), so how long it has been unchanged is unknown"
    case .available(let history):
      guard let change = LeaveAloneRule.lastChange(of: facts.paths, in: history) else { return nil }
      let months = LeaveAloneRule.months(from: change.date, to: history.newest)
      guard months >= unchangedMonths else { return nil }
      let horizon = history.truncated ? "the last \(history.commitCount) commits" : "the whole history"
      if change.commits == 0 {
        reason +=
          ", unchanged for ≥ \(unchangedMonths) months (no change in \(horizon), back to "
          + "\(LeaveAloneRule.day(history.oldest)))"
      } else {
        reason +=
          ", unchanged for \(months) months ≥ \(unchangedMonths) (last change \(LeaveAloneRule.day(change.date)), "
          + "\(change.commits) commit\(change.commits == 1 ? "" : "s") in \(horizon), back to "
          + "\(LeaveAloneRule.day(history.oldest)))"
      }
    }
    return reason + ": rewrite it when you next need to change it"
  }

  /// The newest change of any of `paths` and how many commits changed them; nil when one of
  /// them is not in a complete history (a file never committed is being written now). A file
  /// beyond a cut history changed before its oldest commit.
  static func lastChange(of paths: [String], in history: GitHistory) -> (date: Int64, commits: Int)? {
    var date = Int64.min
    var commits: Set<Int32> = []
    for path in paths {
      guard let file = history.files[path] else {
        guard history.truncated else { return nil }
        date = max(date, history.oldest)
        continue
      }
      date = max(date, file.lastChange)
      commits.formUnion(file.commits)
    }
    return date == Int64.min ? nil : (date, commits.count)
  }

  /// Each kept pipeline's operators (from its `keeps: a, b` reason), summed, and their names:
  /// of `findings` at `members`.
  static func keptOperators(_ findings: [Finding], _ members: [Int]) -> (count: Int, names: [String]) {
    var count = 0
    var names: [String] = []
    let prefix = "keeps: "
    for index in members where findings[index].disposition == .keep && findings[index].category == .operatorPipeline {
      guard let kept = findings[index].reasons.first(where: { $0.hasPrefix(prefix) }) else { continue }
      // On the bytes: `trimmingPrefix` (string processing) cost thousands of instructions a name.
      let utf8 = kept.utf8
      var start = utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)
      // `a, b`: the names between commas (none for an empty piece), each without one leading space.
      while start < utf8.endIndex {
        let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
        if start < end {
          let nameStart = utf8[start] == UInt8(ascii: " ") ? utf8.index(after: start) : start
          let name = String(kept[nameStart..<end])
          count += 1
          if !names.contains(name) { names.append(name) }
        }
        start = end == utf8.endIndex ? end : utf8.index(after: end)
      }
    }
    return (count, names.sorted())
  }

  /// Whole months (of 365/12 days) from `start` to `end`, in seconds since 1970.
  static func months(from start: Int64, to end: Int64) -> Int {
    guard end > start else { return 0 }
    return Int((end - start) / 86_400 * 12 / 365)
  }

  /// `2024-03-02`, the UTC day of `seconds` since 1970 (Howard Hinnant's civil-from-days).
  static func day(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(dayOfMonth))"
  }
}
