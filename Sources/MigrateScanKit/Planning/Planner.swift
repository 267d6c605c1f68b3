import ParallelWork
import ScanModel

/// One build of the plan: findings grouped into units of work, ordered, blocked and named.
///
/// - Units: each finding goes to the step of its unit (`WorkUnitKey`) in its section; sections
///   that are no work (keep, the deployment gate) stay one step per module.
/// - Order: modules by wave (a test module right after the module it tests); inside a module by
///   folder and by the types each unit uses (`UnitOrder`); the module's switch to complete
///   strict concurrency last.
/// - Blockers, in words and as step ids: the units a unit uses, the pipelines elsewhere that
///   read its `$property`s, and the modules it depends on having done theirs.
///
/// A class: its sorts and maps close over it, and each closure over a struct copied all of its
/// tables (a fifth of the plan's time on a tree of 15,000 steps). Unchecked `Sendable`: the
/// sections' drafts are built and sorted on several threads (`jobs`), which only read it; every
/// write happens on the calling thread between those maps.
final class Planner: @unchecked Sendable {
  /// A step being built, with what ordering and naming need.
  struct Draft: Sendable {
    var step: PlanStep
    var section: PlanSectionID
    /// nil for module and strict-concurrency steps.
    var key: WorkUnitKey?
    /// The step's findings, in report order.
    var indices: [Int]
    var order = (wave: 0, host: 0, test: 0, module: 0, folder: 0, level: 0)
  }

  /// A pipeline reading a `$property`: "`$query` feeds a pipeline at Search.swift:40".
  struct Feed {
    var property: String
    /// `path:line`, as the classifier wrote it.
    var location: String
    var path: String
    var line: Int
    /// The pipeline's finding, when the tree reports one there.
    var feeder: Int?
  }

  /// Where a unit is: for "after `SearchPipeline` (Search.swift:40)".
  struct Place {
    var file: String
    var line: Int
  }

  let builder: PlanBuilder
  let findings: [Finding]
  let modules: [String: ModuleInfo]
  let moduleList: [ModuleInfo]
  let sources: [String: PlanSourceFile]
  let treeTypes: TreeTypes?
  /// Threads for the per-section work (1: the calling thread only); the plan is the same.
  let jobs: Int
  /// The findings' units when the leave-alone rule grouped them already.
  private let units: WorkUnitKey.Placement?
  /// Each unsuppressed finding's unit.
  var keys: [WorkUnitKey?]
  /// Per module, the order of its units.
  var orders: [String: UnitOrder] = [:]
  /// Per module and unit name: where the unit is declared.
  var places: [String: [String: Place]] = [:]
  /// Per `@Published`/`ObservableObject` finding, the pipelines reading its `$property`s.
  var feeds: [Int: [Feed]] = [:]
  private var folders: [String: [String: String]] = [:]
  /// Every module name's rank in name order.
  private let moduleRanks: [String: Int]
  /// Each finding's place in report order (the identity when `findings` is in report order, as
  /// the scanner gives them): steps sort their findings by it without comparing findings.
  private let reportRank: [Int]

  init(
    builder: PlanBuilder, findings: [Finding], modules: [ModuleInfo], sources: [String: PlanSourceFile],
    treeTypes: TreeTypes?, jobs: Int = 1, units: WorkUnitKey.Placement? = nil
  ) {
    // Units of other findings would misplace every step: those are grouped again.
    self.units = units?.count == findings.count ? units : nil
    self.builder = builder
    self.jobs = jobs
    self.findings = findings
    self.moduleList = modules
    self.modules = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.sources = sources
    self.treeTypes = treeTypes
    self.keys = [WorkUnitKey?](repeating: nil, count: findings.count)
    var ranks: [String: Int] = [:]
    for (rank, name) in Set(modules.map(\.name) + ["(root)"]).sorted().enumerated() { ranks[name] = rank }
    self.moduleRanks = ranks
    var inOrder = true
    for index in findings.indices.dropFirst() where Finding.reportOrder(findings[index], findings[index - 1]) {
      inOrder = false
      break
    }
    if inOrder {
      self.reportRank = Array(findings.indices)
    } else {
      var rank = [Int](repeating: 0, count: findings.count)
      for (position, index) in findings.indices.sorted(by: { Finding.reportOrder(findings[$0], findings[$1]) })
        .enumerated()
      {
        rank[index] = position
      }
      self.reportRank = rank
    }
  }

  static func section(of finding: Finding) -> PlanSectionID {
    switch finding.disposition {
    case .fixNow: return .fixNow
    case .blockedByDeploymentTarget: return .deploymentGate
    case .keep: return .keep
    case .leaveAlone: return .leaveAlone
    case .migrate:
      switch finding.phase {
      case .prepare: return .prepare
      case .oneShot: return .oneShot
      case .viewModels: return .viewModels
      case .cleanup: return .cleanup
      case nil: return .oneShot
      }
    }
  }

  func phases() -> [PlanPhase] {
    // Indices, not copies: a `Finding` is some 200 bytes, and grouping copies of every finding
    // made the plan the peak of a scan's memory.
    var bySection: [PlanSectionID: [Int]] = [:]
    // The same units as the leave-alone rule's: a unit it leaves alone is one step.
    let units =
      self.units
      ?? WorkUnitKey.units(of: findings, treeTypes: treeTypes, jobs: jobs) { [modules] in modules[$0]?.isTest ?? false }
    for index in findings.indices {
      guard let unit = units[index] else { continue }
      bySection[Planner.section(of: findings[index]), default: []].append(index)
      keys[index] = unit.key
    }
    let sections = PlanSectionID.allCases
    // The feeds read the findings alone: found on a thread of their own while the drafts are
    // made (they were a serial 20 ms of a million-line tree's plan).
    let sectionsFound = bySection
    let (madeDrafts, resolvedFeeds) = ParallelChunks.both(
      jobs: jobs,
      { [self] in
        var drafts: [PlanSectionID: [Draft]] = [:]
        for section in sections {
          let selected = sectionsFound[section] ?? []
          drafts[section] =
            PlanBuilder.isWork(section)
            ? unitDrafts(selected, in: section, units: units) : moduleDrafts(selected, in: section)
        }
        return drafts
      },
      { [self] in resolveFeeds() })
    var drafts = madeDrafts
    feeds = resolvedFeeds
    orderUnits(drafts)
    let strict = strictSections(drafts)
    for module in moduleList where strict[module.name] != nil {
      drafts[strict[module.name]!, default: []].append(strictDraft(module, in: strict[module.name]!))
    }
    // Each section's order depends on that section alone: one thread each.
    let unsorted = drafts
    let ordered = ParallelChunks.map(count: sections.count, jobs: jobs, minimumChunk: 1) { [self] in
      sorted(unsorted[sections[$0]] ?? [])
    }
    for (section, list) in zip(sections, ordered) { drafts[section] = list }
    addBlockers(&drafts, strict: strict)
    let phases = PlanSectionID.allCases.map { section in
      PlanPhase(id: section, title: PlanBuilder.title(of: section), steps: (drafts[section] ?? []).map(\.step))
    }
    // The drafts' tables (each step's finding indices) are freed elsewhere, or at exit.
    LargeValues.drop(consume drafts)
    return phases
  }

  // MARK: - Grouping

  /// One step per unit of each module.
  private func unitDrafts(_ selected: [Int], in section: PlanSectionID, units: WorkUnitKey.Placement) -> [Draft] {
    // By the units' numbers: grouping by module and key hashed a module and a path per finding.
    var position: [Int: Int] = [:]
    var groups: [(place: (module: String, key: WorkUnitKey, unit: Int), indices: [Int])] = []
    for index in selected {
      guard let place = units[index] else { continue }
      if let at = position[place.unit] {
        groups[at].indices.append(index)
      } else {
        position[place.unit] = groups.count
        groups.append((place, [index]))
      }
    }
    // The order is the findings' for now: `sorted` puts the steps in plan order.
    return ParallelChunks.map(count: groups.count, jobs: jobs, minimumChunk: 256) { [self, groups] in
      draft(module: groups[$0].place.module, key: groups[$0].place.key, indices: groups[$0].indices, in: section)
    }
  }

  /// One step per module: the sections that are no work.
  private func moduleDrafts(_ selected: [Int], in section: PlanSectionID) -> [Draft] {
    var groups: [String: [Int]] = [:]
    for index in selected { groups[findings[index].module ?? "(root)", default: []].append(index) }
    // A module's findings are thousands here (its kept API, its gated models): one per thread.
    let byModule = Array(groups)
    return ParallelChunks.map(count: byModule.count, jobs: jobs, minimumChunk: 1) { [self, byModule] in
      draft(module: byModule[$0].key, key: nil, indices: byModule[$0].value, in: section)
    }
  }

  private func draft(module: String, key: WorkUnitKey?, indices: [Int], in section: PlanSectionID) -> Draft {
    // Grouped in index order, which is report order when the findings are (the scanner's are):
    // then there is nothing to sort.
    let ordered =
      zip(indices, indices.dropFirst()).allSatisfy { reportRank[$0] < reportRank[$1] }
      ? indices : indices.sorted { reportRank[$0] < reportRank[$1] }
    // Report order is by file (`UTF8Order`) first: the files, each once, come out sorted.
    var files: [String] = []
    for index in ordered where files.last != findings[index].file { files.append(findings[index].file) }
    var step = PlanStep(
      wave: modules[module]?.wave ?? 0, module: module, files: files,
      findings: ordered.map { findings[$0].fingerprint },
      size: StepSize(findings: ordered.count, lines: lines(of: ordered, key: key, in: section)), blockedBy: [])
    if var key {
      // A type with subjects and nothing that makes it a view model is the subject's step.
      var subjects = false
      var model = false
      for index in ordered {
        switch findings[index].category {
        case .subject: subjects = true
        case .observableObject, .publishedProperty: model = true
        default: break
        }
      }
      if key.kind == .type && subjects && !model { key.kind = .subject }
      step.kind = key.kind
      step.unit = key.name
      step.id = Planner.joined(section.rawValue, module, key.kind.rawValue, key.name)
      if section == .leaveAlone, let first = ordered.first {
        // The per-unit rule's reason is the last of each of its findings' reasons.
        step.leaveAloneReason = findings[first].reasons.last
      }
      return Draft(step: step, section: section, key: key, indices: ordered)
    }
    step.id = "\(section.rawValue)/\(module)"
    step.folder = modules[module]?.path ?? ""
    if section == .deploymentGate { step.blockedBy = [PlanBuilder.gateText(ordered.map { findings[$0] })] }
    return Draft(step: step, section: section, key: nil, indices: ordered)
  }

  /// `a/b/c/d`, its bytes copied into one buffer: an interpolation grew its string at each
  /// piece, per step.
  static func joined(_ first: String, _ second: String, _ third: String, _ fourth: String) -> String {
    var parts = (first, second, third, fourth)
    let total = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + 3
    return String(unsafeUninitializedCapacity: total) { buffer in
      var at = 0
      func copy(_ part: inout String) {
        part.withUTF8 { bytes in
          for byte in bytes {
            buffer[at] = byte
            at += 1
          }
        }
      }
      copy(&parts.0)
      buffer[at] = UInt8(ascii: "/")
      at += 1
      copy(&parts.1)
      buffer[at] = UInt8(ascii: "/")
      at += 1
      copy(&parts.2)
      buffer[at] = UInt8(ascii: "/")
      at += 1
      copy(&parts.3)
      return at
    }
  }

  /// The lines a step touches: for a type, the extents of its declaration and extensions that
  /// hold its findings (the code that changes with it); otherwise, and for findings outside
  /// those extents (a view's `@StateObject`), the lines of each finding.
  private func lines(of indices: [Int], key: WorkUnitKey?, in section: PlanSectionID) -> Int {
    var lines = 0
    let wholeType = key.map { ($0.kind == .type || $0.kind == .subject) && section != .fixNow } ?? false
    // The step's findings are in report order, a file's together: its extents are looked up
    // once, and an extent counted once per file run (one file's path hashed per finding before).
    var file: String?
    var extents: [PlanSourceFile.Extent] = []
    var counted: Set<Int> = []
    for index in indices {
      let finding = findings[index]
      let line = finding.range.start.line
      if wholeType, finding.unit == nil {
        if finding.file != file {
          file = finding.file
          extents = sources[finding.file]?.extents ?? []
          counted = []
        }
        let name = key!.name
        if let extent = extents.firstIndex(where: { $0.name == name && $0.firstLine <= line && line <= $0.lastLine }) {
          if counted.insert(extent).inserted { lines += extents[extent].lastLine - extents[extent].firstLine + 1 }
          continue
        }
      }
      lines += max(1, finding.range.end.line - finding.range.start.line + 1)
    }
    return lines
  }

  // MARK: - Order

  /// The unit order of every module, from the units of all its work steps.
  private func orderUnits(_ drafts: [PlanSectionID: [Draft]]) {
    /// A unit's files, as runs of one file's findings: merged once per unit when the order is
    /// built (sets and a table per unit hashed each path three times, for units of a file or two).
    struct Files {
      var runs: [(file: String, own: Bool, first: Int)] = []

      mutating func add(_ run: (file: String, own: Bool, first: Int)) { runs.append(run) }

      /// Every file, the files holding the unit's own code, both in `UTF8Order`, and the first
      /// line of the unit's findings in each of `all`.
      func merged() -> (all: [String], own: [String], firstLine: [Int]) {
        let runs = runs.count > 1 ? runs.sorted { UTF8Order.precedes($0.file, $1.file) } : runs
        var all: [String] = []
        var own: [String] = []
        var firstLine: [Int] = []
        for run in runs {
          if all.last == run.file {
            firstLine[firstLine.count - 1] = min(firstLine[firstLine.count - 1], run.first)
          } else {
            all.append(run.file)
            firstLine.append(run.first)
          }
          if run.own && own.last != run.file { own.append(run.file) }
        }
        return (all, own, firstLine)
      }
    }
    // Each module's drafts, in section and draft order: the units' files are gathered per
    // module on the threads below (gathered here, hashing every draft's module and name, they
    // were a serial tenth of the plan).
    var draftsOfModule: [String: [(section: PlanSectionID, index: Int)]] = [:]
    for section in PlanSectionID.allCases where PlanBuilder.isWork(section) {
      let list = drafts[section] ?? []
      // A module's drafts mostly come one after another: its list is hashed once per run.
      var run: (module: String, refs: [(section: PlanSectionID, index: Int)])?
      for index in list.indices where list[index].key != nil {
        let module = list[index].step.module
        if run?.module != module {
          if let run { draftsOfModule[run.module, default: []].append(contentsOf: run.refs) }
          run = (module, [])
        }
        run!.refs.append((section, index))
      }
      if let run { draftsOfModule[run.module, default: []].append(contentsOf: run.refs) }
    }
    // A model whose `$property` another unit's pipeline reads waits for that pipeline: the
    // reader comes first (with the type uses, the two usually become one cycle: they move together).
    var feedUses: [String: [(String, String)]] = [:]
    for (index, list) in feeds {
      guard let key = keys[index] else { continue }
      for feed in list {
        guard let feeder = feed.feeder, let other = keys[feeder], other.name != key.name,
          findings[feeder].module == findings[index].module
        else { continue }
        feedUses[findings[index].module ?? "(root)", default: []].append((key.name, other.name))
      }
    }
    // Each module's order depends on its own units alone: one module per thread.
    let moduleNames = Array(draftsOfModule.keys)
    let built = ParallelChunks.map(count: moduleNames.count, jobs: jobs, minimumChunk: 1) {
      [self, draftsOfModule, feedUses] index in
      let module = moduleNames[index]
      var units: [String: Files] = [:]
      for (section, draftIndex) in draftsOfModule[module] ?? [] {
        let draft = drafts[section]![draftIndex]
        let name = draft.key!.name
        // Taken out and put back: mutated in place, its runs are not copied first.
        var entry = units.removeValue(forKey: name) ?? Files()
        // A step's findings are in report order, a file's together: each file's run is filed
        // once (its path hashed per run, not three times per finding).
        var run: (file: String, own: Bool, first: Int)?
        for index in draft.indices {
          let finding = findings[index]
          if let current = run, current.file == finding.file {
            run = (current.file, current.own || finding.unit == nil, min(current.first, finding.range.start.line))
            continue
          }
          if let run { entry.add(run) }
          run = (finding.file, finding.unit == nil, finding.range.start.line)
        }
        if let run { entry.add(run) }
        units[name] = entry
      }
      var list: [UnitOrder.Unit] = []
      var modulePlaces: [String: Place] = [:]
      var moduleFolders: [String: String] = [:]
      for (name, files) in units {
        let merged = files.merged()
        let own = merged.own.isEmpty ? merged.all : merged.own
        // The file that declares the type, else the first that holds its code.
        var place = Place(file: own[0], line: 0)
        var facts: [PlanSourceFile] = []
        facts.reserveCapacity(own.count)
        for file in own {
          guard let source = sources[file] else { continue }
          facts.append(source)
          if place.line == 0, let extent = source.extents.first(where: { !$0.isExtension && $0.name == name }) {
            place = Place(file: file, line: extent.firstLine)
          }
        }
        if place.line == 0 { place.line = merged.all.firstIndex(of: place.file).map { merged.firstLine[$0] } ?? 1 }
        let folder = Planner.folder(of: place.file)
        modulePlaces[name] = place
        moduleFolders[name] = folder
        list.append(UnitOrder.Unit(name: name, files: facts, folder: folder))
      }
      return (UnitOrder(units: list, extraUses: feedUses[module] ?? []), modulePlaces, moduleFolders)
    }
    for (module, (order, modulePlaces, moduleFolders)) in zip(moduleNames, built) {
      orders[module] = order
      places[module] = modulePlaces
      folders[module] = moduleFolders
    }
  }

  static func folder(of file: String) -> String {
    guard let slash = file.lastIndex(ofUTF8: UInt8(ascii: "/")) else { return "" }
    return String(file[..<slash])
  }

  /// Module by wave, a test module after the module it tests, the strict-concurrency step after
  /// both; inside a module by folder, then level, then name.
  private func sorted(_ drafts: [Draft]) -> [Draft] {
    var drafts = drafts
    // What depends on the module alone, for the run of its drafts (they come grouped): each
    // draft looked its module up in five tables.
    struct ModuleKeys {
      var module: String
      var host: String?
      var hostRank: Int
      var rank: Int
      var unitOrder: UnitOrder?
      var folders: [String: String]?
    }
    var current: ModuleKeys?
    for index in drafts.indices {
      let (module, wave, kind) = (drafts[index].step.module, drafts[index].step.wave, drafts[index].step.kind)
      if current?.module != module {
        let host = modules[module]?.testOf
        current = ModuleKeys(
          module: module, host: host, hostRank: rank(host ?? module), rank: rank(module), unitOrder: orders[module],
          folders: folders[module])
      }
      let keys = current!
      var order = (
        wave: wave, host: keys.hostRank, test: keys.host == nil ? 0 : 1, module: keys.rank, folder: 0, level: 0
      )
      if kind == .strictConcurrency { order.test = 2 }
      // A test module sits in the wave of the module it tests, but one that also depends on a
      // module planned later (`WaitlistTests` on `WaitlistMocks`) waits for that module to be
      // done: it was listed before the very step it said it was blocked by.
      if keys.host != nil, let latest = latestDependency(of: module, after: (order.wave, order.host)) {
        order.wave = latest.wave
        order.host = latest.rank
        order.test = kind == .strictConcurrency ? 4 : 3
      }
      if let key = drafts[index].key, let unitOrder = keys.unitOrder {
        let folder = keys.folders?[key.name] ?? ""
        drafts[index].step.folder = folder
        order.folder = unitOrder.folderRank[folder] ?? 0
        order.level = unitOrder.level[key.name] ?? 0
        drafts[index].step.level = order.level
      }
      drafts[index].order = order
    }
    // Indices are sorted, not drafts: a draft carries its step's arrays and strings, and moving
    // those through a sort's swaps was most of the plan's sorting cost.
    // The keys are read out first: `drafts[i].order` in the comparator copied (retained and
    // released) the whole draft twice per comparison.
    let keys = drafts.map(\.order)
    let ids = drafts.map(\.step.id)
    let order = drafts.indices.sorted { lhs, rhs in
      let (left, right) = (keys[lhs], keys[rhs])
      if left.wave != right.wave { return left.wave < right.wave }
      if left.host != right.host { return left.host < right.host }
      if left.test != right.test { return left.test < right.test }
      if left.module != right.module { return left.module < right.module }
      if left.folder != right.folder { return left.folder < right.folder }
      if left.level != right.level { return left.level < right.level }
      return UTF8Order.precedes(ids[lhs], ids[rhs])
    }
    return order.map { drafts[$0] }
  }

  /// The non-test module `module` depends on that is planned last, when it comes after
  /// `position` (a wave and a host rank).
  func latestDependency(of module: String, after position: (Int, Int)) -> (wave: Int, rank: Int)? {
    var latest: (wave: Int, rank: Int)?
    for name in modules[module]?.dependsOn ?? [] {
      guard let dependency = modules[name], !dependency.isTest else { continue }
      let candidate = (wave: dependency.wave, rank: rank(name))
      let floor = latest.map { ($0.wave, $0.rank) } ?? position
      if candidate > floor { latest = candidate }
    }
    return latest
  }

  /// A module name's rank among all names: sorting compares integers, not strings.
  func rank(_ module: String) -> Int {
    moduleRanks[module] ?? moduleRanks.count
  }
}
