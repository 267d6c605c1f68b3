import ScanModel

extension CommandLineTool {
  /// With the configuration's `requireSuppressionReason`, one error line per suppression comment
  /// that gives no reason after `--`, in path order; none without it.
  ///
  /// - Parameter paths: when given, only these files count (a change check holds a change to
  ///   account for what it adds, not for what was already there).
  static func suppressionsWithoutReason(
    _ analyses: [FileAnalysis], session: ScanSession, only paths: Set<String>? = nil
  ) -> [String] {
    guard session.configuration.requireSuppressionReason else { return [] }
    let setting = "requireSuppressionReason in \(session.configuration.path ?? Configuration.fileName)"
    var lines: [String] = []
    for analysis in analyses.sorted(by: { UTF8Order.precedes($0.path, $1.path) }) {
      if let paths, !paths.contains(analysis.path) { continue }
      for entry in analysis.suppressions where entry.reason == nil {
        lines.append(
          "\(display(analysis.path, root: session.root)):\(entry.line):\(entry.column): error: suppression of "
            + "\(entry.names.joined(separator: ", ")) gives no reason; write one after '--' (\(setting))")
      }
    }
    return lines
  }
}
