import ScanModel

/// The first, cheap stage of a graph build: the manifests read and every file given its module.
///
/// Split from `ProjectGraphBuilder.build(_:jobs:)` because the findings pass needs only each
/// file's module and each module's deployment targets, not the references, edges and waves that
/// make up most of the build: with this stage done, the caller can finalise findings while the
/// rest of the graph is built.
package struct ModuleAssignment: Sendable {
  /// The manifests read, sorted by manifest path.
  package let packages: [ScannedPackage]
  /// The Swift sources that belong to modules, sorted by path (manifests left out).
  package let files: [ProjectGraphBuilder.SourceFile]
  /// The module of each file and the modules' declared dependencies.
  package let resolver: ModuleResolver
  /// Problems found reading the manifests (the resolver's own are in `resolver`).
  package let warnings: [GraphWarning]
  /// The Xcode projects read, sorted by path.
  package let xcodeProjects: [XcodeProject]
  /// Swift files no target compiles (or that a target excludes or copies as a resource), with
  /// the reason, sorted by path. They are not in `files`, and the scan takes no findings from
  /// them.
  package let skipped: [SkippedFile]

  /// Assigns `files` to the modules of `packages` (sorted by manifest path) and of
  /// `xcodeProjects` (sorted by path).
  package init(
    packages: [ScannedPackage], files unsorted: [ProjectGraphBuilder.SourceFile], moduleMap: ModuleMap = ModuleMap(),
    warnings: [GraphWarning] = [], xcodeProjects: [XcodeProject] = [], xcodeWorkspaces: [XcodeWorkspace] = []
  ) {
    var files = unsorted.sorted { $0.path < $1.path }
    self.packages = packages
    var resolver = ModuleResolver(
      packages: packages, filePaths: files.map(\.path), moduleMap: moduleMap, xcodeProjects: xcodeProjects,
      xcodeWorkspaces: xcodeWorkspaces)
    var skipped: [SkippedFile] = []
    if !resolver.skipped.isEmpty {
      var drop = [Bool](repeating: false, count: files.count)
      for (file, reason) in resolver.skipped {
        drop[file] = true
        skipped.append(SkippedFile(path: files[file].path, reason: reason))
      }
      files = files.indices.filter { !drop[$0] }.map { files[$0] }
      resolver.dropSkipped()
    }
    self.files = files
    self.resolver = resolver
    self.warnings = warnings
    self.xcodeProjects = xcodeProjects
    self.skipped = skipped
  }

  /// The module name of each file path: what `ProjectGraph.files` will say.
  package var moduleOfPath: [String: String] {
    var table: [String: String] = [:]
    table.reserveCapacity(files.count)
    for (file, module) in zip(files, resolver.moduleOfFile) { table[file.path] = resolver.modules[module].name }
    return table
  }

  /// For each file several Xcode targets compile, by path: the names of the other modules that
  /// compile it, sorted (its own is in `moduleOfPath`). What `ProjectGraph.File.alsoCompiledBy`
  /// will say.
  package var alsoCompiledBy: [String: [String]] {
    var table: [String: [String]] = [:]
    for (file, others) in resolver.alsoCompiledBy {
      table[files[file].path] = others.map { resolver.modules[$0].name }.sorted()
    }
    return table
  }

  /// The names of each package's target modules, sorted, parallel to `packages`: what
  /// `ProjectGraph.packages` will list.
  package var modulesOfPackage: [[String]] {
    var names = [[String]](repeating: [], count: packages.count)
    for module in resolver.modules {
      if case .target(let owner, _) = module.origin { names[owner].append(module.name) }
    }
    return names.map { $0.sorted() }
  }
}
