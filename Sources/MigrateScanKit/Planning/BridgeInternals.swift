import ScanModel

/// The code inside the tree's own helpers on Combine's types is the bridge, not work to migrate.
///
/// A `Future { promise in Task { … } }` inside `extension Publisher { func asyncMap … }` is how
/// that bridge works; a `Just` inside `extension Publisher { func debounceAndRemoveDuplicates … }`
/// is part of an operator its callers chain. Planned as one-shot APIs, they came out as
/// "`Publisher.asyncMap`: 3 `Future`s become `async`" before the callers that need the bridge
/// had moved. Here they join the bridge instead:
/// - inside a detected bridge helper: the helper's phase (its "gather the bridge" step while it
///   is used, its removal once nothing is), so they are one step with it;
/// - inside any other helper on a Combine type: the clean-up phase, "remove once no caller is
///   left", after the steps of its callers.
/// Each gets a reason that says so, and a remedy that fits (not "make it `async`"). Only
/// `migrate` findings move.
enum BridgeInternals {
  /// The Combine types whose extensions hold the tree's own operators and bridges.
  static let combineTypes: Set<String> = [
    "Publisher", "Publishers", "AnyPublisher", "Published", "Future", "Just", "Deferred", "Subject",
    "PassthroughSubject", "CurrentValueSubject", "Cancellable", "AnyCancellable", "Subscriber", "Subscribers",
    "Scheduler",
  ]

  /// - Parameter placed: the findings' units (`WorkUnitKey.units`): a bridge unit's findings move.
  static func apply(to findings: inout [Finding], placed: WorkUnitKey.Placement) {
    // Per helper (module and symbol): the phase of its bridge-helper finding, `prepare` if any
    // overload is still used.
    var helperPhase: [String: Phase] = [:]
    for finding in findings where finding.category == .bridgeHelper && finding.suppression == nil {
      guard let symbol = finding.symbol, let phase = finding.phase else { continue }
      let key = (finding.module ?? "") + "\u{1F}" + symbol
      if helperPhase[key] != .prepare { helperPhase[key] = phase }
    }
    for index in findings.indices {
      let finding = findings[index]
      // A `combine-api` finding is the helper's own API, whose verdict its rule gave: a library's
      // `Scheduler.timerPublisher` stays for its clients, and was told "remove it once no caller
      // is left" beside "it stays".
      guard finding.disposition == .migrate, finding.suppression == nil, finding.unit == nil,
        finding.category != .bridgeHelper, finding.category != .combineAPI, let symbol = finding.symbol
      else { continue }
      guard placed[index]?.key.kind == .bridge else { continue }
      if let phase = helperPhase[(finding.module ?? "") + "\u{1F}" + symbol] {
        findings[index].phase = phase
        findings[index].help = "Leave it inside the bridge; it goes when the bridge is removed."
        findings[index].reasons.append(
          "inside the bridge `\(symbol)`: it is how the bridge works, not a one-shot API to migrate; it goes with "
            + "the bridge once no caller is left")
        continue
      }
      let root = WorkUnitKey.typePart(of: symbol).map { String($0.prefix { $0 != "." }) } ?? ""
      guard combineTypes.contains(root) else { continue }
      findings[index].phase = .cleanup
      findings[index].help = "Leave it while callers chain `\(symbol)`; delete the helper once no caller is left."
      findings[index].reasons.append(
        "inside `\(symbol)`, a helper the tree adds to Combine's `\(root)`: its callers chain it in their "
          + "pipelines, so it is no one-shot API to migrate; remove it once no caller is left, after their steps")
    }
  }
}
