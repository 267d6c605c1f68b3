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
  ///
  /// - Parameter options: `repositoryPathPrefix` goes before each path and `sarifSourceRoot` is
  ///   what `%SRCROOT%` names.
  package static func render(_ report: ScanReport, options: RenderOptions = RenderOptions()) -> String {
    JSONOutput.document(capacity: 4096 + report.findings.count * 1280) { write(report, options: options, to: &$0) }
  }

  /// Streams the SARIF log to `sink` in chunks, in order; the bytes are those of `render`.
  package static func stream(
    _ report: ScanReport, options: RenderOptions = RenderOptions(), chunkSize: Int = 1 << 20,
    to sink: @escaping ([UInt8]) -> Void
  ) {
    JSONOutput.stream(chunkSize: chunkSize, to: sink) { write(report, options: options, to: &$0) }
  }

  private static func write(_ report: ScanReport, options: RenderOptions, to output: inout JSONOutput) {
    // Results are most of the log and are streamed (`write(result:)`); the small parts still go
    // through `JSONValue`, which costs nothing at their size.
    let rules = sortedRules(report)
    let ruleIndex = index(rules)
    // §3.13 sarifLog, with one §3.14 run per scan.
    output.beginObject()
    output.key("$schema")
    output.string(schemaURI)
    output.key("version")
    output.string("2.1.0")
    output.key("runs")
    output.beginArray()
    output.element()
    output.beginObject()
    output.key("tool")
    JSONWriter.append(tool(report, rules: rules), to: &output)
    // §3.14.14 originalUriBaseIds.
    output.key("originalUriBaseIds")
    let base = sourceRoot(
      report.root, absolute: options.sarifSourceRoot, inRepository: !options.repositoryPathPrefix.isEmpty)
    JSONWriter.append(.object([JSONMember(sourceRootID, base)]), to: &output)
    // §3.14.27 columnKind: `SourceLocation.scalarColumn` counts Unicode scalars.
    output.key("columnKind")
    output.string("unicodeCodePoints")
    output.key("results")
    output.beginArray()
    for finding in report.findings {
      output.element()
      write(
        result: finding, ruleIndex: ruleIndex[finding.ruleID], pathPrefix: options.repositoryPathPrefix, to: &output)
    }
    output.endArray()
    output.endObject()
    output.endArray()
    output.endObject()
  }

  private static func sortedRules(_ report: ScanReport) -> [RuleInfo] {
    report.rules.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// The first index of each rule id. Lookup only (never iterated), so hashing cannot reach the output.
  private static func index(_ rules: [RuleInfo]) -> [String: Int] {
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
    return ruleIndex
  }

  // §3.18 tool, §3.19 toolComponent.
  private static func tool(_ report: ScanReport, rules: [RuleInfo]) -> JSONValue {
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
  // With `absolute` (the CLI gives it) the base is that folder: the repository root when the
  // scanned folder is inside one (paths then start with the folder's place in it), else the
  // scanned folder.
  private static func sourceRoot(_ root: String, absolute: String?, inRepository: Bool) -> JSONValue {
    let text =
      inRepository
      ? "The root of the repository that holds the scanned folder `\(root)`"
      : "The scanned root, named `\(root)` on the command line"
    let description = JSONMember("description", .object([JSONMember("text", .string(text))]))
    let folder = absolute ?? root
    guard folder.hasPrefix("/") else { return .object([description]) }
    let path = folder.hasSuffix("/") ? folder : folder + "/"
    return .object([JSONMember("uri", .string("file://" + URIEncoding.encodePath(path))), description])
  }

  // §3.27 result (§3.28 location, §3.35 suppression, §3.8 property bag), streamed: results are
  // most of the log.
  private static func write(
    result finding: Finding, ruleIndex: Int?, pathPrefix: String, to output: inout JSONOutput
  ) {
    output.beginObject()
    output.key("ruleId")
    output.string(finding.ruleID)
    if let ruleIndex {
      output.key("ruleIndex")
      output.int(ruleIndex)
    }
    output.key("level")
    output.string(level(finding.severity))
    output.key("message")
    output.beginObject()
    output.key("text")
    output.string(finding.message)
    output.endObject()
    output.key("locations")
    output.beginArray()
    output.element()
    output.beginObject()
    output.key("physicalLocation")
    output.beginObject()
    output.key("artifactLocation")
    output.beginObject()
    output.key("uri")
    output.string(URIEncoding.encodePath(finding.file.hasPrefix("/") ? finding.file : pathPrefix + finding.file))
    output.key("uriBaseId")
    output.string(sourceRootID)
    output.endObject()
    output.key("region")
    output.beginObject()
    output.key("startLine")
    output.int(finding.range.start.line)
    output.key("startColumn")
    output.int(finding.range.start.scalarColumn)
    output.key("endLine")
    output.int(finding.range.end.line)
    output.key("endColumn")
    output.int(finding.range.end.scalarColumn)
    output.endObject()
    output.endObject()
    output.endObject()
    output.endArray()
    output.key("partialFingerprints")
    output.beginObject()
    output.key(text: fingerprintKey)
    output.string(finding.fingerprint)
    output.endObject()
    output.key("suppressions")
    output.beginArray()
    if let justification = finding.suppression {
      output.element()
      output.beginObject()
      output.key("kind")
      output.string("inSource")
      output.key("justification")
      output.string(justification)
      output.endObject()
    }
    output.endArray()
    output.key("properties")
    output.beginObject()
    output.key("category")
    output.string(finding.category.rawValue)
    output.key("disposition")
    output.string(finding.disposition.rawValue)
    if let phase = finding.phase {
      output.key("phase")
      output.string(phase.rawValue)
    }
    if let module = finding.module {
      output.key("module")
      output.string(module)
    }
    if let symbol = finding.symbol {
      output.key("symbol")
      output.string(symbol)
    }
    output.key("reasons")
    output.strings(finding.reasons)
    if !finding.blockedBy.isEmpty {
      output.key("blockedBy")
      output.strings(finding.blockedBy)
    }
    output.endObject()
    output.endObject()
  }

  // §3.27.10 level: our severities are SARIF's names.
  private static func level(_ severity: Severity) -> String { severity.rawValue }
}
