import ScanModel

/// The `sarif` format: SARIF 2.1.0, ready for GitHub code scanning upload.
///
/// Built on the same ordered `JSONWriter` as the JSON report rather than `Encodable` structs, so
/// key order and layout are ours and the golden is stable across toolchains. Each object below
/// names its section of the specification:
/// https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
///
/// Paths are relative to the scanned root and resolved through the `%SRCROOT%` base id, columns
/// are Unicode scalar columns (`columnKind: unicodeCodePoints`), and suppressed findings are
/// kept as results with an in-source suppression so code scanning shows them as dismissed.
package enum SARIFReport {
  /// The schema the log points at (`$schema`, §3.13.3).
  package static let schemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
  /// The base id every artifact location is relative to (§3.14.14).
  package static let sourceRootID = "%SRCROOT%"
  /// The key of our fingerprint in `partialFingerprints` (§3.27.17): versioned, so a change of
  /// the fingerprint algorithm can start a new key instead of reopening every alert.
  package static let fingerprintKey = "migrateScan/v1"

  /// The report as a SARIF log, ending with a newline.
  package static func render(_ report: ScanReport) -> String {
    JSONWriter.write(log(report))
  }

  // §3.13 sarifLog: one run per scan.
  private static func log(_ report: ScanReport) -> JSONValue {
    .object([
      JSONMember("$schema", .string(schemaURI)),
      JSONMember("version", .string("2.1.0")),
      JSONMember("runs", .array([run(report)])),
    ])
  }

  // §3.14 run.
  private static func run(_ report: ScanReport) -> JSONValue {
    let rules = report.rules.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    // Lookup only (never iterated), so hashing cannot reach the output.
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
    return .object([
      // §3.18 tool, §3.19 toolComponent.
      JSONMember(
        "tool",
        .object([
          JSONMember(
            "driver",
            .object([
              JSONMember("name", .string(report.tool.name)),
              JSONMember("version", .string(report.tool.version)),
              JSONMember("rules", .array(rules.map(reportingDescriptor))),
            ])
          )
        ])
      ),
      // §3.14.14 originalUriBaseIds.
      JSONMember("originalUriBaseIds", .object([JSONMember(sourceRootID, sourceRoot(report.root))])),
      // §3.14.27 columnKind: our `scalarColumn` counts Unicode scalars.
      JSONMember("columnKind", .string("unicodeCodePoints")),
      // §3.14.23 results.
      JSONMember("results", .array(report.findings.map { result($0, ruleIndex: ruleIndex[$0.ruleID]) })),
    ])
  }

  // §3.49 reportingDescriptor, with §3.50 reportingConfiguration as its default configuration.
  private static func reportingDescriptor(_ rule: RuleInfo) -> JSONValue {
    .object([
      JSONMember("id", .string(rule.id)),
      JSONMember("shortDescription", .object([JSONMember("text", .string(rule.message))])),
      JSONMember("fullDescription", .object([JSONMember("text", .string("\(rule.message). \(rule.help)"))])),
      // §3.12 multiformatMessageString: `help` is written as Markdown (code in backticks).
      JSONMember(
        "help", .object([JSONMember("text", .string(rule.help)), JSONMember("markdown", .string(rule.help))])),
      JSONMember("defaultConfiguration", .object([JSONMember("level", .string(level(rule.severity)))])),
      // §3.8 property bag; `tags` is what code scanning filters on.
      JSONMember(
        "properties",
        .object([
          JSONMember("category", .string(rule.category.rawValue)),
          JSONMember("tags", .strings(["combine-migration", rule.category.rawValue])),
        ])
      ),
    ])
  }

  // §3.4 artifactLocation for the base id. An absolute root becomes a `file:` URI ending in `/`.
  // A relative root has no `uri`: a base id's top-level `uri` must be absolute (SARIF validator
  // rule SARIF1018), and an absent one tells consumers to resolve paths themselves, which GitHub
  // code scanning does against the repository root.
  private static func sourceRoot(_ root: String) -> JSONValue {
    let description = JSONMember(
      "description", .object([JSONMember("text", .string("The scanned root, named `\(root)` on the command line"))]))
    guard root.hasPrefix("/") else { return .object([description]) }
    let path = root.hasSuffix("/") ? root : root + "/"
    return .object([JSONMember("uri", .string("file://" + URIEncoding.encodePath(path))), description])
  }

  // §3.27 result.
  private static func result(_ finding: Finding, ruleIndex: Int?) -> JSONValue {
    var members = [JSONMember("ruleId", .string(finding.ruleID))]
    if let ruleIndex { members.append(JSONMember("ruleIndex", .int(ruleIndex))) }
    members.append(JSONMember("level", .string(level(finding.severity))))
    members.append(JSONMember("message", .object([JSONMember("text", .string(finding.message))])))
    members.append(JSONMember("locations", .array([location(finding)])))
    members.append(
      JSONMember("partialFingerprints", .object([JSONMember(fingerprintKey, .string(finding.fingerprint))])))
    // §3.35 suppression. An empty array says "checked, not suppressed" (§3.27.23), which is
    // what we know; an absent one would mean "unknown".
    let suppressions: [JSONValue] =
      finding.suppression.map {
        [.object([JSONMember("kind", .string("inSource")), JSONMember("justification", .string($0))])]
      }
      ?? []
    members.append(JSONMember("suppressions", .array(suppressions)))
    members.append(JSONMember("properties", properties(finding)))
    return .object(members)
  }

  // §3.28 location, §3.29 physicalLocation, §3.30 region (end column is exclusive, as ours).
  private static func location(_ finding: Finding) -> JSONValue {
    .object([
      JSONMember(
        "physicalLocation",
        .object([
          JSONMember(
            "artifactLocation",
            .object([
              JSONMember("uri", .string(URIEncoding.encodePath(finding.file))),
              JSONMember("uriBaseId", .string(sourceRootID)),
            ])
          ),
          JSONMember(
            "region",
            .object([
              JSONMember("startLine", .int(finding.range.start.line)),
              JSONMember("startColumn", .int(finding.range.start.scalarColumn)),
              JSONMember("endLine", .int(finding.range.end.line)),
              JSONMember("endColumn", .int(finding.range.end.scalarColumn)),
            ])
          ),
        ])
      )
    ])
  }

  // §3.8 property bag: the plan's view of the finding. Absent values are left out, not `null`.
  private static func properties(_ finding: Finding) -> JSONValue {
    var members = [
      JSONMember("category", .string(finding.category.rawValue)),
      JSONMember("disposition", .string(finding.disposition.rawValue)),
    ]
    if let phase = finding.phase { members.append(JSONMember("phase", .string(phase.rawValue))) }
    if let module = finding.module { members.append(JSONMember("module", .string(module))) }
    if let symbol = finding.symbol { members.append(JSONMember("symbol", .string(symbol))) }
    members.append(JSONMember("reasons", .strings(finding.reasons)))
    if !finding.blockedBy.isEmpty { members.append(JSONMember("blockedBy", .strings(finding.blockedBy))) }
    return .object(members)
  }

  // §3.27.10 level: our severities are SARIF's names.
  private static func level(_ severity: Severity) -> String { severity.rawValue }
}
