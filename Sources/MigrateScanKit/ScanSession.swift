import Classify
import DependencyGraph
import FoundationEssentials
import RuleEngine
import ScanModel

/// One run's settings, resolved from the command line, the configuration file and the catalogue.
package struct ScanSession: Sendable {
  package var root: String
  package var configuration: Configuration
  package var catalog: RuleCatalog
  package var jobs: Int
  package var discovery: FileDiscovery
  package var planBuilder: PlanBuilder
  package var moduleMap: ModuleMap
  /// Every name a suppression comment may give: the ids and aliases of all loaded rules (also
  /// those disabled or left out by `--only`), the category ids and `all`.
  package var suppressibleNames: Set<String>

  /// Resolves the settings of `invocation`: reads the configuration and every rules file.
  ///
  /// - Throws: `CLIError` naming the file and what is wrong with it (exit 2).
  package init(invocation: Invocation) throws(CLIError) {
    guard invocation.arguments.count <= 1 else { throw .unexpectedArgument(invocation.arguments[1]) }
    root = invocation.arguments.first ?? "."
    if root.count > 1 && root.hasSuffix("/") { root.removeLast() }

    // A configuration in the tree names files in the tree only; one given with --config from
    // outside it is the CI's own, and trusted.
    let boundary = TreeBoundary(root: root)
    if let path = invocation.configFile {
      configuration = try ScanSession.readConfiguration(
        path, required: true, boundary: boundary.contains(path) ? boundary : nil)
    } else {
      let implicit = root + "/" + Configuration.fileName
      configuration = try ScanSession.readConfiguration(implicit, required: false, boundary: boundary)
    }

    let catalogs = try ScanSession.loadCatalogs(invocation: invocation, configuration: configuration)
    catalog = catalogs.selected
    suppressibleNames = Set(catalogs.all.rules.flatMap { [$0.id] + $0.aliases })
      .union(CategoryID.allCases.map(\.rawValue)).union(["all"])
    jobs = invocation.jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount)

    var discovery = FileDiscovery()
    discovery.followSymlinks = invocation.followSymlinks
    discovery.jobs = jobs
    discovery.maxFileSize = invocation.maxFileSize ?? configuration.maxFileSize ?? discovery.maxFileSize
    let include = configuration.include.map(Glob.init)
    let exclude = configuration.exclude.map(Glob.init)
    if !include.isEmpty { discovery.isIncluded = { path in include.contains { $0.matches(path) } } }
    discovery.isExcluded = { path in exclude.contains { $0.matches(path) } }
    self.discovery = discovery

    var planBuilder = PlanBuilder()
    if let lines = configuration.leaveAloneLines { planBuilder.leaveAlone.lines = lines }
    if let operators = configuration.leaveAloneOperators { planBuilder.leaveAlone.operators = operators }
    if let months = configuration.leaveAloneUnchangedMonths { planBuilder.leaveAlone.unchangedMonths = months }
    // A scan replaces it with what `GitHistory.read` found; a check's findings are judged without.
    planBuilder.history = .unavailable("a check reads none")
    self.planBuilder = planBuilder
    moduleMap = ModuleMap(prefixes: configuration.modules)
  }

  /// The rules that run: the built-in catalogue (or `--rules`), plus the configuration's and
  /// `--add-rules` files, less what the configuration disables, restricted by `--only`.
  package static func loadCatalog(invocation: Invocation, configuration: Configuration) throws(CLIError)
    -> RuleCatalog
  {
    try loadCatalogs(invocation: invocation, configuration: configuration).selected
  }

  /// The rules that run (`selected`) and every rule loaded before the configuration and `--only`
  /// chose among them (`all`).
  private static func loadCatalogs(invocation: Invocation, configuration: Configuration) throws(CLIError)
    -> (selected: RuleCatalog, all: RuleCatalog)
  {
    let known = Set(Detectors.names)
    do {
      var catalog: RuleCatalog
      if let path = invocation.rulesFile {
        catalog = try RuleCatalog.load(try readRules(path), source: path, knownDetectors: known)
      } else {
        catalog = try RuleCatalog.load([UInt8](BuiltinRules.json), source: "rules.json", knownDetectors: known)
      }
      for path in configuration.rulesFiles {
        let bytes = try readRules(path, namedAt: configuration.location(of: path, in: "rulesFiles"))
        catalog = try catalog.merging(RuleCatalog.load(bytes, source: path, knownDetectors: known))
      }
      for path in invocation.extraRulesFiles {
        catalog = try catalog.merging(RuleCatalog.load(try readRules(path), source: path, knownDetectors: known))
      }
      // Every name the configuration gives is checked against all the rules, at its position.
      try configuration.validate(against: catalog)
      let all = catalog
      if !configuration.disabledRules.isEmpty { catalog = try catalog.excluding(configuration.disabledRules) }
      if !configuration.severity.isEmpty { catalog = try catalog.overridingSeverities(configuration.severity) }
      let only = invocation.onlyRules.isEmpty ? configuration.enabledRules : invocation.onlyRules
      if !only.isEmpty { catalog = try catalog.only(only) }
      return (catalog, all)
    } catch let error as RuleCatalogError {
      throw .runtime("\(error)")
    } catch let error as CLIError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// - Parameter namedAt: where a configuration names the file (`path:line:column`), for the message.
  private static func readRules(_ path: String, namedAt: String? = nil) throws(CLIError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let place = namedAt.map { "configuration \($0): " } ?? ""
      throw .runtime("\(place)cannot read rules catalogue '\(path)': no such file, or not readable; check the path")
    }
    return [UInt8](data)
  }

  /// Reads the configuration at `path`; with a `boundary`, the file and the paths it names must
  /// resolve inside it.
  private static func readConfiguration(_ path: String, required: Bool, boundary: TreeBoundary?) throws(CLIError)
    -> Configuration
  {
    let bytes: [UInt8]
    if let boundary {
      // Read as a source file is (a link out of the tree, a FIFO or a device is never read).
      let file = try boundary.confine(path, key: nil, configuration: path)
      guard let resolved = TreeBoundary.resolve(file),
        case .success(let read) = SourceReader.read(resolved, maxSize: 16_000_000)
      else {
        if !required && !FileManager.default.fileExists(atPath: path) { return Configuration() }
        throw .runtime("cannot read configuration '\(path)': not a readable regular file; check the path")
      }
      bytes = read
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        if required {
          throw .runtime("cannot read configuration '\(path)': no such file, or not readable; check the path")
        }
        return Configuration()
      }
      bytes = [UInt8](data)
    }
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let configuration = try Configuration.parse(bytes, path: path, folder: folder)
    if let boundary {
      for file in configuration.rulesFiles { _ = try boundary.confine(file, key: "rulesFiles", configuration: path) }
      if let file = configuration.baseline { _ = try boundary.confine(file, key: "baseline", configuration: path) }
    }
    return configuration
  }

  /// Finds, reads and analyses every file under the root, in parallel, largest first.
  ///
  /// Returns every file passed over (`skipped`, for the report) and, of those, the ones that
  /// could not be read (`readFailures`: a check cannot pass over them).
  ///
  /// - Parameter analyzing: when given, a file whose bytes it rejects is only outlined (its size,
  ///   no findings or facts); package manifests are analysed whatever it says.
  package func analyzeTree(
    scanner: Scanner, showProgress: Bool, analyzing: (@Sendable ([UInt8]) -> Bool)? = nil
  ) throws(CLIError) -> (
    analyses: [FileAnalysis], skipped: [SkippedFile], readFailures: [SkippedFile]
  ) {
    let found = try discovery.discover(root: root)
    // Project files (`project.pbxproj`, `.xcconfig`) go through the same workers, after the
    // Swift files: a large project is parsed beside the sources, not after them.
    let sources = found.files.count
    let files = found.files + found.projectFiles
    let progress = Progress(total: sources, enabled: showProgress)
    let limit = discovery.maxFileSize
    let schedule = ScanSession.largestFirst(files.map(\.size))
    let results = ParallelMap.map(count: files.count, jobs: jobs, schedule: schedule) {
      index -> Result<FileAnalysis, SourceReader.Failure> in
      if index >= sources {
        return SourceReader.read(files[index].pathBytes, maxSize: limit).map {
          Scanner.projectFile(path: files[index].relativePath, bytes: $0)
        }
      }
      defer { progress.advance() }
      switch SourceReader.read(files[index].pathBytes, maxSize: limit) {
      case .success(let bytes):
        let path = files[index].relativePath
        if let analyzing, !analyzing(bytes), !ProjectGraphBuilder.isManifest(path: path) {
          return .success(scanner.outline(path: path, bytes: bytes))
        }
        return .success(scanner.analyze(path: path, bytes: bytes))
      case .failure(let failure): return .failure(failure)
      }
    }
    progress.finish()
    var analyses: [FileAnalysis] = []
    var passedOver = found.skipped
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let analysis): analyses.append(analysis)
      case .failure(let failure): passedOver.append((files[index].relativePath, failure))
      }
    }
    passedOver.sort { UTF8Order.precedes($0.path, $1.path) }
    let skipped = passedOver.map { SkippedFile(path: $0.path, reason: "\($0.reason)") }
    let readFailures = passedOver.filter(\.reason.isReadFailure).map {
      SkippedFile(path: $0.path, reason: "\($0.reason)")
    }
    return (analyses, skipped, readFailures)
  }

  /// The order to start files in: largest first, so a 5 MB generated file starts at once instead
  /// of holding up the end; equal sizes keep their (path) order.
  package static func largestFirst(_ sizes: [Int]) -> [Int] {
    sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
  }

  /// The report of a finished scan.
  package func report(
    analyses: [FileAnalysis], skipped: [SkippedFile], outcome: Scanner.Outcome, findings: [Finding]
  ) -> ScanReport {
    // Counted in place: a filtered copy of the findings was the largest block of a scan's peak.
    // Project files (`project.pbxproj`, `.xcconfig`) are read for the graph, not scanned; files
    // no target compiles were scanned but give no findings, and are listed as skipped.
    let uncompiled = outcome.uncompiled
    let analyses = analyses.filter { !$0.isProjectFile && (uncompiled.isEmpty || !uncompiled.contains($0.path)) }
    let skipped = (skipped + outcome.skipped).sorted { UTF8Order.precedes($0.path, $1.path) }
    // Counted per case, not per name: two string-keyed lookups per finding were a measurable part
    // of a large tree's summary.
    var active = 0
    var byCategory = [Int](repeating: 0, count: CategoryID.allCases.count)
    var byDisposition = [Int](repeating: 0, count: Disposition.allCases.count)
    for finding in findings where finding.suppression == nil {
      active += 1
      byCategory[finding.category.caseOrdinal] += 1
      byDisposition[finding.disposition.caseOrdinal] += 1
    }
    func named<Case: CaseIterable & RawRepresentable>(_ counts: [Int], _: Case.Type) -> [NamedCount]
    where Case.RawValue == String {
      zip(Case.allCases, counts).filter { $0.1 > 0 }.map { NamedCount(name: $0.0.rawValue, count: $0.1) }
        .sorted { $0.name < $1.name }
    }
    let summary = ScanSummary(
      files: analyses.count, lines: analyses.reduce(0) { $0 + $1.lines }, bytes: analyses.reduce(0) { $0 + $1.bytes },
      findings: active, byCategory: named(byCategory, CategoryID.self),
      byDisposition: named(byDisposition, Disposition.self), skipped: skipped, suppressed: findings.count - active)
    var report = ScanReport(
      tool: ToolInfo(version: MigrateScanVersion.current), root: root, summary: summary,
      modules: outcome.graph.modules, findings: findings, plan: outcome.plan, rules: catalog.ruleInfos)
    // Tuist manifests are Swift programs that build the project: they are never run, and not
    // read for modules either, so the folders stand in for them and the report says so.
    // The import first: splitting every path of the tree cost more than the summary.
    let tuist = analyses.filter { analysis in
      analysis.facts.imports.contains { $0.module == "ProjectDescription" }
        && ["Project.swift", "Workspace.swift"].contains(String(analysis.path.split(separator: "/").last ?? ""))
    }.map(\.path)
    report.guesses = ScanSession.guesses(modules: outcome.graph.modules, tuistManifests: tuist)
    return report
  }

  /// One line when some modules are folders the scan made up (no manifest or Xcode target
  /// describes their files), naming them and the fix.
  static func guesses(modules: [ModuleInfo], tuistManifests: [String] = []) -> [String] {
    let guessed = modules.filter { $0.origin == "folder" && $0.files > 0 }.sorted { $0.name < $1.name }
    guard !guessed.isEmpty else { return [] }
    if let first = tuistManifests.first {
      let others = tuistManifests.count > 1 ? " and \(tuistManifests.count - 1) more" : ""
      return [
        "Modules are guessed from folders: Tuist's `\(first)`\(others) is Swift code, which migrate-scan never "
          + "runs and does not read for targets. Name the modules with `modules` in `.migrate-scan.json`, or "
          + "commit the generated `.xcodeproj`, to plan them as they build."
      ]
    }
    let files = guessed.reduce(0) { $0 + $1.files }
    let total = modules.reduce(0) { $0 + $1.files }
    let names = guessed.prefix(8).map { "`\($0.name)`" }.joined(separator: ", ") + (guessed.count > 8 ? ", …" : "")
    let subject =
      files == total ? "All modules are" : guessed.count == 1 ? "Module \(names) is" : "Modules \(names) are"
    let detail = files == total ? " (\(names))" : ""
    return [
      "\(subject) guessed from folders\(detail): no Package.swift or Xcode project describes \(files) of "
        + "\(total) Swift files. Name the modules with `modules` in `.migrate-scan.json` to plan them as they build."
    ]
  }
}
