import ScanModel

/// `migrate-scan diff --format json`: the same progress as `DiffMarkdownReport`, for machines,
/// described by `diff.schema.json` beside this file.
///
/// Keys come in the schema's order; every documented key is always present (`null` for a
/// missing optional value, `[]` for an empty list). Streamed a chunk at a time like the scan's
/// JSON report. Bump `schemaVersion` on any change that is not adding a key.
package enum DiffJSONReport {
  /// The version of this layout, the top-level `schemaVersion`.
  package static let schemaVersion = 1

  /// The document, ending with a newline.
  package static func render(_ diff: ReportDiff, toolVersion: String) -> String {
    JSONOutput.document(capacity: 4096) { write(diff, toolVersion: toolVersion, to: &$0) }
  }

  /// Streams the document to `sink` in chunks, in order; the bytes are those of `render`.
  package static func stream(
    _ diff: ReportDiff, toolVersion: String, chunkSize: Int = 1 << 20, to sink: @escaping ([UInt8]) -> Void
  ) {
    JSONOutput.stream(chunkSize: chunkSize, to: sink) { write(diff, toolVersion: toolVersion, to: &$0) }
  }

  private static func write(_ diff: ReportDiff, toolVersion: String, to output: inout JSONOutput) {
    output.beginObject()
    output.key("schemaVersion")
    output.int(schemaVersion)
    output.key("tool")
    output.beginObject()
    output.key("name")
    output.string("migrate-scan")
    output.key("version")
    output.string(toolVersion)
    output.endObject()
    output.key("old")
    write(diff.old, to: &output)
    output.key("new")
    write(diff.new, to: &output)
    output.key("warnings")
    output.strings(diff.warnings)
    output.key("totals")
    output.beginObject()
    output.key("done")
    output.int(diff.done)
    output.key("added")
    output.int(diff.added)
    output.key("remaining")
    output.int(diff.remaining)
    output.key("moved")
    output.int(diff.moved)
    output.key("openLines")
    output.int(diff.openLines)
    output.key("newFindings")
    output.int(diff.newFindings)
    output.key("newFixNow")
    output.int(diff.newFixNow)
    output.key("goneFindings")
    output.int(diff.goneFindings)
    output.endObject()
    output.key("sections")
    output.beginArray()
    for section in diff.sections {
      output.element()
      write(section, to: &output)
    }
    output.endArray()
    output.endObject()
  }

  private static func write(_ side: ReportDiff.Side, to output: inout JSONOutput) {
    output.beginObject()
    output.key("path")
    output.string(side.path)
    output.key("toolVersion")
    output.string(side.toolVersion)
    output.key("root")
    output.string(side.root)
    output.key("findings")
    output.int(side.findings)
    output.key("steps")
    output.int(side.steps)
    output.endObject()
  }

  private static func write(_ section: ReportDiff.Section, to output: inout JSONOutput) {
    output.beginObject()
    output.key("id")
    output.string(section.id)
    output.key("title")
    output.string(section.title)
    output.key("done")
    output.int(section.done)
    output.key("added")
    output.int(section.added)
    output.key("remaining")
    output.int(section.remaining)
    output.key("moved")
    output.int(section.moved)
    output.key("newFindings")
    output.int(section.newFindings)
    output.key("goneFindings")
    output.int(section.goneFindings)
    output.key("modules")
    output.beginArray()
    for module in section.modules {
      output.element()
      output.beginObject()
      output.key("name")
      output.string(module.name)
      output.key("done")
      write(module.done, to: &output)
      output.key("added")
      write(module.added, to: &output)
      output.key("remaining")
      write(module.remaining, to: &output)
      output.key("moved")
      output.beginArray()
      for moved in module.moved {
        output.element()
        write(moved.step, from: moved.from, to: &output)
      }
      output.endArray()
      output.key("newFindings")
      output.beginArray()
      for finding in module.newFindings {
        output.element()
        write(finding, to: &output)
      }
      output.endArray()
      output.key("goneFindings")
      output.int(module.goneFindings)
      output.endObject()
    }
    output.endArray()
    output.endObject()
  }

  private static func write(_ steps: [ReportDiff.Step], to output: inout JSONOutput) {
    output.beginArray()
    for step in steps {
      output.element()
      write(step, from: nil, to: &output)
    }
    output.endArray()
  }

  /// One step; a moved step also says which section it came `from`.
  private static func write(_ step: ReportDiff.Step, from: String?, to output: inout JSONOutput) {
    output.beginObject()
    output.key("id")
    output.string(step.id)
    output.key("kind")
    output.string(step.kind)
    output.key("title")
    output.string(step.title)
    output.key("unit")
    output.string(step.unit)
    output.key("folder")
    output.string(step.folder)
    output.key("findings")
    output.int(step.findings)
    output.key("lines")
    output.int(step.lines)
    if let from {
      output.key("from")
      output.string(from)
    }
    output.endObject()
  }

  private static func write(_ finding: ReportDiff.Finding, to output: inout JSONOutput) {
    output.beginObject()
    output.key("fingerprint")
    output.string(finding.fingerprint)
    output.key("ruleId")
    output.string(finding.ruleID)
    output.key("severity")
    output.string(finding.severity)
    output.key("disposition")
    output.string(finding.disposition)
    output.key("file")
    output.string(finding.file)
    output.key("line")
    output.int(finding.line)
    output.key("column")
    output.int(finding.column)
    output.key("symbol")
    output.string(finding.symbol)
    output.key("message")
    output.string(finding.message)
    output.key("step")
    output.string(finding.step)
    output.endObject()
  }
}
