import ScanModel

/// The title of a step, as a person would write it on the ticket: what the unit is, what happens
/// to it in this phase, and how much of each kind of finding it holds.
///
/// "`ProfileViewModel` → `@Observable`: 4 properties, 2 pipelines to rewrite first, 3 views
/// change"; "`APIClient`: 3 `Future`s become `async`"; "Fix `APIClient`: 1 continuation not
/// resumed exactly once".
struct StepTitle {
  /// How many findings of each category the step holds.
  var counts = CategoryCounts()
  /// Pipelines of the unit itself that read a `$property` of it: rewritten before the move.
  var pipelinesFirst = 0
  /// Files outside the unit whose code changes with it (the views holding a view model).
  var viewFiles = 0
  /// Subjects that can fail: an `AsyncThrowingStream` replaces those, not an `AsyncStream`.
  var throwingSubjects = 0

  func title(section: PlanSectionID, kind: StepKind, name: String) -> String {
    let code = "`\(name)`"
    switch section {
    case .fixNow:
      let bugs = parts([
        (.continuationMisuse, "continuation not resumed exactly once", "continuations not resumed exactly once"),
        (.silentFailure, "pipeline that dies on its first error", "pipelines that die on their first error"),
        (
          .assignRetainCycle, "`assign(to:on: self)` that keeps `self` alive",
          "`assign(to:on: self)`s that keep `self` alive"
        ),
      ])
      return "Fix \(code): " + (bugs.isEmpty ? others() : bugs)
    case .prepare:
      // A publisher API gets its `async` counterpart beside it: the bridge its callers move to.
      // First: a library's API on a Combine type (`Scheduler.timerPublisher`) is a bridge unit
      // too, but its callers are its clients, who never all move.
      if counts.count == 1, counts[.combineAPI] != nil {
        return "\(code): add an `async` alternative beside its publisher API" + suffix(others())
      }
      if kind == .bridge { return "Gather the bridge \(code) with the others: keep it until its callers move" }
      return "\(code): gather its bridges in one place" + suffix(others())
    case .cleanup:
      // A helper found unused says so; the code inside a helper on a Combine type goes once its
      // callers have moved.
      // A subject nothing names (`SubjectConsumers`' "unused") goes, not the type holding it.
      if kind != .bridge, let subjects = counts[.subject], counts.count == 1 {
        return "\(code): remove " + count(subjects, "unused subject", "unused subjects")
      }
      guard kind == .bridge else { return "\(code): remove what nothing uses" }
      return counts[.bridgeHelper] != nil
        ? "Remove \(code): nothing in the tree uses it any more"
        : "Remove \(code) once no caller is left: " + others()
    case .oneShot:
      var list: [String] = []
      let futures = (counts[.oneShotFuture] ?? 0) + (counts[.futureTaskWrapper] ?? 0)
      if futures > 0 {
        list.append(futures == 1 ? "1 `Future` becomes `async`" : "\(futures) `Future`s become `async`")
      }
      if let pipelines = counts[.operatorPipeline] {
        list.append(pipelines == 1 ? "1 pipeline becomes `await`" : "\(pipelines) pipelines become `await`")
      }
      if let guarded = counts[.queueGuardedState] {
        list.append(
          guarded == 1
            ? "1 queue-guarded state becomes an `actor` (or a `Mutex`)"
            : "\(guarded) queue-guarded states become an `actor` (or a `Mutex`)")
      }
      list += rest(excluding: [.oneShotFuture, .futureTaskWrapper, .operatorPipeline, .queueGuardedState])
      return "\(code): " + list.joined(separator: ", ")
    case .viewModels:
      let observable = counts[.observableObject] != nil || counts[.publishedProperty] != nil
      var list: [String] = []
      if let properties = counts[.publishedProperty] { list.append(count(properties, "property", "properties")) }
      if pipelinesFirst > 0 { list.append(count(pipelinesFirst, "pipeline", "pipelines") + " to rewrite first") }
      if let subjects = counts[.subject] {
        // The title names the stream the subjects' reasons name: one that can fail for a failing subject.
        if throwingSubjects > 0 && throwingSubjects < subjects {
          list.append("\(subjects) subjects become `AsyncStream`s or `AsyncThrowingStream`s")
        } else {
          let stream = throwingSubjects > 0 ? "AsyncThrowingStream" : "AsyncStream"
          list.append(subjects == 1 ? "1 subject becomes an `\(stream)`" : "\(subjects) subjects become `\(stream)`s")
        }
      }
      // The pipelines to rewrite first are among the step's own pipelines: not counted twice.
      let pipelines = (counts[.operatorPipeline] ?? 0) - pipelinesFirst
      if pipelines > 0 { list.append(count(pipelines, "pipeline", "pipelines") + " to rewrite") }
      list += rest(excluding: [.observableObject, .publishedProperty, .subject, .operatorPipeline])
      if viewFiles > 0 { list.append(viewFiles == 1 ? "1 view changes" : "\(viewFiles) views change") }
      let head = observable ? "\(code) → `@Observable`" : code
      return list.isEmpty ? head : head + ": " + list.joined(separator: ", ")
    case .leaveAlone:
      return "Leave \(code) alone until it must change: " + others()
    case .keep:
      return "\(code): keep on Combine: " + others()
    case .deploymentGate:
      return "\(code): " + others() + " wait for the deployment target"
    }
  }

  /// `1 thing`, `3 things`.
  private func count(_ value: Int, _ one: String, _ many: String) -> String {
    value == 1 ? "1 \(one)" : "\(value) \(many)"
  }

  private func suffix(_ text: String) -> String { text.isEmpty ? "" : " (\(text))" }

  /// The listed categories, in order, with their counts.
  private func parts(_ list: [(CategoryID, String, String)]) -> String {
    list.compactMap { category, one, many in counts[category].map { count($0, one, many) } }.joined(separator: ", ")
  }

  /// The other categories, by name.
  private func rest(excluding: [CategoryID]) -> [String] {
    // `excluding` is an array: a `Set` literal was built and hashed per step.
    counts.present.filter { !excluding.contains($0) }.sorted().map { category in
      let (one, many) = StepTitle.noun(category)
      return count(counts[category]!, one, many)
    }
  }

  /// Every category, by name.
  private func others() -> String {
    rest(excluding: []).joined(separator: ", ")
  }

  /// A category as a countable noun, one and many, for the categories a title names generically.
  static func noun(_ category: CategoryID) -> (String, String) {
    let one = singular(category)
    switch category {
    case .publishedProperty: return (one, "`@Published` properties")
    case .futureTaskWrapper: return (one, "`Future { Task { } }` wrappers")
    case .assignRetainCycle: return (one, "`assign(to:on:)` retain cycles")
    case .continuationMisuse: return (one, "continuation misuses")
    default: return (one, one + "s")
    }
  }

  private static func singular(_ category: CategoryID) -> String {
    switch category {
    case .futureTaskWrapper: return "`Future { Task { } }` wrapper"
    case .oneShotFuture: return "one-shot publisher"
    case .publishedProperty: return "`@Published` property"
    case .observableObject: return "`ObservableObject`"
    case .operatorPipeline: return "pipeline"
    case .subject: return "subject"
    case .continuationBridge: return "continuation bridge"
    case .valuesBridge: return "`.values` bridge"
    case .bridgeHelper: return "bridge helper"
    case .continuationMisuse: return "continuation misuse"
    case .silentFailure: return "silent failure"
    case .assignRetainCycle: return "`assign(to:on:)` retain cycle"
    case .queueGuardedState: return "queue-guarded state"
    case .observableUse: return "view use site"
    case .combineAPI: return "publisher API"
    }
  }
}

/// How many findings of each category a step holds, in a table by case: a dictionary per step
/// was hashed for every finding it counted. Reads as the dictionary did: nil for none.
struct CategoryCounts {
  private var values = InlineArray<16, Int>(repeating: 0)

  subscript(category: CategoryID) -> Int? {
    let value = values[category.caseOrdinal]
    return value == 0 ? nil : value
  }

  mutating func add(_ category: CategoryID) { values[category.caseOrdinal] += 1 }

  /// The categories counted at least once, in declaration order.
  var present: [CategoryID] { CategoryID.allCases.filter { values[$0.caseOrdinal] > 0 } }

  /// How many categories are counted at least once.
  var count: Int {
    var count = 0
    for index in values.indices where values[index] > 0 { count += 1 }
    return count
  }
}
