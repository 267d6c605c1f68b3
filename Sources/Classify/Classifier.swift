import ParallelWork
import ScanModel
import SwiftLexer

/// The global pass: joins what the files said about each other and turns candidates into
/// findings.
///
/// Deterministic by construction: files are visited in path order, candidates in source order,
/// and no `Set` or `Dictionary` order reaches the output.
package enum Classifier {
  /// Finalises the candidates of every file.
  ///
  /// In order: (a) drops ambiguous names (`Future`, `Just`…) in files that see no Combine, a
  /// `one-shot-future` at the same place as a `future-task-wrapper`, and any name a file can see
  /// another declaration of (its own module's, or an imported module's: `TreeFacts.counts`); (b) keeps helper calls whose helper exists and callee
  /// defects whose callee has one; (c) fills disposition and phase from the category defaults;
  /// (d) blocks `@Published` properties whose `$x` feeds a pipeline and notes manual
  /// `objectWillChange.send()`; (e) notes deployment targets below what a recommendation needs;
  /// (f) computes fingerprints and sorts by file, line, column, rule id.
  ///
  /// Once the tree's facts are joined, each file is finalised on its own, so `jobs` threads
  /// (1: the calling thread only) share the files; the findings are the same for every value.
  package static func finalize(files: [FileClassification], context: ClassifyContext, jobs: Int = 1) -> [Finding] {
    let files = files.sorted { UTF8Order.precedes($0.path, $1.path) }
    let tree = TreeFacts(files: files, context: context, jobs: jobs)
    let modules = files.map { context.moduleOf($0.path) }
    // Notes depend on the module alone (made once per module, not per finding), but for a file
    // several modules compile, which has targets of its own.
    var notesByModule: [String: TargetNotes] = [:]
    var notesByFile: [String: TargetNotes] = [:]
    for (file, module) in zip(files, modules) where !file.candidates.isEmpty {
      if let own = context.fileDeploymentTargets[file.path] {
        notesByFile[file.path] = TargetNotes(own)
        continue
      }
      guard let module, notesByModule[module] == nil, let targets = context.deploymentTargets[module] else { continue }
      notesByModule[module] = TargetNotes(targets)
    }
    var perFile = ParallelChunks.map(count: files.count, jobs: jobs) { [notesByModule, notesByFile] index in
      let module = modules[index]
      let notes =
        (notesByFile.isEmpty ? nil : notesByFile[files[index].path]) ?? module.flatMap { notesByModule[$0] }
        ?? TargetNotes.none
      return finalize(files[index], module: module, notes: notes, tree: tree)
    }
    var findings: [Finding] = []
    findings.reserveCapacity(perFile.reduce(0) { $0 + $1.count })
    // Each file's list is freed once copied: holding them all beside the merged list was the
    // peak of a scan with many findings.
    for index in perFile.indices {
      findings.append(contentsOf: perFile[index])
      perFile[index] = []
    }
    findings.sort(by: Finding.reportOrder)
    // The tree's indexes are done with, and planning allocates next: freed on another thread.
    LargeValues.release(consume tree)
    return findings
  }

  /// The findings of one file, in candidate order.
  private static func finalize(_ file: FileClassification, module: String?, notes: TargetNotes, tree: TreeFacts)
    -> [Finding]
  {
    let scope = tree.scope(of: file, module: module)
    var kept: [Finding] = []
    kept.reserveCapacity(file.candidates.count)
    var twins: [String: Int] = [:]
    var plainTwins: [PlainTwin: Int] = [:]
    // Twins are equal `String`s; for ASCII texts that is equal bytes, so the fingerprint's hash
    // can key them instead of a joined `String` (made and hashed per finding).
    let plain = file.candidates.allSatisfy(PlainTwin.applies)
    // `one-shot-future` is "any other `Future`": a `Future` that is a wrapper is not also one.
    var wrappers: Set<Int> = []
    // By index: a `for … in` loop copies (retains) every candidate to read one field.
    for index in file.candidates.indices where file.candidates[index].category == .futureTaskWrapper {
      let requirement = file.candidates[index].requirement
      if requirement == nil || requirement.flatMap(tree.resolve) != nil {
        wrappers.insert(file.candidates[index].offset)
      }
    }
    // What a test file of a library's publisher API tests: once per file, not per candidate
    // (each answer walks the file's pipelines and names).
    let testedAPI = module.flatMap { tree.testModules.contains($0) ? tree.libraryAPI.tested(in: file) : nil }
    for candidate in file.candidates {
      guard tree.counts(candidate, in: scope) else { continue }
      if candidate.category == .oneShotFuture && wrappers.contains(candidate.offset) { continue }
      guard
        var finding = resolve(
          candidate, file: file, module: module, notes: notes, tree: tree, testedAPI: testedAPI)
      else {
        continue
      }
      let prefix = Fingerprint.prefix(
        ruleID: candidate.ruleID, file: file.path, symbol: candidate.symbol, matchText: candidate.matchText)
      let occurrence: Int
      if plain {
        occurrence = countTwin(&plainTwins[PlainTwin(prefix: prefix, candidate: candidate), default: 0])
      } else {
        let twinKey = candidate.ruleID + "\u{1F}" + (candidate.symbol ?? "") + "\u{1F}" + candidate.matchText
        occurrence = countTwin(&twins[twinKey, default: 0])
      }
      finding.fingerprint = Fingerprint.finish(prefix, occurrence: occurrence)
      kept.append(finding)
    }
    if let module, tree.libraryAPI.libraries.contains(module) { keepBodiesOfPublicAPI(&kept) }
    return kept
  }

  /// The deployment-target notes of each platform requirement, for one module's targets.
  struct TargetNotes {
    var observable: [String]
    var observations: [String]
    var clockAlgorithms: [String]
    var asyncShare: [String]
    var asyncValues: [String]
    /// For a lock remedy: the targets below `OSAllocatedUnfairLock`'s, where an `NSLock` does.
    var lock: [String]
    /// What must rise for each requirement that blocks a migration.
    var observableGates: [DeploymentGate]
    var clockGates: [DeploymentGate]
    var shareGates: [DeploymentGate]
    var valuesGates: [DeploymentGate]

    /// No targets: no notes.
    static let none = TargetNotes([:])

    init(_ targets: [String: String]) {
      observableGates = PlatformRequirement.observable.gates(for: targets)
      clockGates = PlatformRequirement.clockAlgorithms.gates(for: targets)
      shareGates = PlatformRequirement.asyncShare.gates(for: targets)
      valuesGates = PlatformRequirement.asyncValues.gates(for: targets)
      observable = PlatformRequirement.observable.notes(for: targets)
      observations = PlatformRequirement.observations.notes(for: targets)
      clockAlgorithms = PlatformRequirement.clockAlgorithms.notes(for: targets)
      asyncShare = PlatformRequirement.asyncShare.notes(for: targets)
      asyncValues = PlatformRequirement.asyncValues.notes(for: targets)
      lock = PlatformRequirement.unfairLock.gates(for: targets).map { gate in
        "deployment target \(gate.platform) \(gate.current) is below \(gate.platform) \(gate.needed), which "
          + "`OSAllocatedUnfairLock` needs (`Mutex` later still): until it rises, guard the state with an `NSLock`"
      }
    }
  }

  /// One gate per platform, the highest need kept (a pipeline may need both iOS 16 and 18).
  static func merged(_ gates: [DeploymentGate]) -> [DeploymentGate] {
    var result: [DeploymentGate] = []
    for gate in gates {
      if let index = result.firstIndex(where: { $0.platform == gate.platform }) {
        let (old, new) = (PlatformRequirement.parse(result[index].needed), PlatformRequirement.parse(gate.needed))
        if let old, let new, new > old { result[index] = gate }
      } else {
        result.append(gate)
      }
    }
    return result
  }

  /// The twins seen so far, counting this one: one dictionary access.
  @inline(__always)
  private static func countTwin(_ count: inout Int) -> Int {
    defer { count += 1 }
    return count
  }

  /// A twin key of ASCII texts: hashed by the fingerprint's hash of them, equal when the texts
  /// are (as the joined key `ruleID ␟ symbol ␟ matchText` would be).
  private struct PlainTwin: Hashable {
    var prefix: UInt64
    var ruleID: String
    var symbol: String
    var matchText: String

    init(prefix: UInt64, candidate: CandidateFinding) {
      self.prefix = prefix
      ruleID = candidate.ruleID
      symbol = candidate.symbol ?? ""
      matchText = candidate.matchText
    }

    /// True when the candidate's texts are ASCII and only `matchText` may hold a U+001F (so the
    /// joined key splits one way).
    static func applies(_ candidate: CandidateFinding) -> Bool {
      plain(candidate.ruleID, separator: false) && plain(candidate.symbol ?? "", separator: false)
        && plain(candidate.matchText, separator: true)
    }

    private static func plain(_ text: String, separator: Bool) -> Bool {
      let answer = text.utf8.withContiguousStorageIfAvailable { bytes in
        ByteSearch.isASCII(bytes) && (separator || !bytes.contains(0x1F))
      }
      return answer ?? false
    }

    static func == (lhs: PlainTwin, rhs: PlainTwin) -> Bool {
      lhs.prefix == rhs.prefix && lhs.ruleID == rhs.ruleID && lhs.symbol == rhs.symbol && lhs.matchText == rhs.matchText
    }

    func hash(into hasher: inout Hasher) { hasher.combine(prefix) }
  }

  /// Whether `text` contains the ASCII `needle`, as `String.contains` answers it.
  ///
  /// `String.contains` walks Characters and was most of finalising a file (30 ms per million
  /// lines). For ASCII text a byte search gives the same answer; other text keeps the Character
  /// search, where a combining mark after a match (`debounce\u{301}`) means no match.
  package static func contains(_ text: String, _ needle: String) -> Bool {
    // Native strings are contiguous: test and search their bytes in place (iterating the UTF-8
    // view byte by byte cost more than the rest of a pipeline's finalisation).
    let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      guard ByteSearch.isASCII(bytes) else { return nil }
      return needle.utf8.withContiguousStorageIfAvailable { ByteSearch.contains(bytes, $0) }
    }
    if let found, let found { return found }
    return text.contains(needle)
  }

  /// The default disposition and phase of each category (DOMAIN.md).
  package static func defaults(for category: CategoryID) -> (Disposition, Phase?) {
    switch category {
    case .futureTaskWrapper, .oneShotFuture: return (.migrate, .oneShot)
    case .publishedProperty, .observableObject, .operatorPipeline, .subject, .observableUse:
      return (.migrate, .viewModels)
    case .continuationBridge, .valuesBridge: return (.keep, nil)
    case .bridgeHelper: return (.migrate, .prepare)
    // Correctly synchronised code, not a bug: its API turns `async` (an actor) like a one-shot
    // operation's, so it moves in that phase, leaves inward.
    case .queueGuardedState: return (.migrate, .oneShot)
    case .continuationMisuse, .silentFailure, .assignRetainCycle: return (.fixNow, nil)
    // Adding the `async` alternative beside a publisher API is a bridge: what callers move to.
    case .combineAPI: return (.migrate, .prepare)
    }
  }

  /// Why a published library's public model, and what moves with it, stays.
  static func clientModelReason(_ type: String, module: String) -> String {
    "`\(type)` is a public `ObservableObject` of `\(module)`, a library product no app of the tree uses: its "
      + "clients hold it with `@StateObject`/`@ObservedObject` and may read its `$` publishers, which "
      + "`@Observable` takes away, so it keeps that API (an `@Observable` model beside it is a major version's change)"
  }

  /// The words of a view use site of `model`, a model that keeps its `ObservableObject` API: the
  /// use as written (the part of `message` before its ` → `) stays, and why.
  static func keptModelUse(_ message: String, model: String) -> (message: String, help: String) {
    let use =
      message.firstRange(of: " → ").map { String(message[..<$0.lowerBound]) + " stays" } ?? "a use of `\(model)` stays"
    return (
      use + ": `\(model)` keeps its `ObservableObject` API",
      "Keep this use as it is while `\(model)` stays an `ObservableObject` for its clients; an `@Observable` "
        + "model added beside it would come with its own use sites."
    )
  }

  /// `App.verify` → (`App`, `verify`), `load` → ("", `load`): the key's called function and the
  /// type it was called on (`OperatorPipelineDetector.sourceEnd`).
  static func splitOwner(_ called: String) -> (owner: String, function: String) {
    guard let dot = called.lastIndex(ofUTF8: UInt8(ascii: ".")) else { return ("", called) }
    return (String(called[..<dot]), String(called[called.utf8.index(after: dot)...]))
  }

  /// "in a file that tests `changes` at S.swift:13, public Combine API of library `Store`, which
  /// stays for its clients: " and what stays with it. The Markdown Keep intro knows a test of a
  /// library's API by "Combine API of library" (`MarkdownReport.keepIntro`).
  static func inTestOf(_ tested: LibraryAPI.Entry, keep: String) -> String {
    "in a file that tests `\(tested.name)` at \(tested.place), public Combine API of library `\(tested.module)`, "
      + "which stays for its clients: \(keep)"
  }

  /// True when a word of the chain's text (`subscriber . subject . collect ( 2 )`) names a
  /// subject the file declares.
  static func readsOwnSubject(_ matchText: String, subjects: [CombineFacts.SubjectUse]) -> Bool {
    guard !subjects.isEmpty else { return false }
    let names = Set(subjects.map(\.name))
    return matchText.split(separator: " ").contains { names.contains(String($0)) }
  }

  /// "`load` at A.swift:4", or for several agreeing declarations "the 2 `load`s at A.swift:4,
  /// B.swift:9": all of them, never one picked for the others.
  static func declarations(of name: String, at places: [String]) -> String {
    guard places.count > 1 else { return "`\(name)` at \(places.first ?? "")" }
    let shown = places.prefix(3).joined(separator: ", ")
    let more = places.count > 3 ? " and \(places.count - 3) more" : ""
    return "the \(places.count) `\(name)`s at \(shown)\(more)"
  }

  /// - Parameter testedAPI: the library API the file tests, when it is a test file of one
  ///   (`LibraryAPI.tested(in:)`): its Combine code stays with that API.
  private static func resolve(
    _ candidate: CandidateFinding, file: FileClassification, module: String?, notes: TargetNotes, tree: TreeFacts,
    testedAPI: LibraryAPI.Entry?
  ) -> Finding? {
    var reasons = candidate.reasons
    var blockedBy: [String] = []
    // The deployment targets a migration of this finding would have to raise.
    var gates: [DeploymentGate] = []
    // The model a view use site holds, when it is not the finding's own type.
    var unit: String?
    // The candidate's words, unless the verdict changes what they can say.
    var (message, help) = (candidate.message, candidate.help)
    if let requirement = candidate.requirement {
      guard let extra = tree.resolve(requirement) else { return nil }
      // An inner publisher's declaration backs the finding's own reason, which names the line.
      if case .innerFailure = requirement { reasons += extra } else { reasons = extra + reasons }
    }
    var (disposition, phase) = defaults(for: candidate.category)
    if let decided = candidate.disposition {
      disposition = decided
      if decided != .migrate { phase = nil }
    }
    if candidate.phaseDecided { phase = candidate.phase }
    if candidate.category.isPitfall && candidate.disposition == nil { (disposition, phase) = (.fixNow, nil) }
    // A published library's public model keeps its `ObservableObject` API for its clients, and
    // its `@Published` properties stay with it: nothing there waits for a pipeline or a target.
    var keptForClients = false
    if disposition == .migrate, let key = candidate.key {
      let type = candidate.category == .publishedProperty ? TreeFacts.split(key).0 : key
      if candidate.category == .observableObject || candidate.category == .publishedProperty,
        let owner = tree.clientModels[type]
      {
        keptForClients = true
        (disposition, phase) = (.keep, nil)
        reasons.append(Self.clientModelReason(type, module: owner))
        // The rule's help says how to move it to `@Observable`, which this verdict says not to do.
        help =
          "Keep `\(type)` an `ObservableObject` for the library's clients; an `async` or `@Observable` API, if "
          + "any, goes beside it."
      }
    }
    switch candidate.category {
    case .bridgeHelper:
      if let name = candidate.key, !candidate.phaseDecided, disposition == .migrate {
        let uses = tree.helperUses(name)
        phase = uses > 0 ? .prepare : .cleanup
        reasons.append(
          uses > 0
            ? "used in the tree (\(uses == 1 ? "1 use" : "\(uses) uses")): keep it as the one bridge until callers move"
            : "nothing in the tree uses `\(name)` any more: remove it")
      }
    case .publishedProperty:
      if !keptForClients, let key = candidate.key {
        let (typePath, name) = TreeFacts.split(key)
        var seen = Set(blockedBy)
        for feed in tree.feeds(of: name, in: typePath, module: module) {
          let location = "\(feed.path):\(feed.feed.line)"
          if seen.insert(location).inserted { blockedBy.append(location) }
          let note = feed.note.isEmpty ? "" : " (\(feed.note))"
          reasons.append(
            "blocked: `$\(name)` feeds a pipeline at \(location) (`\(feed.feed.text)`)\(note); an `@Observable` type "
              + "has no `$\(name)` publisher, so rewrite that pipeline first")
        }
        if !blockedBy.isEmpty { reasons.append(contentsOf: notes.observations) }
      }
      if disposition == .migrate {
        reasons.append(contentsOf: notes.observable)
        gates = notes.observableGates
      }
    case .observableObject:
      if !keptForClients, let typePath = candidate.key {
        // The type moves to `@Observable` as a whole: any `$x` pipeline of its properties blocks it.
        var seen = Set(blockedBy)
        for name in tree.publishedNames(of: typePath) {
          for feed in tree.feeds(of: name, in: typePath, module: module) {
            let location = "\(feed.path):\(feed.feed.line)"
            guard seen.insert(location).inserted else { continue }
            blockedBy.append(location)
            let note = feed.note.isEmpty ? "" : " (\(feed.note))"
            reasons.append("blocked: `$\(name)` feeds a pipeline at \(location)\(note)")
          }
        }
        for send in tree.willChangeSends(in: typePath) {
          reasons.append(
            "`\(typePath)` calls `objectWillChange.send()` by hand at \(send.path):\(send.line): "
              + "`@Observable` tracks changes itself, so that call and what it signals must be rewritten")
        }
      }
      if disposition == .migrate {
        reasons.append(contentsOf: notes.observable)
        gates = notes.observableGates
      }
    case .operatorPipeline:
      let text = candidate.matchText
      if contains(text, "debounce") || contains(text, ". collect") {
        reasons.append(contentsOf: notes.clockAlgorithms)
        gates += notes.clockGates
      }
      if contains(text, ". share (") {
        reasons.append(contentsOf: notes.asyncShare)
        gates += notes.shareGates
      }
      // A source the file could not place (`repository.changes()`): its declaration may say.
      if candidate.disposition == .migrate, let key = candidate.key, reasons.count >= 2,
        let separator = key.firstIndex(of: "\u{1F}")
      {
        let name = String(key[..<separator])
        let source = String(key[key.index(after: separator)...])
        // A member path (`manager.updates`): a subject of the tree, if the use is its consumer.
        if name.hasPrefix(".") {
          let member = String(name.dropFirst())
          if let subject = tree.subjectConsumers.source(
            at: "\(file.path):\(candidate.range.start.line)", member: member)
          {
            let what =
              subject.subject == member
              ? "`\(member)` is the `\(subject.kind)` declared at \(subject.place)"
              : "`\(member)` re-exposes `\(subject.subject)`, the `\(subject.kind)` declared at \(subject.place)"
            reasons[1] = OperatorPipelineDetector.endlessReason(source, declaration: what)
          }
        } else if case let (owner, function) = Self.splitOwner(name),
          let known = tree.sourceEnd(of: function, owner: owner), !known.places.isEmpty
        {
          let declared = Self.declarations(of: function, at: known.places)
          switch known.end {
          case .oneShot:
            phase = .oneShot
            let plain = "plain per-value operators: "
            if reasons[0].hasPrefix(plain) {
              reasons[0] = "plain transform of one value: " + reasons[0].dropFirst(plain.count)
            }
            reasons[1] = OperatorPipelineDetector.oneShotReason(
              source, declaration: "\(declared) \(known.places.count == 1 ? "returns" : "return") a one-shot publisher")
          case .endless:
            reasons[1] = OperatorPipelineDetector.endlessReason(
              source,
              declaration: "\(declared) \(known.places.count == 1 ? "is" : "are") built from an endless source")
          case .unknown:
            break
          }
        }
      }
      // A test of the library's own publisher API keeps testing it while the publisher stays;
      // so does a test of a `$property` of its public model.
      if disposition == .migrate, let module, tree.testModules.contains(module),
        let read = tree.clientModelFeeds["\(file.path):\(candidate.range.start.line)"]
      {
        (disposition, phase) = (.keep, nil)
        // What would have it rewritten: the source's advice and the property's wait for it.
        reasons.removeAll { $0.hasPrefix("source ") || $0.hasPrefix("starts from `$") }
        reasons.insert(
          "tests `$\(read.property)` of `\(read.type)`, the public model of library `\(read.module)`, which keeps "
            + "its `@Published` publishers for clients: keep this test with it", at: 0)
      }
      if disposition == .migrate, let module, tree.testModules.contains(module),
        let tested = tree.libraryAPI.tested(by: candidate.matchText)
      {
        (disposition, phase) = (.keep, nil)
        // The advice to replace the chain is what this verdict overrules.
        reasons.removeAll { $0.hasPrefix("source ") }
        reasons.insert(
          "tests `\(tested.name)` at \(tested.place), public Combine API of library `\(tested.module)`, which stays "
            + "for its clients: keep this test with it (add one for the `async` alternative beside it)", at: 0)
      }
      // A pipeline of such a test that names no API but starts from a subject of the test (its
      // test subscriber's) is the test's harness: it stays with the test. One over a notification
      // or a timer tests nothing of the library, and migrates.
      if disposition == .migrate, let testedAPI,
        Self.readsOwnSubject(candidate.matchText, subjects: file.facts.subjects)
      {
        (disposition, phase) = (.keep, nil)
        reasons.removeAll { $0.hasPrefix("source ") }
        reasons.insert(Self.inTestOf(testedAPI, keep: "keep this test's pipeline with it"), at: 0)
      }
      // The `for await` loop that replaces a chain whose source keeps delivering (or may) iterates
      // the publisher's `.values` (`NotificationCenter.notifications(named:)` likewise), which
      // needs iOS 15: below it the advice is gated like the `.values` bridges themselves. A
      // one-shot source becomes an `async` call, which Swift back-deploys to iOS 13.
      if disposition == .migrate,
        phase != .oneShot || reasons.contains(where: { $0.hasPrefix(OperatorPipelineDetector.takesOnePrefix) })
      {
        reasons.append(contentsOf: notes.asyncValues)
        gates += notes.valuesGates
      }
    case .observableUse:
      guard let use = observableUse(candidate, tree: tree) else { return nil }
      unit = use.unit
      if disposition == .migrate, let model = use.unit ?? (candidate.typePath.isEmpty ? nil : candidate.typePath),
        let owner = tree.clientModels[model]
      {
        // It changes only with its model, which stays: the replacement the detector wrote
        // (`@StateObject` → `@State`) would stop the view from observing it.
        (disposition, phase) = (.keep, nil)
        reasons.append(Self.clientModelReason(model, module: owner))
        (message, help) = Self.keptModelUse(candidate.message, model: model)
        break
      }
      reasons += use.reasons
      blockedBy += use.blockedBy
      if disposition == .migrate {
        reasons.append(contentsOf: notes.observable)
        gates = notes.observableGates + use.modelGates
      }
    case .valuesBridge:
      reasons.append(contentsOf: notes.asyncValues)
    case .queueGuardedState:
      // Neither lock the remedy names exists below iOS 16 (pocket-casts targets iOS 15).
      if reasons.last?.hasPrefix(QueueGuardedStateDetector.lockRemedy) == true {
        reasons.append(contentsOf: notes.lock)
      }
    case .combineAPI:
      guard let decided = combineAPI(candidate, module: module, tree: tree) else { return nil }
      (disposition, phase) = (decided.0, decided.1)
      reasons += decided.2
    case .subject:
      // The verdict counts consumers across the tree, so it is made here, not in the file.
      if candidate.disposition == .keep, candidate.reasons.isEmpty,
        let subject = file.facts.subjects.first(where: { $0.offset == candidate.offset })
      {
        let verdict = SubjectConsumers.verdict(
          subject, tree.subjectConsumers.result(for: subject, in: file.path),
          exportedBy: subject.isPublic ? module.flatMap { tree.exports($0) ? $0 : nil } : nil)
        (disposition, phase) = (verdict.0, verdict.1)
        reasons = verdict.2 + reasons
        // A test of the library's publisher API feeds it or reads it through this subject: the
        // test stays with the API, and its subject with it (GRDB's Combine tests).
        if disposition == .migrate, let testedAPI {
          (disposition, phase) = (.keep, nil)
          reasons = [Self.inTestOf(testedAPI, keep: "keep this test's subject with it")] + candidate.reasons
        }
      }
    default:
      break
    }
    // A `Just`, `Fail` or `Future` of a test of the library's publisher API is the test's input
    // to that API (CombineExt's `Just("").delay(…).flatMapFirst { … }`): it stays with the test.
    if candidate.category == .oneShotFuture, disposition == .migrate, let testedAPI {
      (disposition, phase) = (.keep, nil)
      reasons.insert(
        Self.inTestOf(testedAPI, keep: "this is the test's input to it, so it stays with the test"), at: 0)
    }
    if disposition == .keep || disposition == .leaveAlone { phase = nil }
    // A migration whose replacement the deployment target does not offer is not `migrate`: the
    // reason above says the target is too low, and the verdict must say the same. The phase
    // stays: it is where the finding goes once the target rises.
    if disposition == .migrate && !gates.isEmpty { disposition = .blockedByDeploymentTarget }
    var finding = Finding(
      fingerprint: "", ruleID: candidate.ruleID, category: candidate.category, severity: candidate.severity,
      disposition: disposition, phase: phase, module: module, file: file.path, range: candidate.range,
      symbol: candidate.symbol, message: message, help: help, reasons: reasons,
      blockedBy: blockedBy, matchText: candidate.matchText)
    if disposition == .blockedByDeploymentTarget { finding.deploymentGates = Self.merged(gates) }
    finding.unit = unit
    return finding
  }
}
