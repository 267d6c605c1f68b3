import Reports
import ScanModel

extension CommandLineTool {
  /// `migrate-scan diff OLD.json NEW.json`: the progress between two JSON reports, in Markdown
  /// (the default) or JSON, on stdout or to `--output` files (written atomically).
  ///
  /// Both reports are read (and refused, exit 2, when either is not one this version reads)
  /// before anything is written, so an `--output` naming one of them is safe.
  static func runDiff(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let outputs = try invocation.outputs()
    for path in outputs.compactMap(\.path) { try AtomicFileWriter.checkDestination(path) }
    let old: ReportSnapshot
    let new: ReportSnapshot
    do {
      old = try ReportSnapshotReader.read(path: invocation.arguments[0])
      new = try ReportSnapshotReader.read(path: invocation.arguments[1])
    } catch {
      throw .runtime(error.description)
    }
    let diff = ReportComparison.compare(old: old, new: new)
    if !invocation.quiet { for warning in diff.warnings { io.errLine("warning: \(warning)") } }
    for output in outputs {
      let produce: (@escaping ([UInt8]) -> Void) -> Void = { sink in
        if output.format == .json {
          DiffJSONReport.stream(diff, toolVersion: MigrateScanVersion.current, to: sink)
        } else {
          sink(Array(DiffMarkdownReport.render(diff).utf8))
        }
      }
      if let path = output.path {
        try AtomicFileWriter.write(to: path, produce)
      } else if let stream = io.outStream {
        produce(stream)
      } else {
        var text: [UInt8] = []
        produce { text += $0 }
        io.out(String(decoding: text, as: UTF8.self))
      }
    }
    // Every exit 1 says why on stderr, even with --quiet.
    if invocation.failOnNew && diff.newFixNow > 0 {
      let place = outputs.contains { $0.path == nil } ? "above" : "in the report"
      io.errLine(
        "error: \(diff.newFixNow) new fix-now finding(s) since \(old.path) (--fail-on-new); they are listed \(place)")
      return .policyFailure
    }
    return .success
  }
}
