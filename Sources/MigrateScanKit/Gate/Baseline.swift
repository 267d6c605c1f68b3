import Classify
import Reports
import RuleEngine
import ScanModel

/// The findings a team has accepted, so the gate fails only on new ones.
///
/// The file is sorted, diff-friendly JSON, one finding a line, with a version and the tool's name
/// so a foreign or corrupt file is recognised and refused (exit 2), never read as "everything is
/// new" or "nothing is new". Each entry records the finding's fingerprint, rule, file and
/// declaration and (from version 2) its `TokenShape`; the current findings are paired with the
/// entries by `FindingPairing`, as a change check pairs the two sides of a change. So lines
/// moving, re-indentation and edits elsewhere keep an entry (equal fingerprints), and so do an
/// edit inside the baselined finding (same declaration), a renamed declaration and a move to
/// another file (alike shapes). A version-1 file (no shapes) still loads; its entries pair by
/// fingerprint and by declaration, not across declarations or files.
package struct Baseline: Sendable, Equatable {
  /// One accepted finding. `file`, `ruleId` and `symbol` are there for people reading diffs.
  package struct Entry: Sendable, Equatable, Hashable {
    package var fingerprint: String
    package var ruleID: String
    package var file: String
    package var symbol: String?
    /// What the finding's match says, for pairing it after an edit; nil in a version-1 file.
    package var shape: TokenShape?

    package init(fingerprint: String, ruleID: String, file: String, symbol: String?, shape: TokenShape? = nil) {
      self.fingerprint = fingerprint
      self.ruleID = ruleID
      self.file = file
      self.symbol = symbol
      self.shape = shape
    }
  }

  /// The version written. Version 1 (no `shape`) is still read.
  package static let currentVersion = 2
  /// The versions read.
  package static let readableVersions = 1...2

  package var entries: [Entry]

  package init(findings: [Finding]) {
    entries = findings.map {
      Entry(
        fingerprint: $0.fingerprint, ruleID: $0.ruleID, file: $0.file, symbol: $0.symbol,
        shape: TokenShape(matchText: $0.matchText))
    }
    entries.sort { lhs, rhs in
      if lhs.file != rhs.file { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
      if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
      return lhs.fingerprint < rhs.fingerprint
    }
  }

  package init(entries: [Entry]) { self.entries = entries }

  /// The fingerprints, for membership tests.
  package var fingerprints: Set<String> { Set(entries.map(\.fingerprint)) }

  /// The findings no entry pairs with (`FindingPairing`), in their given order.
  package func newFindings(in findings: [Finding]) -> [Finding] {
    compare(findings).new
  }

  /// The baseline entries no current finding pairs with (fixed or gone): what `--ratchet` fails on.
  package func goneEntries(given findings: [Finding]) -> [Entry] {
    compare(findings).gone
  }

  /// The current findings no entry pairs with, and the entries no finding pairs with.
  package func compare(_ findings: [Finding]) -> (new: [Finding], gone: [Entry]) {
    let items = entries.map { entry in
      FindingPairing.Item(
        ruleID: entry.ruleID, file: entry.file, symbol: entry.symbol, fingerprint: entry.fingerprint,
        shape: .stored(entry.shape))
    }
    let outcome = FindingPairing.pair(before: items, after: findings.map(FindingPairing.Item.init))
    return (outcome.unpairedAfter.map { findings[$0] }, outcome.unpairedBefore.map { entries[$0] })
  }

  /// The file's bytes: stable key order, one entry a line, a final newline.
  package func serialized() -> [UInt8] {
    var out = "{\n  \"tool\": \"migrate-scan\",\n  \"version\": \(Baseline.currentVersion),\n  \"findings\": ["
    for (index, entry) in entries.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\"file\": \(JSONWriter.quote(entry.file)), \"ruleId\": \(JSONWriter.quote(entry.ruleID)), "
      out += "\"symbol\": \(entry.symbol.map(JSONWriter.quote) ?? "null"), "
      out += "\"fingerprint\": \(JSONWriter.quote(entry.fingerprint))"
      if let shape = entry.shape { out += ", \"shape\": \(JSONWriter.quote(shape.serialized))" }
      out += "}"
    }
    out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return Array(out.utf8)
  }

  /// Reads a baseline file's bytes.
  ///
  /// - Throws: `CLIError.runtime` naming the file and what is wrong with it.
  package static func parse(_ bytes: [UInt8], path: String) throws(CLIError) -> Baseline {
    func corrupt(_ detail: String) -> CLIError {
      .runtime(
        "baseline '\(path)' is not a migrate-scan baseline: \(detail); "
          + "write a new one with --write-baseline")
    }
    // The same JSON reader as rules and configuration files: one set of rules for what JSON is
    // accepted, and positions in the message.
    let root: RuleEngine.ParsedJSON
    do {
      root = try JSONParser.parse(bytes, file: path)
    } catch {
      throw corrupt("invalid JSON (\(error))")
    }
    guard let members = root.objectValue else { throw corrupt("the top level is not an object") }
    guard root["tool"]?.stringValue == "migrate-scan" else { throw corrupt("'tool' is not \"migrate-scan\"") }
    guard let version = root["version"]?.integerValue else { throw corrupt("'version' is missing") }
    guard readableVersions.contains(version) else {
      throw .runtime(
        "baseline '\(path)' has version \(version); this migrate-scan reads versions "
          + "\(readableVersions.lowerBound) to \(readableVersions.upperBound); upgrade migrate-scan or write a new baseline"
      )
    }
    for member in members where !["tool", "version", "findings"].contains(member.key) {
      throw corrupt("unknown key '\(member.key)'")
    }
    guard let list = root["findings"]?.arrayValue else { throw corrupt("'findings' is not a list") }
    var entries: [Entry] = []
    for (index, item) in list.enumerated() {
      guard let fingerprint = item["fingerprint"]?.stringValue, !fingerprint.isEmpty,
        let ruleID = item["ruleId"]?.stringValue, let file = item["file"]?.stringValue
      else { throw corrupt("finding \(index + 1) lacks 'fingerprint', 'ruleId' or 'file'") }
      var shape: TokenShape?
      if version >= 2, let text = item["shape"]?.stringValue {
        guard let parsed = TokenShape(serialized: text) else {
          throw corrupt("finding \(index + 1) has a 'shape' that is not hex words")
        }
        shape = parsed
      }
      entries.append(
        Entry(fingerprint: fingerprint, ruleID: ruleID, file: file, symbol: item["symbol"]?.stringValue, shape: shape))
    }
    return Baseline(entries: entries)
  }
}
