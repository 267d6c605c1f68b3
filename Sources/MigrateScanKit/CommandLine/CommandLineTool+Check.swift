import FoundationEssentials
import ScanModel

#if canImport(Glibc)
  import Glibc
#endif

extension CommandLineTool {
  /// `migrate-scan check`: exit 1 when what a change adds fails the policy, never on what was
  /// already there. "What a change adds" is, in order of preference: the findings of the staged
  /// change or the change since a revision, compared with the same tree before it (`--staged`,
  /// `--since`); the findings not in a baseline (`--baseline` or the configuration's); or,
  /// with neither, every finding.
  static func runCheck(_ invocation: Invocation, io: inout some TextOutput) throws(CLIError) -> ExitCode {
    let session = try ScanSession(invocation: invocation)
    let failValues = invocation.failOn.isEmpty ? session.configuration.failOn : invocation.failOn
    let policy =
      failValues.isEmpty ? FailPolicy.preCommit : try FailPolicy(values: failValues, catalog: session.catalog)
    var scanner = Scanner(catalog: session.catalog)
    scanner.suppressibleNames = session.suppressibleNames
    scanner.warningPathBase = display("", root: session.root)
    let reports = try checkReports(invocation)
    // A machine report on stdout replaces the lines for people (they would corrupt it).
    let reportOnStdout = reports.contains { $0.path == nil }
    // A missing or unwritable output folder is said before the work, not after it.
    for case .some(let path) in reports.map(\.path) { try AtomicFileWriter.checkDestination(path) }

    let added: [Finding]
    let checked: CheckedTree
    var failed = false
    var ratchetSummary: String?
    var unexplained: [String] = []
    if invocation.staged || invocation.since != nil {
      let changed: [String]
      (added, checked, changed) = try changeFindings(invocation, session: session, scanner: scanner, io: &io)
      // Of the tree's warnings (stale or misspelt suppressions), those in the changed files: the
      // rest was there before the change.
      if !invocation.quiet {
        for warning in checked.outcome.warnings
        where changed.contains(where: { warning.hasPrefix(scanner.warningPathBase + $0 + ":") }) {
          io.errLine(warning)
        }
      }
      unexplained = suppressionsWithoutReason(checked.analyses, session: session, only: Set(changed))
    } else {
      let (analyses, skipped, unreadable) = try session.analyzeTree(scanner: scanner, showProgress: false)
      let outcome = scanner.finish(
        analyses, moduleMap: session.moduleMap, planBuilder: session.planBuilder, jobs: session.jobs)
      warn(outcome.warnings, skipped: skipped, invocation: invocation, io: &io)
      warnIfEmpty(analyses.map(\.path), session: session, invocation: invocation, io: &io)
      try requireRead(unreadable)
      checked = (analyses, skipped, outcome)
      unexplained = suppressionsWithoutReason(analyses, session: session)
      let baselinePath = invocation.baseline ?? session.configuration.baseline
      if invocation.ratchet && baselinePath == nil {
        throw .needsOption("--ratchet", needs: "--baseline (or a baseline in the configuration)")
      }
      if let path = baselinePath {
        let (new, gone) = try readBaseline(path).compare(outcome.findings)
        added = new
        if invocation.ratchet && !gone.isEmpty {
          let message = ratchetFailure(gone: gone, baselinePath: path, invocation: invocation, root: session.root)
          for line in message.entries {
            if reportOnStdout { io.errLine(line) } else { io.outLine(line) }
          }
          ratchetSummary = message.summary
          failed = true
        }
      } else {
        added = outcome.findings
      }
    }

    let offending = added.filter(policy.fails)
    if !reports.isEmpty {
      // The reports hold the failing findings only; a check plans nothing. Each one fails the
      // check, so each is an error there (a `::warning` on the line that failed the pull
      // request would say the opposite of the red job); the fingerprints are the scan's.
      var outcome = checked.outcome
      outcome.plan = MigrationPlan()
      let failing = offending.map { finding in
        var failing = finding
        failing.severity = .error
        return failing
      }
      let report = session.report(
        analyses: checked.analyses, skipped: checked.skipped, outcome: outcome, findings: failing)
      try write(report, to: reports, io: &io)
    }
    if !reportOnStdout {
      for finding in offending {
        let location =
          "\(display(finding.file, root: session.root)):\(finding.range.start.line):\(finding.range.start.column)"
        io.outLine("\(location): error: \(finding.message) [\(finding.ruleID)]")
        io.outLine("    help: \(finding.help)")
      }
    }
    // A failure says why even with --quiet; a pass is quiet with it.
    if !offending.isEmpty {
      io.errLine("migrate-scan check: \(offending.count) new finding(s) fail the policy")
    }
    if let ratchetSummary { io.errLine(ratchetSummary) }
    for line in unexplained { io.errLine(line) }
    if !unexplained.isEmpty { failed = true }
    if offending.isEmpty && !failed && !invocation.quiet {
      io.errLine("migrate-scan check: passed (\(added.count) new finding(s), none that the policy fails on)")
    }
    return failed || !offending.isEmpty ? .policyFailure : .success
  }

  /// The tree a check looked at (after the change), for its reports.
  private typealias CheckedTree = (analyses: [FileAnalysis], skipped: [SkippedFile], outcome: Scanner.Outcome)

  /// The reports a check writes: those `--format` and `--output` ask for, as for a scan; none
  /// (only the lines for people) when neither is given.
  private static func checkReports(_ invocation: Invocation) throws(CLIError) -> [Invocation.Output] {
    invocation.format == nil && invocation.outputPaths.isEmpty ? [] : try invocation.outputs()
  }

  /// The path as an editor opens it from any directory: absolute, as in the xcode format.
  /// An absolute path (a file reached through `--follow-symlinks` out of the root) is as it is.
  static func display(_ file: String, root: String) -> String {
    ReportPaths.absolute(file, root: root)
  }

  /// The findings a git change adds: those of the tree with the changed files as they are after
  /// the change that pair with nothing in the same tree with those files (and the deleted ones)
  /// as they were before (`FindingPairing`). Whole-tree context matters: a helper declared in an
  /// untouched file makes a new call site a Future/Task wrapper.
  private static func changeFindings(
    _ invocation: Invocation, session: ScanSession, scanner: Scanner, io: inout some TextOutput
  ) throws(CLIError) -> (added: [Finding], checked: CheckedTree, changed: [String]) {
    let repository = try GitRepository(containing: session.root)
    // `--since` compares with the merge base; git never reads the work tree (no filter runs).
    let gitChange =
      if let revision = invocation.since { try repository.change(since: revision) } else {
        try repository.stagedChange()
      }
    let prefix = try rootPrefix(session.root, topLevel: repository.topLevel)

    // The changed files the scan of the tree would read: the same filters, skips and limits.
    // Project files too (`project.pbxproj`, `.xcconfig`, a workspace): a change that only moves
    // a file to another target or raises a deployment target changes the modules, so each side
    // reads its own version of them.
    let admitted: (String) -> Bool = {
      $0.hasPrefix(prefix)
        && (session.discovery.admits(String($0.dropFirst(prefix.count)))
          || session.discovery.admitsProjectFile(String($0.dropFirst(prefix.count))))
    }
    let inside = gitChange.changes.filter { admitted($0.path) }
    let deletedInside = gitChange.deleted.filter(admitted)
    // Every blob the comparison needs, fetched from git in one batch.
    let oldRevision = gitChange.oldRevision
    var requests: [(path: String, revision: String)] = []
    for change in inside {
      if invocation.staged { requests.append((change.path, "")) }
      if let oldPath = change.oldPath { requests.append((oldPath, oldRevision)) }
    }
    // A deleted file's findings are on the before side: a wrapper moved out of it into a new
    // file pairs with its old self (`FindingPairing`).
    for path in deletedInside { requests.append((path, oldRevision)) }
    var blobs = repository.contents(of: requests)[...]
    var after: [String: [UInt8]] = [:]
    var before: [String: [UInt8]] = [:]
    for change in inside {
      let path = String(change.path.dropFirst(prefix.count))
      var new: [UInt8]?
      if invocation.staged {
        new = blobs.popFirst() ?? nil
        if new == nil { try requireRead([SkippedFile(path: path, reason: "git gave no contents for it")]) }
        if let bytes = new, bytes.count > session.discovery.maxFileSize { new = nil }
      } else {
        // Read through the scan's reader (a file that cannot be read, a FIFO or a device,
        // fails the check instead of passing it).
        new = try readWorkTree(
          Array((repository.topLevel + "/").utf8) + FileName.bytes(change.path), display: path,
          maxSize: session.discovery.maxFileSize)
      }
      let old = change.oldPath == nil ? nil : blobs.popFirst() ?? nil
      guard let new else { continue }
      after[path] = new
      if change.oldPath != nil { before[path] = old }
    }
    for path in deletedInside {
      if let old = blobs.popFirst() ?? nil { before[String(path.dropFirst(prefix.count))] = old }
    }

    let newFiles = after.sorted { $0.key < $1.key }
    // A project file is handed to the graph, never lexed; it makes no finding of its own.
    let discovery = session.discovery
    let isProject: @Sendable (String) -> Bool = { !$0.hasSuffix(".swift") && discovery.admitsProjectFile($0) }
    let changedPaths = newFiles.map(\.key).filter { !isProject($0) }
    let analyze: @Sendable (String, [UInt8]) -> FileAnalysis = { path, bytes in
      isProject(path) ? Scanner.projectFile(path: path, bytes: bytes) : scanner.analyze(path: path, bytes: bytes)
    }
    let newAnalyses = ParallelMap.map(count: newFiles.count, jobs: session.jobs) { index in
      analyze(newFiles[index].key, newFiles[index].value)
    }
    // Old contents are analysed under the new path, so a renamed file keeps its fingerprints.
    let oldFiles = before.sorted { $0.key < $1.key }
    let oldAnalyses = ParallelMap.map(count: oldFiles.count, jobs: session.jobs) { index in
      analyze(oldFiles[index].key, oldFiles[index].value)
    }

    // The changed files were analysed from git's contents above, so the walk skips them; of the
    // rest it analyses only what the change can affect (`ChangeScope`), unless told otherwise.
    var treeSession = session
    // A deleted file still on disk (`git rm --cached`) is not part of the tree after the change.
    let changedOnDisk = Set(after.keys).union(deletedInside.map { String($0.dropFirst(prefix.count)) })
    let excluded = session.discovery.isExcluded
    treeSession.discovery.isExcluded = { excluded($0) || changedOnDisk.contains($0) }
    let scope = ChangeScope(before: oldAnalyses, after: newAnalyses)
    var analyzing: (@Sendable ([UInt8]) -> Bool)?
    if !invocation.wholeTree && scope.wholeTreeReason == nil { analyzing = { @Sendable bytes in scope.needs(bytes) } }
    let (unchanged, skipped, unreadable) = try treeSession.analyzeTree(
      scanner: scanner, showProgress: false, analyzing: analyzing)
    try requireRead(unreadable)
    // Only fingerprints are compared, so neither side needs a plan; and unless a manifest
    // changed, both sides have the same modules, so the graph is built once.
    let afterOutcome = scanner.finish(
      unchanged + newAnalyses, moduleMap: session.moduleMap, planBuilder: session.planBuilder, planning: false,
      jobs: session.jobs)
    // A manifest or project file that changed gives the before side other modules.
    let manifestChanged =
      newAnalyses.contains { $0.manifest != nil } || oldAnalyses.contains { $0.manifest != nil }
    let beforeOutcome = scanner.finish(
      unchanged + oldAnalyses, moduleMap: session.moduleMap, planBuilder: session.planBuilder, planning: false,
      reusedGraph: manifestChanged ? nil : afterOutcome.graph, jobs: session.jobs)
    // Paired as a reviewer would: an edited, renamed or moved finding is not new.
    let added = FindingPairing.added(after: afterOutcome.findings, before: beforeOutcome.findings)
    return (added, (unchanged + newAnalyses, skipped, afterOutcome), changedPaths)
  }

  /// The scanned root's path inside the repository, with a trailing `/` (or empty at the top).
  private static func rootPrefix(_ root: String, topLevel: String) throws(CLIError) -> String {
    guard let resolvedRoot = realpath(root, nil), let resolvedTop = realpath(topLevel, nil) else {
      throw .runtime("cannot resolve '\(root)' inside the repository '\(topLevel)'")
    }
    defer {
      free(resolvedRoot)
      free(resolvedTop)
    }
    let rootPath = String(cString: resolvedRoot)
    let topPath = String(cString: resolvedTop)
    if rootPath == topPath { return "" }
    guard rootPath.hasPrefix(topPath + "/") else {
      throw .runtime("'\(root)' is not inside the repository '\(topLevel)'")
    }
    return String(rootPath.dropFirst(topPath.count + 1)) + "/"
  }
}
