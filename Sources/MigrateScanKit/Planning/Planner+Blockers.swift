import Classify
import ParallelWork
import ScanModel

extension Planner {
  /// The sections that order work inside one module, in plan order; a module's switch to strict
  /// concurrency goes in the last of them it has work in.
  static let moduleWork: [PlanSectionID] = [.prepare, .oneShot, .viewModels]

  // MARK: - Strict concurrency

  /// Per module that needs it, the section of its strict-concurrency step: after its own last
  /// Phase 1–3 work (its tests' too), and never before a module it depends on switches. A module
  /// with no such work switches in Prepare, leaves first. Test modules, and modules already in
  /// Swift 6 mode or complete checking, get none.
  func strictSections(_ drafts: [PlanSectionID: [Draft]]) -> [String: PlanSectionID] {
    var last: [String: PlanSectionID] = [:]
    for section in Planner.moduleWork {
      for draft in drafts[section] ?? [] {
        let module = modules[draft.step.module]?.testOf ?? draft.step.module
        last[module] = max(last[module] ?? section, section)
      }
    }
    var strict: [String: PlanSectionID] = [:]
    // Leaves first, so a dependency's section is known; a cycle's members share the latest.
    let ordered = moduleList.sorted { ($0.wave, $0.name) < ($1.wave, $1.name) }
    var index = 0
    while index < ordered.count {
      let module = ordered[index]
      let group = module.cycle.isEmpty ? [module.name] : module.cycle
      var section = PlanSectionID.prepare
      for name in group {
        if let own = last[name] { section = max(section, own) }
        for dependency in modules[name]?.dependsOn ?? [] where !group.contains(dependency) {
          if let theirs = strict[dependency] { section = max(section, theirs) }
        }
      }
      for name in group where strict[name] == nil {
        guard let info = modules[name], Planner.needsStrictStep(info) else { continue }
        // The files at the root that no target or folder claims are no module anyone can switch
        // on: without Combine work of their own they get no step (element-x's one root script).
        if info.origin == "folder" && info.path.isEmpty && last[name] == nil { continue }
        strict[name] = section
      }
      index += 1
    }
    return strict
  }

  /// True for a product module not yet in Swift 6 mode or complete checking.
  static func needsStrictStep(_ module: ModuleInfo) -> Bool {
    !module.isTest && module.testOf == nil && module.language.effectiveStrictConcurrency != "complete"
  }

  func strictDraft(_ module: ModuleInfo, in section: PlanSectionID) -> Draft {
    var step = PlanStep(
      wave: module.wave, module: module.name, files: [], findings: [],
      size: StepSize(findings: 0, lines: module.lines), blockedBy: [])
    step.id = "strict-concurrency/\(module.name)"
    step.kind = .strictConcurrency
    step.folder = module.path
    var today: [String] = []
    if let mode = module.language.languageMode { today.append("Swift \(mode) mode") }
    if let checking = module.language.strictConcurrency { today.append("`\(checking)` checking") }
    step.title =
      "Enable complete strict concurrency (or Swift 6 language mode) in `\(module.name)`, fix what the compiler "
      + "reports, ship" + (today.isEmpty ? "" : " (today: \(today.joined(separator: ", ")))")
    return Draft(step: step, section: section, key: nil, indices: [])
  }

  // MARK: - Blockers and titles

  /// Fills every step's blockers (in words and as ids) and its title.
  func addBlockers(_ drafts: inout [PlanSectionID: [Draft]], strict: [String: PlanSectionID]) {
    // Which step holds each finding, and each unit's step per section and module.
    var stepOfFinding = [String?](repeating: nil, count: findings.count)
    for section in PlanSectionID.allCases {
      for draft in drafts[section] ?? [] {
        for index in draft.indices { stepOfFinding[index] = draft.step.id }
      }
    }
    // The other tables are per section: made a section per thread, with a module's run of drafts
    // hashed once (made in one loop, hashing a section, a module and a name per step, they were
    // a serial fifth of the plan).
    struct SectionTables: Sendable {
      var unitStep: [String: [String: String]] = [:]
      var lastStep: [String: String] = [:]
      /// (module whose switch waits, step id), in step order.
      var own: [(String, String)] = []
    }
    let allSections = PlanSectionID.allCases
    let made = drafts
    let tables = ParallelChunks.map(count: allSections.count, jobs: jobs, minimumChunk: 1) {
      [self, made, strict] position -> SectionTables in
      let section = allSections[position]
      var tables = SectionTables()
      let countsForStrict = Planner.moduleWork.contains(section) || section == .cleanup
      var run: (module: String, units: [String: String], owner: String)?
      func flush() {
        guard let run, !run.units.isEmpty else { return }
        tables.unitStep[run.module, default: [:]].merge(run.units) { _, later in later }
      }
      for draft in made[section] ?? [] {
        let module = draft.step.module
        if run?.module != module {
          flush()
          // A test module's steps are its host's, unless it also waits for a module planned
          // after the host (its mocks): then the host's switch would wait for them, and they for it.
          var owner = module
          if countsForStrict, let host = modules[module]?.testOf,
            latestDependency(of: module, after: (modules[module]?.wave ?? 0, rank(host))) == nil
          {
            owner = host
          }
          run = (module, [:], owner)
        }
        if let key = draft.key { run!.units[key.name] = draft.step.id }
        guard draft.step.kind != .strictConcurrency else { continue }
        tables.lastStep[module] = draft.step.id
        if countsForStrict, let mine = strict[run!.owner], section <= mine {
          tables.own.append((run!.owner, draft.step.id))
        }
      }
      flush()
      return tables
    }
    var unitStep: [PlanSectionID: [String: [String: String]]] = [:]
    var lastStep: [PlanSectionID: [String: String]] = [:]
    var ownSteps: [String: [String]] = [:]
    for (section, table) in zip(allSections, tables) {
      if !table.unitStep.isEmpty { unitStep[section] = table.unitStep }
      if !table.lastStep.isEmpty { lastStep[section] = table.lastStep }
      for (module, id) in table.own { ownSteps[module, default: []].append(id) }
    }
    // A step is filled from the tables above and from caches of what is the same for every
    // step of a section (its module's blockers, its cycle's members): pieces of at most 512
    // steps of one section, each with its own caches, run on `jobs` threads. The caches only
    // save work, so every split fills the same steps.
    let sections = PlanSectionID.allCases
    var pieces: [(section: PlanSectionID, range: Range<Int>)] = []
    for section in sections {
      let count = drafts[section]?.count ?? 0
      for start in stride(from: 0, to: count, by: 512) { pieces.append((section, start..<min(count, start + 512))) }
    }
    let unfilled = drafts
    let filled = ParallelChunks.map(count: pieces.count, jobs: jobs, minimumChunk: 1) {
      [self, pieces, stepOfFinding, unitStep, lastStep, ownSteps] position -> [Draft] in
      let section = pieces[position].section
      var list = Array(unfilled[section]![pieces[position].range])
      var cycleMembers: [String: [String]] = [:]
      var moduleBlockers: [String: ([String], [String])] = [:]
      let throwingReason = SubjectStream.throwing.singleConsumerReason
      // In place: a copy of each draft made every append to its step's arrays copy them too.
      func fill(_ draft: inout Draft) {
        var title = StepTitle()
        // A view's use site of a model is counted as a view that changes, not by its category.
        for finding in draft.indices where findings[finding].unit == nil {
          let category = findings[finding].category
          title.counts.add(category)
          // The classifier's reason says which stream replaces the subject.
          if category == .subject, findings[finding].reasons.contains(throwingReason) { title.throwingSubjects += 1 }
        }
        if let key = draft.key {
          var views: Set<String> = []
          for finding in draft.indices where findings[finding].unit != nil { views.insert(findings[finding].file) }
          title.viewFiles = views.count
          if PlanBuilder.isWork(section) && section != .fixNow && section != .leaveAlone {
            unitBlockers(
              &draft, key: key, unitStep: unitStep[section]?[draft.step.module] ?? [:], cycleMembers: &cycleMembers)
            title.pipelinesFirst = feedBlockers(&draft, stepOfFinding: stepOfFinding)
          }
          draft.step.title = title.title(section: section, kind: key.kind, name: Planner.display(key))
        } else if draft.step.kind != .strictConcurrency {
          draft.step.title = title.title(section: section, kind: .module, name: draft.step.module)
        }
        if draft.step.kind == .strictConcurrency {
          let own = ownSteps[draft.step.module] ?? []
          if !own.isEmpty {
            draft.step.blockedBy.append(
              "after the other \(own.count == 1 ? "step" : "\(own.count) steps") of `\(draft.step.module)` up to this "
                + "phase")
            draft.step.blockedBySteps += own
          }
        }
        if section != .fixNow && section != .leaveAlone && PlanBuilder.isWork(section) {
          let module = draft.step.module
          if moduleBlockers[module] == nil {
            moduleBlockers[module] = dependencyBlockers(
              of: module, in: section, strict: strict, lastStep: lastStep[section] ?? [:])
          }
          let (words, ids) = moduleBlockers[module]!
          draft.step.blockedBy += words
          draft.step.blockedBySteps += ids
        }
      }
      for index in list.indices { fill(&list[index]) }
      return list
    }
    for section in sections where drafts[section] != nil { drafts[section] = [] }
    for (piece, list) in zip(pieces, filled) { drafts[piece.section]!.append(contentsOf: list) }
  }

  /// How a unit is named in titles and blockers: a file by its name.
  /// (On the path's bytes: splitting it made an array of every component for each title.)
  static func display(_ key: WorkUnitKey) -> String {
    key.kind == .file ? key.name.afterLast(UInt8(ascii: "/")) : key.name
  }

  /// `Search.swift:40`.
  static func shortPlace(_ file: String, _ line: Int) -> String {
    "\(file.afterLast(UInt8(ascii: "/"))):\(line)"
  }

  /// The units of the same module and section this unit uses, and the members of its cycle.
  private func unitBlockers(
    _ draft: inout Draft, key: WorkUnitKey, unitStep: [String: String], cycleMembers: inout [String: [String]]
  ) {
    guard let order = orders[draft.step.module] else { return }
    for used in order.uses[key.name] ?? [] {
      guard let id = unitStep[used], id != draft.step.id else { continue }
      let place = places[draft.step.module]?[used]
      let at = place.map { " (\(Planner.shortPlace($0.file, $0.line)))" } ?? ""
      draft.step.blockedBy.append("after `\(used)`\(at), which `\(Planner.display(key))` uses")
      draft.step.blockedBySteps.append(id)
    }
    // Only the members with work in this phase: the others have nothing to go together with.
    // Each cycle's list is filtered once per phase, not once per member.
    guard let cycle = order.cycleOf[key.name] else { return }
    let cacheKey = "\(draft.step.module)/\(cycle)"
    if cycleMembers[cacheKey] == nil { cycleMembers[cacheKey] = order.cycles[cycle].filter { unitStep[$0] != nil } }
    let members = cycleMembers[cacheKey]!
    var mates: [String] = []
    for member in members where member != key.name {
      mates.append(member)
      if mates.count == 3 { break }
    }
    let others = members.count - (members.contains(key.name) ? 1 : 0)
    if others > 0 {
      // Past a few members, naming them all on every step of the cycle was most of the plan.
      let named = mates.map { "`\($0)`" }.joined(separator: ", ")
      draft.step.blockedBy.append(
        others <= 3
          ? "in a cycle with \(named): they use each other, so their steps go together"
          : "in a cycle of \(others + 1) units that use each other (with \(named) and \(others - 3) more): "
            + "their steps go together, in the order listed")
    }
  }

  /// The pipelines that read a `$property` of the unit: elsewhere they block it ("after
  /// `SearchPipeline` (Search.swift:40) stops reading `$query`"); inside the unit they are part
  /// of the step. Returns how many are inside.
  private func feedBlockers(_ draft: inout Draft, stepOfFinding: [String?]) -> Int {
    var inside: Set<String> = []
    var seen: Set<String> = []
    let order = orders[draft.step.module]
    let cycle = draft.key.flatMap { order?.cycleOf[$0.name] }
    for index in draft.indices {
      for feed in feeds[index] ?? [] where seen.insert(feed.location).inserted {
        let place = Planner.shortPlace(feed.path, feed.line)
        guard let feeder = feed.feeder, let id = stepOfFinding[feeder], let key = keys[feeder] else {
          draft.step.blockedBy.append("after the pipeline at \(place) stops reading `$\(feed.property)`")
          continue
        }
        if id == draft.step.id {
          inside.insert(feed.location)
        } else if key == draft.key {
          draft.step.blockedBy.append("after its own pipeline at \(place) stops reading `$\(feed.property)`")
          if !draft.step.blockedBySteps.contains(id) { draft.step.blockedBySteps.append(id) }
        } else {
          draft.step.blockedBy.append("after `\(Planner.display(key))` (\(place)) stops reading `$\(feed.property)`")
          // A unit of the same cycle moves with this one: naming its step would make the ids a cycle.
          let sameCycle = cycle != nil && order?.cycleOf[key.name] == cycle
          if !sameCycle && !draft.step.blockedBySteps.contains(id) {
            draft.step.blockedBySteps.append(id)
          }
        }
      }
    }
    return inside.count
  }

  /// Per `@Published` property and `ObservableObject` finding, the pipelines that read its
  /// `$property`s, with the finding of each where there is one.
  func resolveFeeds() -> [Int: [Feed]] {
    var result: [Int: [Feed]] = [:]
    // Per file, the lines of the findings that can be a feeding pipeline, built once. Plain
    // tuples: reading `findings[other].range` inside the search copied the whole finding on
    // each test, and that was a third of planning on a real app.
    var spans: [String: [(index: Int, start: Int, end: Int)]] = [:]
    var built = false
    for index in findings.indices {
      // Fields read in place: a copy of each finding retained all of its strings and arrays.
      let category = findings[index].category
      guard findings[index].suppression == nil, category == .publishedProperty || category == .observableObject
      else { continue }
      for reason in findings[index].reasons {
        guard let (property, location) = Planner.feed(in: reason),
          let colon = location.utf8.lastIndex(of: UInt8(ascii: ":")),
          let line = Int(location[location.utf8.index(after: colon)...])
        else { continue }
        let path = String(location[..<colon])
        if !built {
          built = true
          // A run of one file's findings is stored at once: the path is hashed per run (per
          // file, in report order), not per finding.
          var run: [(index: Int, start: Int, end: Int)] = []
          var runFile: String?
          for other in findings.indices {
            let category = findings[other].category
            guard findings[other].suppression == nil, category != .publishedProperty, category != .observableObject
            else { continue }
            if findings[other].file != runFile {
              if let runFile { spans[runFile, default: []].append(contentsOf: run) }
              runFile = findings[other].file
              run = []
            }
            let range = findings[other].range
            run.append((other, range.start.line, range.end.line))
          }
          if let runFile { spans[runFile, default: []].append(contentsOf: run) }
        }
        var feeder: Int?
        for span in spans[path] ?? [] where span.start <= line && line <= span.end {
          feeder = span.index
          break
        }
        result[index, default: []].append(
          Feed(property: property, location: location, path: path, line: line, feeder: feeder))
      }
    }
    return result
  }

  /// The property and `path:line` of a reason "blocked: `$query` feeds a pipeline at
  /// Sources/Search.swift:40 …" (the classifier's words for a `$property` feeding a pipeline).
  static func feed(in reason: String) -> (property: String, location: String)? {
    // On the UTF-8 bytes, in one buffer: most reasons are not this one, and the generic
    // `hasPrefix`/`starts(with:)`/`firstIndex` on the views cost more than the rest of the feeds.
    var reason = reason
    return reason.withUTF8 { bytes -> (property: String, location: String)? in
      let prefix: StaticString = "blocked: `$"
      let marker: StaticString = "` feeds a pipeline at "
      func matches(_ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != text.utf8Start[index] { return false }
        return true
      }
      guard matches(prefix, at: 0) else { return nil }
      let start = prefix.utf8CodeUnitCount
      guard let tick = bytes[start...].firstIndex(of: UInt8(ascii: "`")), matches(marker, at: tick) else {
        return nil
      }
      let locationStart = tick + marker.utf8CodeUnitCount
      let locationEnd = bytes[locationStart...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.count
      guard locationStart < locationEnd else { return nil }
      return (
        String(decoding: bytes[start..<tick], as: UTF8.self),
        String(decoding: bytes[locationStart..<locationEnd], as: UTF8.self)
      )
    }
  }

  /// The modules `module` depends on that have work in `section`: their switch to strict
  /// concurrency when it is in this section, else their last step here, comes first. (Work in an
  /// earlier section is done before this one starts.)
  private func dependencyBlockers(
    of module: String, in section: PlanSectionID, strict: [String: PlanSectionID], lastStep: [String: String]
  ) -> ([String], [String]) {
    guard let info = modules[module] else { return ([], []) }
    var words: [String] = []
    var ids: [String] = []
    for dependency in info.dependsOn where !info.cycle.contains(dependency) {
      if dependency != info.testOf, strict[dependency] == section {
        words.append("after `\(dependency)` is done and checks complete concurrency (`\(module)` depends on it)")
        ids.append("strict-concurrency/\(dependency)")
      } else if let last = lastStep[dependency] {
        words.append("after `\(dependency)`'s steps in this phase (`\(module)` depends on it)")
        ids.append(last)
      }
    }
    return (words, ids)
  }
}
