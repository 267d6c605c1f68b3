import Classify
import DependencyGraph
import ParallelWork
import RuleEngine
import ScanModel
import SwiftLexer

/// The scan pipeline: per file (in parallel) lex, match, classify and collect facts; then once
/// for the tree build the graph, finalise the findings, apply suppressions and plan.
package struct Scanner: Sendable {
  /// The rules that run.
  package let catalog: RuleCatalog
  private let matcher: Matcher
  private let patternRules: [CompiledRule]
  private let detectorRules: [(rule: CompiledRule, reference: DetectorRuleRef)]
  /// The detector rules arranged once, for files every one of them applies to; nil when some
  /// rule has `include` or `exclude` globs (then each file gets its own).
  private let everywhere: DetectorSelection?
  /// The names a suppression may give (`ScanSession.suppressibleNames`); a name outside them is
  /// warned about with the closest one. Nil: names are not checked.
  package var suppressibleNames: Set<String>?
  /// Put before the paths the warnings name (empty, or an absolute folder ending in `/`), so they
  /// open from any directory as xcode lines do.
  package var warningPathBase = ""

  package init(catalog: RuleCatalog) {
    self.catalog = catalog
    // The matcher's `ruleIndex` indexes the array it was built with, so keep that same array.
    self.patternRules = catalog.rules
    self.matcher = Matcher(rules: catalog.rules)
    self.detectorRules = catalog.rules.compactMap { rule in
      guard let detector = rule.detector else { return nil }
      return (
        rule,
        DetectorRuleRef(
          ruleID: rule.id, detector: detector, category: rule.category, severity: rule.severity,
          message: rule.message, help: rule.help, dispositionOverride: rule.disposition, phaseOverride: rule.phase)
      )
    }
    let scoped = detectorRules.contains { $0.rule.isScoped }
    self.everywhere = scoped ? nil : DetectorSelection(detectorRules.map(\.reference))
  }

  /// Lexes and analyses one file. Pure: the same bytes always give the same analysis.
  package func analyze(path: String, bytes: [UInt8]) -> FileAnalysis {
    let stream = Lexer.tokenize(bytes)
    let hits = matcher.matches(in: stream, path: path).map { match in
      let rule = patternRules[match.ruleIndex]
      var hit = PatternHit(
        ruleID: rule.id, category: rule.category, severity: rule.severity, message: rule.message, help: rule.help,
        dispositionOverride: rule.disposition, phaseOverride: rule.phase, start: match.start, end: match.end)
      hit.requiresCombineImport = rule.requiresCombineImport
      return hit
    }
    let detectors =
      everywhere ?? DetectorSelection(detectorRules.filter { $0.rule.applies(toPath: path) }.map(\.reference))
    let lines = LazyLineIndex(stream.source)
    let classification = FileClassifier.classify(
      stream: stream, path: path, patternHits: hits, detectors: detectors, lines: lines)
    // Extents size the plan's steps: only a file with candidate findings can hold one.
    let facts = ReferenceCollector.collect(
      stream, extentLines: classification.candidates.isEmpty ? nil : lines.index)
    var suppressions: [Suppressions.Entry] = []
    var problems: [(line: Int, message: String)] = []
    // Most files have no directive; the line table is only built for those that do.
    if ByteSearch.contains(bytes, Scanner.directiveMarker) {
      let parsed = Suppressions(stream: stream, lineIndex: lines.index)
      suppressions = parsed.entries
      problems = parsed.problems
    }
    return FileAnalysis(
      path: path, lines: Scanner.countLines(bytes), bytes: bytes.count, classification: classification, facts: facts,
      manifest: ProjectGraphBuilder.isManifest(path: path) ? bytes : nil, suppressions: suppressions,
      suppressionProblems: problems)
  }

  /// A file left out of the analysis: its size and nothing it says. A change check uses it for
  /// files that cannot affect its answer (`ChangeScope`); manifests are always analysed.
  package func outline(path: String, bytes: [UInt8]) -> FileAnalysis {
    FileAnalysis(
      path: path, lines: Scanner.countLines(bytes), bytes: bytes.count,
      classification: FileClassification(path: path, candidates: [], facts: CombineFacts()), facts: FileFacts(),
      manifest: nil, suppressions: [], suppressionProblems: [])
  }

  /// A project file (`project.pbxproj`, `.xcconfig`) handed to the graph as bytes: no tokens,
  /// no findings, no lines counted.
  package static func projectFile(path: String, bytes: [UInt8]) -> FileAnalysis {
    FileAnalysis(
      path: path, lines: 0, bytes: 0,
      classification: FileClassification(path: path, candidates: [], facts: CombineFacts()),
      facts: FileFacts(), manifest: bytes, suppressions: [], suppressionProblems: [],
      projectPlist: path.hasSuffix(".xcodeproj/project.pbxproj") ? PBXProjectReader.read(bytes) : nil)
  }

  /// Everything the tree-wide pass produces.
  package struct Outcome: Sendable {
    package var findings: [Finding]
    package var graph: ProjectGraph
    package var plan: MigrationPlan
    /// Warnings for stderr: graph problems, unused or malformed suppressions.
    package var warnings: [String]
    /// Swift files no target compiles (or excluded, or resources), with the reason: analysed
    /// files that gave no findings. The report lists them as skipped.
    package var skipped: [SkippedFile] = []
    /// The paths of `skipped`.
    package var uncompiled: Set<String> = []
  }

  /// The tree-wide pass over the analyses of every file.
  ///
  /// - Parameters:
  ///   - planning: false when only the findings matter (`check`): the plan is left empty.
  ///   - reusedGraph: a graph already built for the same files and manifests (the other side of
  ///     a `check` comparison), so it is not built twice.
  ///   - jobs: threads for the per-file parts of the pass; 1 keeps it on the calling thread. The
  ///     outcome is the same for every value.
  package func finish(
    _ analyses: [FileAnalysis], moduleMap: ModuleMap, planBuilder: PlanBuilder, planning: Bool = true,
    reusedGraph: ProjectGraph? = nil, jobs: Int = 1
  ) -> Outcome {
    let analyses = analyses.sorted { UTF8Order.precedes($0.path, $1.path) }
    var manifests: [ProjectGraphBuilder.ManifestFile] = []
    var projectFiles: [ProjectGraphBuilder.ManifestFile] = []
    var sources: [ProjectGraphBuilder.SourceFile] = []
    for analysis in analyses {
      if let manifest = analysis.manifest {
        if analysis.isProjectFile {
          projectFiles.append(
            ProjectGraphBuilder.ManifestFile(path: analysis.path, bytes: manifest, parsed: analysis.projectPlist))
        } else {
          manifests.append(ProjectGraphBuilder.ManifestFile(path: analysis.path, bytes: manifest))
        }
        continue
      }
      sources.append(ProjectGraphBuilder.SourceFile(path: analysis.path, facts: analysis.facts, lines: analysis.lines))
    }
    // Findings need only each file's module and each package's platforms, which come from the
    // cheap first stage of the graph build; so they are finalised on one thread while the rest
    // of the graph (references, edges, waves) is built on another.
    let assignment =
      reusedGraph == nil
      ? ProjectGraphBuilder.assignModules(
        manifests: manifests, files: sources, moduleMap: moduleMap, projectFiles: projectFiles) : nil
    var moduleOfFile: [String: String] = [:]
    var targets: [String: [String: String]] = [:]
    var skipped: [SkippedFile] = []
    var libraries: Set<String> = []
    var tests: Set<String> = []
    // Per file several modules compile, the others: their targets gate that file too.
    var shared: [String: [String]] = [:]
    if let assignment {
      moduleOfFile = assignment.moduleOfPath
      targets = Scanner.deploymentTargets(assignment.resolver.modules)
      shared = assignment.alsoCompiledBy
      skipped = assignment.skipped
      let modules = assignment.resolver.modules
      libraries = Scanner.publishedLibraries(
        names: modules.map(\.name), kinds: modules.map(\.kind), paths: modules.map(\.path),
        libraries: modules.map(\.isLibraryProduct), dependencies: modules.map(\.dependencies))
      tests = Set(modules.filter(\.isTest).map(\.name))
    } else if let reusedGraph {
      for file in reusedGraph.files {
        moduleOfFile[file.path] = file.module
        if !file.alsoCompiledBy.isEmpty { shared[file.path] = file.alsoCompiledBy }
      }
      targets = Scanner.deploymentTargets(reusedGraph.modules)
      skipped = reusedGraph.skipped
      let modules = reusedGraph.modules
      let ids = Dictionary(modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
      libraries = Scanner.publishedLibraries(
        names: modules.map(\.name), kinds: modules.map(\.kind), paths: modules.map(\.path),
        libraries: modules.map(\.libraryProduct), dependencies: modules.map { $0.dependsOn.compactMap { ids[$0] } })
      tests = Set(modules.filter(\.isTest).map(\.name))
    }
    let moduleTable = moduleOfFile
    // Only compiled code is analysed: a file no target compiles yields no findings.
    let uncompiled = Set(skipped.map(\.path))
    let classifications = analyses.filter { !$0.isProjectFile && !uncompiled.contains($0.path) }.map(\.classification)
    // One table of the tree's declarations for the graph and the classifier: the graph's types,
    // the classifier's members.
    var membersOfPath: [String: [SymbolTable.MemberSymbol]] = [:]
    for classification in classifications where !classification.facts.members.isEmpty {
      membersOfPath[classification.path] = classification.facts.members
    }
    let symbols: SymbolTable
    if let assignment {
      symbols = SymbolTable(assignment: assignment) { membersOfPath[$0] ?? [] }
    } else {
      let compiled = sources.filter { !uncompiled.contains($0.path) }
      symbols = SymbolTable(
        sources: compiled, module: { moduleTable[compiled[$0].path] ?? "" }, members: { membersOfPath[$0] ?? [] })
    }
    // Top-level names only: a nested `Cache.Future` does not shadow Combine's `Future`. Both the
    // classifier and the planner ask the table (`declaresTopLevel`), not a set of its names.
    let declared = TreeTypes(symbols)
    var classifyContext = ClassifyContext(moduleOf: { moduleTable[$0] }, deploymentTargets: targets)
    classifyContext.fileDeploymentTargets = Scanner.fileDeploymentTargets(
      shared: shared, moduleOf: moduleOfFile, targets: targets)
    classifyContext.libraryModules = libraries
    classifyContext.testModules = tests
    classifyContext.symbols = symbols
    let context = classifyContext
    var (graph, findings) = ParallelChunks.both(
      jobs: jobs,
      { reusedGraph ?? ProjectGraphBuilder.build(assignment!, symbols: symbols, jobs: jobs) },
      { Classifier.finalize(files: classifications, context: context, jobs: jobs) })
    // A file's findings come together (report order): its module is looked up once per run.
    var run: (file: String, module: String)?
    for index in findings.indices where findings[index].module == nil {
      let file = findings[index].file
      if run?.file != file { run = (file, moduleOfFile[file] ?? "(root)") }
      findings[index].module = run!.module
    }

    var warnings = graph.warnings.map { "warning: \($0)" }
    applySuppressions(to: &findings, analyses: analyses, warnings: &warnings)

    guard planning else {
      return Outcome(
        findings: findings, graph: graph, plan: MigrationPlan(), warnings: warnings, skipped: skipped,
        uncompiled: uncompiled)
    }
    let testModules = Set(graph.modules.filter(\.isTest).map(\.name))
    // The units need the findings alone, the rule's files and the planner's file facts the
    // analyses alone: made side by side (each was a serial 10–30 ms of a million-line tree).
    // The closures' copies of `findings` go with them, before the findings change below (a
    // second reference to each finding would make each change copy it).
    let (placed, (unitFiles, sourceFacts)) = ParallelChunks.both(
      jobs: jobs,
      { [findings] in
        // Grouped once for the bridge, the rule and the planner: the bridge changes phases and
        // reasons only, none of what a finding's unit is made of.
        PlanUnits(
          placement: WorkUnitKey.units(of: findings, treeTypes: declared, jobs: jobs) { testModules.contains($0) })
      },
      { [findings, moduleOfFile] in
        var unitFiles: [LeaveAloneRule.File] = []
        for analysis in analyses where !analysis.isProjectFile && analysis.manifest == nil {
          guard let module = moduleOfFile[analysis.path] else { continue }
          unitFiles.append(
            LeaveAloneRule.File(
              path: analysis.path, module: module, lines: analysis.lines, facts: analysis.facts,
              isTest: testModules.contains(module)))
        }
        // Extents and references of the files with findings only: what sizes and orders the
        // steps. (The rule and the bridge below move no finding to another file.)
        var withFindings: Set<String> = []
        // Findings are in report order, a file's together: each path is hashed once.
        var lastFile: String?
        for finding in findings where finding.file != lastFile {
          withFindings.insert(finding.file)
          lastFile = finding.file
        }
        var sourceFacts: [String: PlanSourceFile] = [:]
        for analysis in analyses where withFindings.contains(analysis.path) {
          sourceFacts[analysis.path] = PlanSourceFile(
            extents: analysis.facts.extents, references: analysis.facts.references)
        }
        return (unitFiles, sourceFacts)
      })
    // The tree's own helpers on Combine's types are the bridge: what is inside them goes with them.
    BridgeInternals.apply(to: &findings, placed: placed.placement)
    let units = planBuilder.applyLeaveAlone(
      &findings, modules: graph.modules, files: unitFiles, treeTypes: declared, placed: placed)
    let plan = planBuilder.build(
      findings: findings, modules: graph.modules, sources: sourceFacts, treeTypes: declared, notes: [], jobs: jobs,
      units: units)
    // The tree pass's tables are done with: freed elsewhere, or at exit (`LargeValues`).
    LargeValues.drop((context, unitFiles, sourceFacts, units))
    return Outcome(
      findings: findings, graph: graph, plan: plan, warnings: warnings, skipped: skipped, uncompiled: uncompiled)
  }

  /// Marks suppressed findings (they stay in JSON and SARIF with their reason, and never fail a
  /// check) and reports directives that suppressed nothing.
  private func applySuppressions(to findings: inout [Finding], analyses: [FileAnalysis], warnings: inout [String]) {
    var byFile: [String: [Suppressions.Entry]] = [:]
    for analysis in analyses where !analysis.suppressions.isEmpty { byFile[analysis.path] = analysis.suppressions }
    var used: Set<String> = []
    // Most trees suppress nothing: then no finding's path is hashed to find out.
    for index in byFile.isEmpty ? 0..<0 : findings.indices {
      let finding = findings[index]
      guard let entries = byFile[finding.file] else { continue }
      let suppressions = Suppressions(entries: entries)
      guard
        let entry = suppressions.entryIndex(
          suppressing: finding.ruleID, category: finding.category.rawValue, line: finding.range.start.line)
      else { continue }
      findings[index].suppression = entries[entry].reason ?? ""
      used.insert("\(finding.file):\(entry)")
    }
    for analysis in analyses {
      let shown = analysis.path.hasPrefix("/") ? analysis.path : warningPathBase + analysis.path
      for (index, entry) in analysis.suppressions.enumerated() {
        // A misspelt id is said as such: "unused" would send the reader looking for a finding.
        let unknown = entry.names.filter { !(suppressibleNames?.contains($0) ?? true) }
        for name in unknown {
          let hint = Suggestion.closest(to: name, in: suppressibleNames ?? []).map { " (did you mean '\($0)'?)" } ?? ""
          warnings.append(
            "\(shown):\(entry.line):\(entry.column): warning: suppression names '\(name)', which is no rule "
              + "or category id\(hint); 'migrate-scan rules' lists them")
        }
        guard unknown.isEmpty, !used.contains("\(analysis.path):\(index)") else { continue }
        warnings.append(
          "\(shown):\(entry.line):\(entry.column): warning: unused suppression of "
            + "\(entry.names.joined(separator: ", ")): nothing it names is found there; remove it")
      }
      for problem in analysis.suppressionProblems {
        warnings.append("\(shown):\(problem.line): warning: \(problem.message)")
      }
    }
  }

  /// The library products whose public API has clients outside the tree: those no application,
  /// extension or executable of the tree depends on, directly or through other modules. A local
  /// package an app of the tree uses is that app's code, and its API moves with it.
  static func publishedLibraries(
    names: [String], kinds: [String], paths: [String], libraries: [Bool], dependencies: [[Int]]
  ) -> Set<String> {
    guard libraries.contains(true) else { return [] }
    let products: Set<String> = [
      XcodeProject.ProductType.application.rawValue, XcodeProject.ProductType.appExtension.rawValue,
      XcodeProject.ProductType.watchApp.rawValue, XcodeProject.ProductType.commandLineTool.rawValue,
      PackageManifest.TargetKind.executable.rawValue,
    ]
    var used = [Bool](repeating: false, count: names.count)
    // An example or demo app (Alamofire's `iOS Example`, Moya's `Examples/Basic`) shows clients
    // how to use the library, and an app in the tests folder (GRDB's `Tests/SPM/ios`) checks that
    // they can: each is one of its clients, not the app the library belongs to.
    var stack = kinds.indices.filter {
      products.contains(kinds[$0]) && !Self.isShowcase(names[$0]) && !Self.isShowcase(path: paths[$0])
    }
    while let next = stack.popLast() {
      for dependency in dependencies[next] where dependency < used.count && !used[dependency] {
        used[dependency] = true
        stack.append(dependency)
      }
    }
    return Set(names.indices.filter { libraries[$0] && !used[$0] }.map { names[$0] })
  }

  /// `iOS Example`, `NukeDemo`, `Sample App`: a target that demonstrates a library.
  static func isShowcase(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.contains("example") || lowered.contains("demo") || lowered.contains("sample")
  }

  /// A target in a showcase folder (`Examples/Basic`, `Documentation/DemoApps/…`) or under the
  /// tests folder (`Tests/CocoaPods/GRDBiOS-static`): one that exercises a library, not its app.
  static func isShowcase(path: String) -> Bool {
    let components = path.split(separator: "/")
    if let first = components.first, ["tests", "test"].contains(first.lowercased()) { return true }
    return components.contains { isShowcase(String($0)) }
  }

  /// The deployment targets that gate each module's findings, by module name: its own. A file it
  /// shares with other targets (an app and its extension) has a table of its own
  /// (`fileDeploymentTargets`), since the migrated code must build for every target compiling it.
  static func deploymentTargets(_ modules: [ResolvedModule]) -> [String: [String: String]] {
    var targets: [String: [String: String]] = [:]
    for module in modules where !module.deploymentTargets.isEmpty { targets[module.name] = module.deploymentTargets }
    return targets
  }

  /// The same from a finished graph's modules (a `check` reusing the other side's graph).
  static func deploymentTargets(_ modules: [ModuleInfo]) -> [String: [String: String]] {
    var targets: [String: [String: String]] = [:]
    for module in modules where !module.deploymentTargets.isEmpty {
      targets[module.name] = Dictionary(
        module.deploymentTargets.map { ($0.platform, $0.version) }, uniquingKeysWith: { first, _ in first })
    }
    return targets
  }

  /// The deployment targets of each file several modules compile (`sharedWith`): its module's,
  /// lowered to each other module's where that is lower, so it is gated by every target that
  /// builds it. Only those files: the module's other files build for their own module alone (an
  /// app sharing a model with its watch extension does not gate all its views by watchOS).
  ///
  /// - Parameters:
  ///   - shared: per path, the other modules compiling it (`alsoCompiledBy`).
  ///   - moduleOf: each path's own module.
  ///   - targets: each module's own targets (`deploymentTargets(_:)`).
  static func fileDeploymentTargets(
    shared: [String: [String]], moduleOf: [String: String], targets: [String: [String: String]]
  ) -> [String: [String: String]] {
    var files: [String: [String: String]] = [:]
    for (path, others) in shared {
      var table = moduleOf[path].flatMap { targets[$0] } ?? [:]
      for other in others { Scanner.lower(&table, with: targets[other] ?? [:]) }
      if !table.isEmpty { files[path] = table }
    }
    return files
  }

  /// Lowers each platform of `table` to `other`'s version where that is lower; adds platforms
  /// only `other` has.
  private static func lower(_ table: inout [String: String], with other: [String: String]) {
    for (platform, version) in other {
      guard let current = table[platform], let mine = PlatformRequirement.parse(current),
        let theirs = PlatformRequirement.parse(version)
      else {
        if table[platform] == nil { table[platform] = version }
        continue
      }
      if theirs < mine { table[platform] = version }
    }
  }

  private static let directiveMarker = Array("migrate-scan:".utf8)

  /// Lines as editors count them: newlines, plus one for a last line without one.
  ///
  /// Compares 32 bytes per step: a lane of the comparison mask is all ones (-1) at a newline, so
  /// subtracting the mask adds one to that lane's byte counter; the counters are summed before
  /// they can overflow (every 255 steps). The eight-byte popcount loop this replaced cost 1.8%
  /// of a scan's instructions, this one 0.2%. (Converting the mask with `truncatingIfNeeded`
  /// instead of reinterpreting it went lane by lane and cost three times the old loop.)
  static func countLines(_ bytes: [UInt8]) -> Int {
    var count = 0
    bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      let raw = UnsafeRawPointer(base)
      let newline = SIMD32<UInt8>(repeating: 0x0A)
      var index = 0
      while index &+ 32 <= bytes.count {
        var lanes = SIMD32<UInt8>()
        var steps = 0
        while steps < 255 && index &+ 32 <= bytes.count {
          let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
          lanes &-= unsafeBitCast(block .== newline, to: SIMD32<UInt8>.self)
          index &+= 32
          steps &+= 1
        }
        count &+= Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
      }
      while index < bytes.count {
        if bytes[index] == 0x0A { count &+= 1 }
        index &+= 1
      }
    }
    if let last = bytes.last, last != 0x0A { count += 1 }
    return count
  }
}
