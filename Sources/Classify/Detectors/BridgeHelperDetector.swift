/// Declarations that bridge the two worlds, from `BridgeHelperScanner`.
///
/// Phase `prepare` (gathered in one place while callers move); the global pass turns it into
/// `cleanup` when nothing in the tree uses the helper any more.
struct BridgeHelperDetector: Detector {
  static let name = "bridge-helper"
  var names: [String] { [Self.name] }

  // Every bridge helper's head says `async`.
  func mayFind(in file: FileContext) -> Bool { file.hints.hasAsync }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    for entry in file.helperEntries {
      let helper = entry.helper
      var reasons: [String] = []
      var anchor: String?
      switch helper.kind {
      case .futureInitialiser:
        anchor = "Future"
        reasons.append(
          "`Future` initialiser taking an async operation and wrapping it in a `Task`: cancelling the publisher "
            + "does not cancel the `Task`; its call sites are `future-task-wrapper` findings")
      case .futureFunction:
        anchor = "Future"
        reasons.append(
          "`\(helper.name)` wraps an async operation in `Future { promise in Task { … } }`: cancelling the "
            + "publisher does not cancel the `Task`; its call sites are `future-task-wrapper` findings")
      case .futureFactory:
        anchor = "Future"
        reasons.append(
          "`Future.\(helper.name)` wraps an async operation in a `Future` that starts a `Task`: cancelling the "
            + "publisher does not cancel the `Task`; its call sites are `future-task-wrapper` findings")
      case .member:
        reasons.append("bridges a publisher to async code (`\(helper.name)`): keep such helpers in one place")
      }
      output.hits.append(
        DetectorHit(
          name: Self.name, start: entry.start, end: entry.end, anchor: anchor, reasons: reasons, key: helper.name))
    }
  }
}
