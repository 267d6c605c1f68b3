import Foundation

/// The result of comparing output with a golden file.
package enum GoldenOutcome: Equatable {
  case matched
  /// The golden was written (missing, or `MIGRATE_SCAN_RECORD=1`): the test must fail so a
  /// recording run never passes silently.
  case recorded(path: String)
  /// The output differs; `diff` shows the first differing lines.
  case mismatched(diff: String)

  /// A failure message, or `nil` when the output matched.
  package var failureMessage: String? {
    switch self {
    case .matched: return nil
    case .recorded(let path):
      return "recorded new golden at \(path); review it and run again without MIGRATE_SCAN_RECORD"
    case .mismatched(let diff): return "output differs from golden:\n\(diff)"
    }
  }
}

/// Golden-file comparison with a record mode that fails when it records.
package enum Golden {
  /// Placeholder for the tool version in goldens, so a version bump does not churn them.
  package static let versionPlaceholder = "{{VERSION}}"

  /// Compares `actual` with the file at `url`. Writes the file when it is missing or when
  /// `MIGRATE_SCAN_RECORD=1` is set, and then reports `.recorded`.
  package static func compare(_ actual: String, with url: URL) -> GoldenOutcome {
    let record = ProcessInfo.processInfo.environment["MIGRATE_SCAN_RECORD"] == "1"
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if record || existing == nil {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(actual.utf8).write(to: url)
      return .recorded(path: url.path)
    }
    guard let expected = existing, expected != actual else { return .matched }
    return .mismatched(diff: firstDifference(expected: expected, actual: actual))
  }

  /// A short unified-style view of the first lines that differ.
  package static func firstDifference(expected: String, actual: String) -> String {
    let lhs = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let rhs = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < min(lhs.count, rhs.count) && lhs[index] == rhs[index] { index += 1 }
    var lines = ["@@ line \(index + 1) @@"]
    for offset in max(0, index - 2)..<index { lines.append("  " + lhs[offset]) }
    for offset in index..<min(lhs.count, index + 5) { lines.append("- " + lhs[offset]) }
    for offset in index..<min(rhs.count, index + 5) { lines.append("+ " + rhs[offset]) }
    return lines.joined(separator: "\n")
  }
}
