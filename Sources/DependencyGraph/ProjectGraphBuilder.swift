import ParallelWork
import ScanModel
import SwiftLexer

/// Builds the `ProjectGraph` of a scanned tree: the one entry point the orchestrator calls.
///
/// Pure: the caller reads the files, lexes the Swift sources (in parallel) into `FileFacts`, and
/// passes manifests as bytes. Order of work, each step needing the one before:
/// 1. read the manifests (`PackageManifestScanner`);
/// 2. assign files to modules (`ModuleResolver`): `assignModules` stops here, for callers that
///    need only the modules while `build(_:jobs:)` does the rest;
/// 3. index declared type names (`SymbolTable`), so each reference costs one lookup;
/// 4. resolve each file's references once, files in parallel (`resolveReferences`);
/// 5. module edges: declared target dependencies, plus, for modules without a manifest target
///    (folders and mapped modules), edges inferred from the types and modules their files name;
/// 6. components and waves of the module graph, then of each module's file graph (modules in
///    parallel).
package enum ProjectGraphBuilder {
  /// A `Package.swift` found in the tree.
  package struct ManifestFile: Sendable {
    /// Relative to the scanned root, `/`-separated.
    package var path: String
    /// The manifest's bytes, as read.
    package var bytes: [UInt8]
    /// For a `project.pbxproj`: its text already parsed, when the caller did it (off the
    /// critical path); nil to parse `bytes` here.
    package var parsed: Result<PropertyList, PBXProjectReader.Failure>?

    /// Creates a manifest input.
    package init(path: String, bytes: [UInt8], parsed: Result<PropertyList, PBXProjectReader.Failure>? = nil) {
      self.path = path
      self.bytes = bytes
      self.parsed = parsed
    }
  }

  /// A Swift file of the tree, reduced to its facts.
  package struct SourceFile: Sendable {
    /// Relative to the scanned root, `/`-separated.
    package var path: String
    /// What `ReferenceCollector` found in the file.
    package var facts: FileFacts
    /// Number of lines in the file.
    package var lines: Int

    /// Creates a source input.
    package init(path: String, facts: FileFacts, lines: Int) {
      self.path = path
      self.facts = facts
      self.lines = lines
    }
  }

  /// Builds the graph of the tree holding `manifests` and `files`.
  ///
  /// - Parameters:
  ///   - manifests: every `Package.swift` of the tree (several when packages nest). Where a folder
  ///     holds more than one (`Package@swift-5.9.swift`), `Package.swift` is read.
  ///   - files: every Swift source file, manifests excluded (any passed are ignored).
  ///   - moduleMap: the user's folder → module assignments, which win over everything else.
  ///   - jobs: threads for the per-file work; 1 keeps it on the calling thread. The graph is the
  ///     same for every value.
  /// - Returns: the modules with their waves, each file's module and wave, and warnings.
  package static func build(
    manifests: [ManifestFile], files: [SourceFile], moduleMap: ModuleMap = ModuleMap(), jobs: Int = 1
  ) -> ProjectGraph {
    build(assignModules(manifests: manifests, files: files, moduleMap: moduleMap), jobs: jobs)
  }

  /// Steps 1 and 2 of `build(manifests:files:moduleMap:jobs:)`: reads the manifests and gives
  /// each file its module. `build(_:jobs:)` does the rest.
  ///
  /// - Parameter projectFiles: every `*.xcodeproj/project.pbxproj` and `.xcconfig` of the tree
  ///   (other paths are ignored), read as text.
  package static func assignModules(
    manifests: [ManifestFile], files: [SourceFile], moduleMap: ModuleMap = ModuleMap(),
    projectFiles: [ManifestFile] = []
  ) -> ModuleAssignment {
    var warnings: [GraphWarning] = []
    var chosen: [String: ManifestFile] = [:]
    for manifest in manifests.sorted(by: { $0.path < $1.path }) {
      let folder = RelativePath.directory(of: manifest.path)
      if let existing = chosen[folder] {
        let preferNew = RelativePath.lastComponent(of: manifest.path) == "Package.swift"
        warnings.append(.ignoredManifest(path: preferNew ? existing.path : manifest.path))
        if preferNew { chosen[folder] = manifest }
      } else {
        chosen[folder] = manifest
      }
    }
    var packages: [ScannedPackage] = []
    for manifest in chosen.values.sorted(by: { $0.path < $1.path }) {
      var scanned = PackageManifestScanner.scan(Lexer.tokenize(manifest.bytes))
      let tools = toolsVersion(of: manifest.bytes)
      applyDefaultLanguageMode(to: &scanned, toolsVersion: tools)
      if let tools { scanned.toolsVersion = [tools.0, tools.1] }
      warnings += scanned.warnings.map { .manifest(path: manifest.path, $0) }
      packages.append(ScannedPackage(manifestPath: manifest.path, manifest: scanned))
    }
    // Manifests are not module sources, including a versioned one (`Package@swift-5.9.swift`)
    // that the caller passed only as a Swift file.
    let manifestFolders = Set(chosen.keys)
    let sources = files.filter { file in
      !(isManifest(path: file.path) && manifestFolders.contains(RelativePath.directory(of: file.path)))
    }
    var xcconfigs: [String: [UInt8]] = [:]
    for file in projectFiles where file.path.hasSuffix(".xcconfig") { xcconfigs[file.path] = file.bytes }
    var projects = projectFiles.filter { isXcodeProject(path: $0.path) }.sorted { $0.path < $1.path }.map {
      XcodeProjectLoader.load(path: $0.path, parsed: $0.parsed ?? PBXProjectReader.read($0.bytes), xcconfigs: xcconfigs)
    }
    // XcodeGen specs, where no `.xcodeproj` is committed beside them: the committed project is
    // what Xcode builds, and it may have moved on from the spec.
    var yamlFiles: [String: [UInt8]] = [:]
    for file in projectFiles where isYAML(path: file.path) { yamlFiles[file.path] = file.bytes }
    let projectFolders = Set(projects.map(\.root))
    for spec in yamlFiles.keys.filter(XcodeGenProjectReader.isSpec).sorted()
    where !projectFolders.contains(RelativePath.directory(of: spec)) {
      if let project = XcodeGenProjectReader.load(path: spec, files: yamlFiles) { projects.append(project) }
    }
    projects.sort { $0.path < $1.path }
    let workspaces = projectFiles.filter { isXcodeWorkspace(path: $0.path) }.sorted { $0.path < $1.path }.map {
      XcodeWorkspaceReader.read(path: $0.path, bytes: $0.bytes)
    }
    return ModuleAssignment(
      packages: packages, files: sources, moduleMap: moduleMap, warnings: warnings, xcodeProjects: projects,
      xcodeWorkspaces: workspaces)
  }

  /// The `// swift-tools-version: 6.0` of a manifest's first line, as (major, minor).
  static func toolsVersion(of bytes: [UInt8]) -> (Int, Int)? {
    let firstLine = String(decoding: bytes.prefix { $0 != 0x0A }.prefix(200), as: UTF8.self)
    guard let colon = firstLine.firstIndex(of: ":"), firstLine.lowercased().contains("swift-tools-version") else {
      return nil
    }
    let version = String(firstLine[firstLine.index(after: colon)...]).trimmingSpaces.prefix {
      $0.isNumber || $0 == "."
    }
    let parts = version.split(separator: ".").compactMap { Int($0) }
    guard let major = parts.first else { return nil }
    return (major, parts.count > 1 ? parts[1] : 0)
  }

  /// A target's language mode where its `swiftSettings` say none: the highest of the package's
  /// `swiftLanguageModes` this toolchain (Swift 6) knows, else the tools version's default
  /// (6 from tools version 6.0, else 5). Swift 6 mode means complete checking.
  static func applyDefaultLanguageMode(to manifest: inout PackageManifest, toolsVersion: (Int, Int)?) {
    let declared = manifest.languageModes.compactMap { PlatformVersion.parse($0) }.filter { $0.0 <= 6 }.max { $0 < $1 }
    let mode: String
    if let declared {
      mode = declared.1 == 0 ? "\(declared.0)" : "\(declared.0).\(declared.1)"
    } else {
      mode = (toolsVersion?.0 ?? 5) >= 6 ? "6" : "5"
    }
    for index in manifest.targets.indices where manifest.targets[index].language.languageMode == nil {
      manifest.targets[index].language.languageMode = mode
      if manifest.targets[index].language.source == nil { manifest.targets[index].language.source = "Package.swift" }
    }
  }

  /// Of several modules an Xcode target's `import` may mean (an iOS and a macOS app both named
  /// `NetNewsWire`), those it declares a dependency on or tests; else those sharing a platform
  /// with it; else all of them.
  static func linkedAmong(_ found: [Int], by importer: ResolvedModule, _ modules: [ResolvedModule]) -> [Int] {
    let declared = found.filter { importer.dependencies.contains($0) || importer.testSubject == $0 }
    if !declared.isEmpty { return declared }
    let platforms = Set(importer.deploymentTargets.keys)
    let shared = found.filter { !platforms.isDisjoint(with: modules[$0].deploymentTargets.keys) }
    return shared.isEmpty ? found : shared
  }

  /// Whether `path` is a project description the graph reads besides manifests: an Xcode
  /// project's `project.pbxproj`, a workspace's `contents.xcworkspacedata` or an `.xcconfig`
  /// file.
  package static func isProjectFile(path: String) -> Bool {
    isXcodeProject(path: path) || path.hasSuffix(".xcconfig") || isXcodeWorkspace(path: path) || isYAML(path: path)
  }

  /// Whether `path` is a `.yml` or `.yaml` file: an XcodeGen spec, or a file one may include.
  static func isYAML(path: String) -> Bool {
    path.hasSuffix(".yml") || path.hasSuffix(".yaml")
  }

  /// Whether `path` is `….xcworkspace/contents.xcworkspacedata` of a workspace of its own (the
  /// one inside every `.xcodeproj` only names the project itself).
  static func isXcodeWorkspace(path: String) -> Bool {
    path.hasSuffix(".xcworkspace/contents.xcworkspacedata") && !path.contains(".xcodeproj/")
  }

  /// Whether `path` is `….xcodeproj/project.pbxproj`.
  static func isXcodeProject(path: String) -> Bool {
    path.hasSuffix(".xcodeproj/project.pbxproj")
  }

  /// Builds the graph from manifests already read. `packages` must be sorted by manifest path.
  package static func build(
    packages: [ScannedPackage], files unsorted: [SourceFile], moduleMap: ModuleMap = ModuleMap(),
    warnings: [GraphWarning] = [], jobs: Int = 1
  ) -> ProjectGraph {
    build(ModuleAssignment(packages: packages, files: unsorted, moduleMap: moduleMap, warnings: warnings), jobs: jobs)
  }

  /// Steps 3 to 6 of `build(manifests:files:moduleMap:jobs:)`, on files already given modules.
  ///
  /// `symbols` is the tree's symbol table over `assignment`'s files, when the caller has built
  /// it for other uses too (`SymbolTable(assignment:members:)`); else it is built here.
  package static func build(_ assignment: ModuleAssignment, symbols: SymbolTable? = nil, jobs: Int = 1)
    -> ProjectGraph
  {
    let packages = assignment.packages
    let files = assignment.files
    let resolver = assignment.resolver
    let index = symbols ?? SymbolTable(assignment: assignment)
    let modules = resolver.modules
    let moduleOfFile = resolver.moduleOfFile
    var importable: [String: [Int]] = [:]
    for (id, module) in modules.enumerated() { importable[Self.c99Name(module.moduleName), default: []].append(id) }

    // Every reference resolved once, file by file: the costly part, and independent per file.
    let resolved = ParallelChunks.map(count: files.count, jobs: jobs) { file in
      resolveReferences(of: file, files: files, modules: modules, moduleOfFile: moduleOfFile, index: index)
    }

    // Module edges.
    var edges: [Set<Int>] = modules.map { Set($0.dependencies) }
    var testedVia: [Set<Int>] = Array(repeating: [], count: modules.count)
    for (file, source) in files.enumerated() {
      let module = moduleOfFile[file]
      let inferred = modules[module].origin == .folder || modules[module].origin == .mapped
      if modules[module].isTest {
        for imported in source.facts.imports {
          let found = importable[imported.module] ?? []
          testedVia[module].formUnion(found.count > 1 ? Self.linkedAmong(found, by: modules[module], modules) : found)
        }
      }
      if case .xcodeTarget = modules[module].origin {
        // An Xcode target links more than it declares (implicit dependencies, "Link Binary With
        // Libraries"), but it can only import what it links: imports are real edges, type names
        // are not (an app and its extension both declaring `Settings` share nothing).
        for imported in source.facts.imports {
          // A name the target itself answers to is itself (a file two same-named targets share).
          guard let answering = importable[imported.module], !answering.contains(module) else { continue }
          let found = answering.filter { !modules[$0].isTest }
          edges[module].formUnion(found.count > 1 ? Self.linkedAmong(found, by: modules[module], modules) : found)
        }
        continue
      }
      guard inferred else { continue }
      // Production code cannot see test code: a `MockClient` in a test folder that shares a name
      // with something the app uses must not pull the tests into the app's dependencies.
      let seesTests = modules[module].isTest
      for imported in source.facts.imports {
        for other in importable[imported.module] ?? [] where seesTests || !modules[other].isTest {
          edges[module].insert(other)
        }
      }
      edges[module].formUnion(resolved[file].otherModules)
    }
    var graphEdges: [Graph.Edge] = []
    for (module, targets) in edges.enumerated() {
      for target in targets where target != module { graphEdges.append(Graph.Edge(from: module, to: target)) }
    }
    let moduleGraph = Graph(names: modules.map(\.name), edges: graphEdges)
    let components = StronglyConnectedComponents(moduleGraph)
    let levels = Levels(graph: moduleGraph, components: components)

    var tested = [Bool](repeating: false, count: modules.count)
    for module in modules where module.isTest {
      if let subject = module.testSubject { tested[subject] = true }
    }
    for (module, info) in modules.enumerated() where info.isTest {
      for target in moduleGraph.successors(of: module) { tested[target] = true }
      for target in testedVia[module] where target != module { tested[target] = true }
    }

    // Files and lines per module, and the file graph inside each module.
    var filesOfModule = [[Int]](repeating: [], count: modules.count)
    // Each file's position among its module's files: its node in the module's file graph.
    var positionInModule = [Int](repeating: 0, count: files.count)
    for file in files.indices {
      positionInModule[file] = filesOfModule[moduleOfFile[file]].count
      filesOfModule[moduleOfFile[file]].append(file)
    }
    var fileResults = [ProjectGraph.File?](repeating: nil, count: files.count)
    let shared = assignment.alsoCompiledBy
    var fileOfPath: [String: Int] = [:]
    for (file, source) in files.enumerated() { fileOfPath[source.path] = file }
    let populated = filesOfModule.indices.filter { !filesOfModule[$0].isEmpty }
    let unitsOfModule = ParallelChunks.map(count: populated.count, jobs: jobs, minimumChunk: 4) {
      [filesOfModule, positionInModule] position in
      fileUnits(
        filesOfModule[populated[position]], files: files, resolved: resolved, positionInModule: positionInModule)
    }
    var moduleFiles: [ProjectGraph.ModuleFiles] = []
    for (module, units) in zip(populated, unitsOfModule) {
      for unit in units {
        for path in unit.files {
          guard let position = fileOfPath[path] else { continue }
          fileResults[position] = ProjectGraph.File(
            path: path, module: modules[module].name, wave: unit.wave, cycle: unit.files.count > 1 ? unit.files : [],
            lines: files[position].lines, alsoCompiledBy: shared[path] ?? [])
        }
      }
      moduleFiles.append(ProjectGraph.ModuleFiles(module: modules[module].name, units: units))
    }

    var infos: [ModuleInfo] = []
    // One member list per cycle, shared by its modules: built per module, a 5,000-module
    // cycle took 25 million names (400 MB) and as many sorts.
    var cycleOfComponent: [Int: [String]] = [:]  // lookup only
    for (id, module) in modules.enumerated() {
      let component = components.componentOfNode[id]
      // One member list per cycle, shared by its modules (a 5,000-module cycle is not 5,000 lists).
      var cycle: [String] = []
      if components.isCycle(component) {
        if let known = cycleOfComponent[component] {
          cycle = known
        } else {
          cycle = components.members(of: component).map { modules[$0].name }.sorted()
          cycleOfComponent[component] = cycle
        }
      }
      var info = ModuleInfo(
        name: module.name, path: module.path, wave: levels.waveOfComponent[component],
        dependsOn: moduleGraph.successors(of: id).map { modules[$0].name }.sorted(), tested: tested[id],
        isTest: module.isTest, cycle: cycle, files: filesOfModule[id].count,
        lines: filesOfModule[id].reduce(0) { $0 + files[$1].lines })
      switch module.origin {
      case .target: info.origin = "package"
      case .xcodeTarget: info.origin = "xcode"
      case .mapped: info.origin = "mapped"
      case .folder: info.origin = "folder"
      }
      info.kind = module.kind
      info.libraryProduct = module.isLibraryProduct
      info.deploymentTargets = module.deploymentTargets.sorted { $0.key < $1.key }.map {
        DeploymentTarget(platform: $0.key, version: $0.value)
      }
      info.language = module.language
      if let subject = module.testSubject {
        info.testOf = modules[subject].name
        // Tests never sit in a wave of their own: they are planned with the module they test.
        info.wave = levels.waveOfComponent[components.componentOfNode[subject]]
      }
      info.sharedWith = module.sharedWith.map { modules[$0].name }.sorted()
      infos.append(info)
    }
    infos.sort { ($0.wave, $0.name) < ($1.wave, $1.name) }

    var packageSummaries: [ProjectGraph.Package] = []
    for (package, names) in zip(packages, assignment.modulesOfPackage) {
      packageSummaries.append(
        ProjectGraph.Package(
          name: package.displayName, manifestPath: package.manifestPath, platforms: package.manifest.platforms,
          modules: names))
    }
    packageSummaries.sort { $0.manifestPath < $1.manifestPath }

    let allWarnings = (assignment.warnings + resolver.warnings).sorted { $0.description < $1.description }
    var graph = ProjectGraph(
      modules: infos, files: fileResults.compactMap { $0 }, moduleFiles: moduleFiles.sorted { $0.module < $1.module },
      packages: packageSummaries, warnings: allWarnings)
    graph.skipped = assignment.skipped
    return graph
  }

  /// What one file's references resolve to.
  struct ResolvedReferences: Sendable {
    /// Other files of the file's own module that declare a type it names, in reference order
    /// (repeats included: the graph drops them).
    var sameModuleFiles: [Int] = []
    /// For a module whose edges are inferred (folder or mapped): the other modules declaring a
    /// type the file names, where its own module declares none by that name.
    var otherModules: [Int] = []
  }

  /// Resolves the references of `files[file]` against `index`. Pure, so files run in parallel.
  static func resolveReferences(
    of file: Int, files: [SourceFile], modules: [ResolvedModule], moduleOfFile: [Int], index: SymbolTable
  ) -> ResolvedReferences {
    let facts = files[file].facts
    let module = moduleOfFile[file]
    let inferred = modules[module].origin == .folder || modules[module].origin == .mapped
    let seesTests = modules[module].isTest
    var result = ResolvedReferences()
    for name in facts.references {
      let declaring = index.files(resolving: name, from: file)
      // A type declared in the module itself shadows any other with that name.
      var shadowed = false
      for other in declaring where moduleOfFile[other] == module {
        shadowed = true
        if other != file { result.sameModuleFiles.append(other) }
      }
      guard inferred, !shadowed else { continue }
      // Production code cannot see test code (see the module edges in `build`).
      for other in declaring where seesTests || !modules[moduleOfFile[other]].isTest {
        result.otherModules.append(moduleOfFile[other])
      }
    }
    return result
  }

  /// The file-level units of one module: a file depends on another file of the module when it
  /// names a type that file declares. `positionInModule` gives each file's position among its
  /// module's files (`members` here), so no table of the members is built per module.
  static func fileUnits(
    _ members: [Int], files: [SourceFile], resolved: [ResolvedReferences], positionInModule: [Int]
  ) -> [ProjectGraph.FileUnit] {
    var edges: [Graph.Edge] = []
    for (position, file) in members.enumerated() {
      // `sameModuleFiles` holds files of this module only.
      for other in resolved[file].sameModuleFiles {
        edges.append(Graph.Edge(from: position, to: positionInModule[other]))
      }
    }
    let graph = Graph(names: members.map { files[$0].path }, edges: edges)
    let components = StronglyConnectedComponents(graph)
    let levels = Levels(graph: graph, components: components)
    var units: [ProjectGraph.FileUnit] = []
    for (wave, wavesComponents) in levels.waves.enumerated() {
      for component in wavesComponents {
        let nodes = components.members(of: component)
        var dependsOn: Set<Int> = []
        for node in nodes {
          for target in graph.successors(of: node) where components.componentOfNode[target] != component {
            dependsOn.insert(target)
          }
        }
        // Members come in path order, so sorting the node ids sorts the paths, without comparing
        // strings.
        units.append(
          ProjectGraph.FileUnit(
            files: nodes.sorted().map { graph.names[$0] }, wave: wave,
            dependsOn: dependsOn.sorted().map { graph.names[$0] }))
      }
    }
    return units
  }

  /// Whether `path` names a package manifest: `Package.swift`, or a versioned one such as
  /// `Package@swift-5.9.swift`. The one test of that name, for the scanner and the graph.
  package static func isManifest(path: String) -> Bool {
    // On the UTF-8 view: a check asks this of every file in the tree.
    let utf8 = path.utf8
    let start = path.lastIndex(ofUTF8: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    let name = Substring(utf8[start...])
    return name == "Package.swift" || (name.hasPrefix("Package@swift") && name.hasSuffix(".swift"))
  }

  /// The module name `import` uses for a target name: SwiftPM's c99name turns `-` and spaces
  /// into `_` (`my-lib` is imported as `my_lib`).
  static func c99Name(_ name: String) -> String {
    String(name.map { $0 == "-" || $0 == " " ? "_" : $0 })
  }
}
