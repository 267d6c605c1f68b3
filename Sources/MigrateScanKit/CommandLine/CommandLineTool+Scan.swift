import FoundationEssentials
import ParallelWork
import Reports
import RuleEngine
import ScanModel

extension CommandLineTool {
  /// `migrate-scan [scan] [DIR]`: the plan, in every requested format.
  static func runScan(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    var session = try ScanSession(invocation: invocation)
    // `--write-baseline` alone writes the baseline and says so; a plan is printed only when asked
    // for with --format or --output.
    let baselineOnly = invocation.writeBaseline != nil && invocation.format == nil && invocation.outputPaths.isEmpty
    let outputs = baselineOnly ? [] : try invocation.outputs()
    let policy = try FailPolicy(values: invocation.failOn, catalog: session.catalog)
    let baseline = try invocation.baseline.map { path throws(CLIError) in try readBaseline(path) }
    // A missing or unwritable output folder is reported now, not after the whole scan.
    for path in outputs.compactMap(\.path) + [invocation.writeBaseline].compactMap({ $0 }) {
      try AtomicFileWriter.checkDestination(path)
    }

    var scanner = Scanner(catalog: session.catalog)
    scanner.suppressibleNames = session.suppressibleNames
    scanner.warningPathBase = display("", root: session.root)
    // The history is read once, by one `git log`, on another thread while the files are
    // analysed: git is a process of its own, and its second or so on a 10,000-commit repository
    // overlaps the analysis instead of adding to it.
    let root = session.root
    // A baseline holds no disposition: writing one alone needs no history.
    let readsHistory = !invocation.noHistory && !baselineOnly
    let progress = showsProgress(invocation: invocation, io: io, outputs: outputs)
    let (analysed, history) = ParallelChunks.both(
      jobs: session.jobs > 1 ? 2 : 1,
      { [session, scanner] in
        Result { () throws(CLIError) in try session.analyzeTree(scanner: scanner, showProgress: progress) }
      },
      {
        readsHistory
          ? GitHistory.read(root: root) : .unavailable(baselineOnly ? "not read for a baseline" : "--no-history")
      })
    let (analyses, skipped, _) = try analysed.get()
    session.planBuilder.history = history
    let outcome = scanner.finish(
      analyses, moduleMap: session.moduleMap, planBuilder: session.planBuilder, jobs: session.jobs)
    warn(session.configuration.warnings + outcome.warnings, skipped: skipped, invocation: invocation, io: &io)
    warnIfEmpty(analyses.map(\.path), session: session, invocation: invocation, io: &io)

    if let path = invocation.writeBaseline {
      let written = Baseline(findings: outcome.findings)
      try AtomicFileWriter.write(written.serialized(), to: path)
      if !invocation.quiet { io.errLine("wrote a baseline of \(written.entries.count) finding(s) to \(path)") }
    }
    // With a baseline the report shows only what is new: what a reviewer needs to look at.
    let reported = baseline.map { $0.newFindings(in: outcome.findings) } ?? outcome.findings
    let report = session.report(analyses: analyses, skipped: skipped, outcome: outcome, findings: reported)
    // Freeing every file's analysis takes a while on a large tree: another thread does it while
    // this one writes the report, or exit does (`LargeValues`). The findings and the report go
    // the same way once the run is done with them.
    let unexplained = suppressionsWithoutReason(analyses, session: session)
    LargeValues.drop(consume analyses)
    defer {
      LargeValues.drop(outcome)
      LargeValues.drop(report)
    }
    try write(report, to: outputs, invocation: invocation, jobs: session.jobs, io: &io)

    // Every exit 1 says why on stderr, even with --quiet (which silences warnings, not failures).
    var failed = false
    let failing = policy.isEmpty ? 0 : reported.count(where: policy.fails)
    if failing > 0 {
      let values = invocation.failOn.joined(separator: ",")
      let listed = outputs.isEmpty ? "" : "; the report lists them"
      io.errLine("error: \(failing) finding(s) fail --fail-on \(values)\(listed)")
      failed = true
    }
    for line in unexplained { io.errLine(line) }
    if !unexplained.isEmpty { failed = true }
    if invocation.ratchet, let baseline, let path = invocation.baseline {
      let gone = baseline.goneEntries(given: outcome.findings)
      if !gone.isEmpty {
        let message = ratchetFailure(gone: gone, baselinePath: path, invocation: invocation, root: session.root)
        for line in message.entries { io.errLine(line) }
        io.errLine(message.summary)
        failed = true
      }
    }
    return failed ? .policyFailure : .success
  }

  /// Renders and writes each requested report; stdout reports are written last, files atomically.
  /// A Markdown file's links are relative to the folder it is written to.
  static func write(_ report: ScanReport, to outputs: [Invocation.Output], io: inout some TextOutput) throws(CLIError) {
    try write(report, to: outputs, options: RenderOptions(), io: &io)
  }

  /// `write`, with `--summary` and `--full-report-url` applied to the Markdown reports.
  /// `jobs` threads may render (the bytes are the same for any value).
  static func write(
    _ report: ScanReport, to outputs: [Invocation.Output], invocation: Invocation, jobs: Int = 1,
    io: inout some TextOutput
  ) throws(CLIError) {
    var options = RenderOptions()
    options.jobs = jobs
    options.markdownSummaryOnly = invocation.summary
    options.fullReportURL = invocation.fullReportURL
    try write(report, to: outputs, options: options, io: &io)
  }

  private static func write(
    _ report: ScanReport, to outputs: [Invocation.Output], options base: RenderOptions, io: inout some TextOutput
  ) throws(CLIError) {
    var paths = base
    ReportPaths(root: report.root).apply(to: &paths)
    for output in outputs {
      if let path = output.path {
        var options = paths
        if output.format == .markdown {
          options.markdownLinkBase = MarkdownLinkBase.from(outputFile: path, toRoot: report.root) ?? ""
        }
        try AtomicFileWriter.write(to: path) { sink in
          ReportWriter.stream(report, format: output.format, options: options, to: sink)
        }
        continue
      }
      // On stdout, links are relative to the current directory.
      var options = paths
      if output.format == .markdown {
        options.markdownLinkBase = MarkdownLinkBase.from(folder: ".", toRoot: report.root) ?? ""
      }
      if let stream = io.outStream {
        ReportWriter.stream(report, format: output.format, options: options, to: stream)
      } else {
        io.out(ReportWriter.render(report, format: output.format, options: options))
      }
    }
  }

  static func readBaseline(_ path: String) throws(CLIError) -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .runtime(
        "cannot read baseline '\(path)': no such file, or not readable; write one with --write-baseline \(path)")
    }
    return try Baseline.parse([UInt8](data), path: path)
  }

  /// Warnings go to stderr unless `--quiet`: skipped files, graph problems, stale suppressions.
  static func warn(_ warnings: [String], skipped: [SkippedFile], invocation: Invocation, io: inout some TextOutput) {
    guard !invocation.quiet else { return }
    for file in skipped { io.errLine("warning: skipped '\(file.path)': \(file.reason)") }
    for warning in warnings { io.errLine(warning) }
  }

  /// A progress line only on a terminal that understands it (`TERM=dumb` gets no escape codes),
  /// never with `--quiet` or a machine format on stdout.
  package static func showsProgress(
    invocation: Invocation, io: some TextOutput, outputs: [Invocation.Output],
    term: String? = ProcessInfo.processInfo.environment["TERM"]
  ) -> Bool {
    let machineOnStdout = outputs.contains { $0.path == nil && $0.format != .markdown }
    return io.errIsTerminal && term != "dumb" && !invocation.quiet && !machineOnStdout
  }

  /// Says when nothing was scanned, and which `include` globs matched no file: a wrong folder or
  /// a misspelt glob must not look like a clean tree.
  static func warnIfEmpty(
    _ paths: [String], session: ScanSession, invocation: Invocation, io: inout some TextOutput
  ) {
    guard !invocation.quiet else { return }
    if paths.isEmpty { io.errLine("warning: no Swift files under '\(session.root)'") }
    for pattern in session.configuration.include {
      let glob = Glob(pattern)
      guard !paths.contains(where: glob.matches) else { continue }
      let place = session.configuration.location(of: pattern, in: "include")
      io.errLine("\(place): warning: 'include' pattern '\(pattern)' matches no file; check the pattern")
    }
  }
}
