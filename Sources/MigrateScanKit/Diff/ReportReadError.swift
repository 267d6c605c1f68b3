import Reports

/// Why `migrate-scan diff` could not read one of its reports (exit 2), with all message text in
/// one place. Every message names the file as the user gave it and says what to do.
package enum ReportReadError: Error, Equatable, CustomStringConvertible {
  /// The file cannot be opened or read (`reason` is the system's words), or is a folder.
  case unreadable(path: String, reason: String)
  /// Nothing in the file.
  case empty(path: String)
  /// Not JSON, or cut short (`truncated`) at the position given.
  case notJSON(path: String, line: Int, column: Int, problem: String, truncated: Bool)
  /// JSON, but no migrate-scan report: `tool.name` is missing or names another program.
  case notAReport(path: String, writer: String?)
  /// A report of a layout this version does not read.
  case unknownSchemaVersion(path: String, version: Int, toolVersion: String?, root: String?)
  /// A report whose plan steps have no `id` (written before steps had ids).
  case stepsWithoutIDs(path: String, line: Int, column: Int, toolVersion: String?, root: String?)
  /// A report of the known layout with a value missing or of the wrong type.
  case malformed(path: String, line: Int, column: Int, problem: String, root: String?)

  package var description: String {
    switch self {
    case .unreadable(let path, let reason):
      // A missing file is most often the report not written yet: the command writes it there.
      let target = reason == ReportReadError.folder ? "report.json" : path
      return "cannot read '\(path)': \(reason); give a report written by 'migrate-scan DIR --output \(target)'"
    case .empty(let path):
      return "'\(path)' is empty, not a migrate-scan report; write one with 'migrate-scan DIR --output \(path)'"
    case .notJSON(let path, let line, let column, let problem, let truncated):
      if truncated {
        return "'\(path)' is cut short (\(path):\(line):\(column): \(problem)); "
          + "write it again with 'migrate-scan DIR --output \(path)'"
      }
      return "'\(path)' is not JSON (\(path):\(line):\(column): \(problem)); "
        + "give a report written by 'migrate-scan DIR --format json'"
    case .notAReport(let path, let writer):
      let why = writer.map { "its tool.name is '\($0)'" } ?? "it has no \"tool\": {\"name\": \"migrate-scan\"}"
      return
        "'\(path)' is not a migrate-scan report (\(why)); give a report written by 'migrate-scan DIR --format json'"
    case .unknownSchemaVersion(let path, let version, let toolVersion, let root):
      let known = JSONReportVersion.readable
      let writer = toolVersion.map { " (written by migrate-scan \($0))" } ?? ""
      if version > known.upperBound {
        return "'\(path)' has schemaVersion \(version)\(writer), newer than this migrate-scan "
          + "(\(MigrateScanVersion.current)) reads (\(JSONReportVersion.describe(known))); "
          + "diff with the migrate-scan that wrote it"
      }
      return "'\(path)' has schemaVersion \(version)\(writer), and this migrate-scan "
        + "(\(MigrateScanVersion.current)) reads schemaVersion \(JSONReportVersion.describe(known)); "
        + "re-run the scan with this version: \(rescan(path, root))"
    case .stepsWithoutIDs(let path, let line, let column, let toolVersion, let root):
      let writer = toolVersion.map { "migrate-scan \($0)" } ?? "a migrate-scan"
      return "'\(path)' has plan steps without an 'id' (\(path):\(line):\(column)): \(writer) wrote it before "
        + "steps had ids, which diff pairs them by; re-run the scan with this version: \(rescan(path, root))"
    case .malformed(let path, let line, let column, let problem, let root):
      return
        "'\(path)' is not a migrate-scan report as schemaVersion \(JSONReportVersion.describe(JSONReportVersion.readable)) "
        + "describes it (\(path):\(line):\(column): \(problem)); write it again with \(rescan(path, root))"
    }
  }

  /// The reason given for a folder.
  package static let folder = "it is a folder"

  /// The command that writes the report again, with its root when the report said it.
  private func rescan(_ path: String, _ root: String?) -> String {
    "migrate-scan \(root.flatMap(ReportReadError.shellWord) ?? "DIR") --output \(path)"
  }

  /// A root as a shell word: as it is when it needs no quoting, in single quotes when it holds
  /// none; nil (say `DIR`) otherwise.
  private static func shellWord(_ root: String) -> String? {
    let plain = root.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "_")
    }
    if plain && !root.isEmpty { return root }
    return root.contains("'") || root.isEmpty ? nil : "'" + root + "'"
  }
}

/// The JSON report layouts `diff` reads.
package enum JSONReportVersion {
  /// The `schemaVersion`s read: today only the one the scan writes.
  package static let readable = JSONReport.schemaVersion...JSONReport.schemaVersion

  static func describe(_ range: ClosedRange<Int>) -> String {
    range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
  }
}
