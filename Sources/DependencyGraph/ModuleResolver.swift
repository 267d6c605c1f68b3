import ScanModel

/// Assigns every Swift file to a module and resolves the modules' declared dependencies.
///
/// Rules, first match wins:
/// 1. The `ModuleMap` entry with the longest matching prefix (the user's word is final).
/// 2. An Xcode target that lists the file in its sources build phase, or one of its membership
///    exceptions. A file several targets compile (an app and its extension) is planned once, in
///    the first of them by kind (framework or library, then extension, then app, then the rest;
///    tests last) and name; `sharedWith` of that module names the others, and their deployment
///    targets gate the file too (the lowest of them decides).
/// 3. The manifest target whose folder is the deepest ancestor of the file. A target's folder is
///    its `path:`, else the first of SwiftPM's predefined folders (`Sources/<name>`,
///    `Source/<name>`, `src/<name>`, `srcs/<name>`; `Tests/<name>` first for test targets;
///    `Plugins/<name>` for plugins) that holds a scanned file. Nested packages need no special
///    case: their targets are deeper than their parent's.
/// 4. The deepest synchronised folder (Xcode 16) of a target that compiles the file.
/// 5. A file below an Xcode project's folder that no target compiles, or below a package target
///    in its `exclude:` or `resources:`, is skipped with the reason (`skipped`), and yields no
///    findings.
/// 6. Otherwise the file's folder module: the first folder below the nearest package root
///    (or below the scanned root when no manifest encloses it), so an Xcode project's `App/`
///    and `Core/` become modules `App` and `Core`. A file directly in a root belongs to a module
///    named after that root's folder (`(root)` for the scanned root).
///
/// Binary and system-library targets hold no Swift to migrate, so they are not modules and
/// dependencies on them are dropped, like dependencies on packages outside the tree.
package struct ModuleResolver: Sendable {
  /// The modules, in creation order: targets (packages by root, targets in manifest order),
  /// then mapped modules, then folder modules in order of their first file.
  package private(set) var modules: [ResolvedModule] = []
  /// The module id of each file, parallel to the `filePaths` passed in.
  package private(set) var moduleOfFile: [Int] = []
  /// Dependencies that name no target, and module names used twice.
  package private(set) var warnings: [GraphWarning] = []

  /// Resolves `filePaths` (relative to the scanned root, `/`-separated) against `packages`.
  /// Files no target compiles (or that a target lists as a resource or excludes), with the
  /// reason, as indices into the `filePaths` passed in, sorted. Their `moduleOfFile` is -1 until
  /// `ModuleAssignment` drops them.
  package private(set) var skipped: [(file: Int, reason: String)] = []
  /// For a file several Xcode targets compile: the other modules (the first is in
  /// `moduleOfFile`), keyed by the file's index in `moduleOfFile` (into `filePaths`, and after
  /// `dropSkipped` into the files kept); summed up in each module's `sharedWith`. Their
  /// deployment targets gate that file, and only that file.
  package private(set) var alsoCompiledBy: [Int: [Int]] = [:]

  /// Resolves `filePaths` (relative to the scanned root, `/`-separated) against `packages` and
  /// `xcodeProjects` (sorted by path).
  package init(
    packages: [ScannedPackage], filePaths: [String], moduleMap: ModuleMap = ModuleMap(),
    xcodeProjects: [XcodeProject] = [], xcodeWorkspaces: [XcodeWorkspace] = []
  ) {
    // Every folder holding a file, at any depth. Files share folders, and a folder already
    // present brought its ancestors with it, so each folder costs one insertion.
    var folders: Set<String> = []
    for path in filePaths where !folders.contains(RelativePath.directory(of: path)) {
      for folder in RelativePath.ancestors(of: path) where !folders.insert(folder).inserted { break }
    }

    // Targets, and for each package the module id of each target name.
    var folderOfTarget: [String: Int] = [:]
    var targetIDs: [[String: Int]] = []
    for (packageIndex, package) in packages.enumerated() {
      var ids: [String: Int] = [:]
      for target in package.manifest.targets where target.kind != .binary && target.kind != .systemLibrary {
        let folder = Self.folder(of: target, in: package, existing: folders)
        let id = modules.count
        ids[target.name] = id
        modules.append(
          ResolvedModule(
            name: target.name, moduleName: target.name, path: folder,
            origin: .target(package: packageIndex, kind: target.kind), isTest: target.kind == .test))
        // Two targets sharing a folder: the first keeps the files, as SwiftPM would reject it.
        if folderOfTarget[folder] == nil { folderOfTarget[folder] = id }
      }
      targetIDs.append(ids)
    }
    resolveDependencies(packages: packages, targetIDs: targetIDs)
    for (packageIndex, package) in packages.enumerated() {
      for target in package.manifest.targets {
        guard let id = targetIDs[packageIndex][target.name] else { continue }
        modules[id].deploymentTargets = package.manifest.platforms.reduce(into: [:]) { table, platform in
          if table[platform.name] == nil { table[platform.name] = platform.version }
        }
        modules[id].language = target.language
        modules[id].kind = target.kind.rawValue
      }
      for product in package.manifest.products where product.kind == "library" {
        for target in product.targets {
          if let id = targetIDs[packageIndex][target] { modules[id].isLibraryProduct = true }
        }
      }
    }
    let roots = Set(packages.map(\.root))
    var xcode = XcodeMembership(
      projects: xcodeProjects, workspaces: xcodeWorkspaces, packages: packages, targetIDs: targetIDs, modules: &modules)
    warnings += xcode.warnings
    let excludedByTarget = Self.excludedFolders(packages: packages, targetIDs: targetIDs, modules: modules)

    // Mapped modules: one per distinct name; its path is its first prefix in sorted order.
    var mapped: [String: Int] = [:]
    var mappedNames: [String: Int] = [:]
    for entry in moduleMap.entries.sorted(by: { ($0.prefix, $0.module) < ($1.prefix, $1.module) }) {
      let prefix = RelativePath.join("", entry.prefix)
      let id: Int
      if let existing = mappedNames[entry.module] {
        id = existing
      } else {
        id = modules.count
        mappedNames[entry.module] = id
        modules.append(
          ResolvedModule(
            name: entry.module, moduleName: entry.module, path: prefix, origin: .mapped,
            isTest: entry.module.hasSuffix("Tests")))
      }
      if mapped[prefix] == nil { mapped[prefix] = id }
    }

    var folderModules: [String: Int] = [:]
    // The rules below read only the file's folder, so files in one folder share the answer.
    var moduleOfFolder: [String: Int] = [:]
    var skipReasonOfFolder: [String: String] = [:]
    moduleOfFile.reserveCapacity(filePaths.count)
    for (fileIndex, path) in filePaths.enumerated() {
      // Xcode's per-file membership comes first: it is not a property of the folder.
      if !xcode.isEmpty, mapped.isEmpty || !RelativePath.ancestors(of: path).contains(where: { mapped[$0] != nil }) {
        if let owners = xcode.compiling(path, isInPackageTarget: { folderOfTarget[$0] != nil }) {
          moduleOfFile.append(owners[0])
          if owners.count > 1 { alsoCompiledBy[fileIndex] = Array(owners.dropFirst()) }
          continue
        }
      }
      let directory = RelativePath.directory(of: path)
      if let id = moduleOfFolder[directory] {
        moduleOfFile.append(id)
        if id < 0 { skipped.append((fileIndex, skipReasonOfFolder[directory] ?? "")) }
        continue
      }
      // Files of one folder share the answer, unless a target's `exclude:` or `resources:`
      // decides file by file.
      var sharesFolderAnswer = true
      defer { if sharesFolderAnswer { moduleOfFolder[directory] = moduleOfFile.last } }
      let ancestors = RelativePath.ancestors(of: path)
      if let id = ancestors.lazy.compactMap({ mapped[$0] }).first {
        moduleOfFile.append(id)
      } else if let id = ancestors.lazy.compactMap({ folderOfTarget[$0] }).first {
        if let reason = excludedByTarget[id]?.reason(for: path) {
          // `exclude:` and `resources:` name files and folders, so this is decided per file.
          moduleOfFile.append(-1)
          skipped.append((fileIndex, reason))
          sharesFolderAnswer = false
          continue
        }
        if excludedByTarget[id] != nil { sharesFolderAnswer = false }
        moduleOfFile.append(id)
      } else if let reason = xcode.uncompiledReason(ancestors, packageRoots: roots) {
        moduleOfFile.append(-1)
        skipped.append((fileIndex, reason))
        skipReasonOfFolder[directory] = reason
      } else {
        let root = ancestors.first(where: { roots.contains($0) }) ?? ""
        let folder = Self.fallbackFolder(of: path, below: root)
        if let id = folderModules[folder] {
          moduleOfFile.append(id)
        } else {
          let name = folder.isEmpty ? "(root)" : RelativePath.lastComponent(of: folder)
          folderModules[folder] = modules.count
          moduleOfFile.append(modules.count)
          modules.append(
            ResolvedModule(name: name, moduleName: name, path: folder, origin: .folder, isTest: name.hasSuffix("Tests"))
          )
        }
      }
    }
    for (file, others) in alsoCompiledBy {
      let owner = moduleOfFile[file]
      for other in others where !modules[owner].sharedWith.contains(other) { modules[owner].sharedWith.append(other) }
    }
    for index in modules.indices { modules[index].sharedWith.sort() }
    skipped.sort { $0.file < $1.file }
    assignTestSubjects()
    makeNamesUnique()
  }

  /// The module each test module tests, where its project file does not name it: the non-test
  /// module named like it (`CoreTests` → `Core`, `AppUITests` → `App`), else the dependency no
  /// other dependency of it depends on (the top of what it links), lowest id first.
  private mutating func assignTestSubjects() {
    var idOfName: [String: Int] = [:]
    for (id, module) in modules.enumerated() where !module.isTest && idOfName[module.name] == nil {
      idOfName[module.name] = id
    }
    for id in modules.indices where modules[id].isTest && modules[id].testSubject == nil {
      let name = modules[id].name
      for suffix in ["UITests", "UnitTests", "IntegrationTests", "SnapshotTests", "Tests", "Test"]
      where name.hasSuffix(suffix) {
        if let subject = idOfName[String(name.dropLast(suffix.count))] {
          modules[id].testSubject = subject
          break
        }
      }
      guard modules[id].testSubject == nil else { continue }
      // An app a test target links is what it tests (its other links are helpers it needs).
      let dependencies = modules[id].dependencies.filter { !modules[$0].isTest }
      let candidates =
        dependencies.filter { modules[$0].kind == "application" }
        + dependencies.filter { modules[$0].kind != "application" }
      let covered = Set(candidates.flatMap { modules[$0].dependencies })
      modules[id].testSubject = candidates.first { !covered.contains($0) } ?? candidates.first
    }
  }

  /// Per package target with `exclude:` or `resources:`: the root-relative paths they name.
  static func excludedFolders(packages: [ScannedPackage], targetIDs: [[String: Int]], modules: [ResolvedModule])
    -> [Int: TargetExclusions]
  {
    var result: [Int: TargetExclusions] = [:]
    for (packageIndex, package) in packages.enumerated() {
      for target in package.manifest.targets where !target.exclude.isEmpty || !target.resources.isEmpty {
        guard let id = targetIDs[packageIndex][target.name] else { continue }
        let folder = modules[id].path
        result[id] = TargetExclusions(
          target: target.name, manifest: package.manifestPath,
          excluded: target.exclude.map { RelativePath.join(folder, $0) },
          resources: target.resources.map { RelativePath.join(folder, $0) })
      }
    }
    return result
  }

  /// Drops the skipped files from `moduleOfFile`, so it is parallel to the files kept (the
  /// `filePaths` passed in, less `skipped`, in order).
  package mutating func dropSkipped() {
    guard !skipped.isEmpty else { return }
    moduleOfFile.removeAll { $0 < 0 }
    // A shared file is compiled, so never skipped: its index moves down by the skipped files
    // before it (`skipped` is sorted).
    var moved: [Int: [Int]] = [:]
    var before = 0
    for file in alsoCompiledBy.keys.sorted() {
      while before < skipped.count && skipped[before].file < file { before += 1 }
      moved[file - before] = alsoCompiledBy[file]
    }
    alsoCompiledBy = moved
  }

  /// The folder of a target: `path:` or the first predefined folder that holds files. Where no
  /// `Tests/<name>` (`Sources/<name>`, …) holds files, SwiftPM 5.9 and later let the only target
  /// of its kind sharing that root (test targets; plugins; all the others) occupy the
  /// predefined folder itself: a package whose single test target's files sit in `Tests/`.
  static func folder(of target: PackageManifest.Target, in package: ScannedPackage, existing: Set<String>) -> String {
    let root = package.root
    if let path = target.path { return RelativePath.join(root, path) }
    let candidates: [String]
    switch target.kind {
    case .test: candidates = ["Tests", "Sources", "Source", "src", "srcs"]
    case .plugin: candidates = ["Plugins"]
    default: candidates = ["Sources", "Source", "src", "srcs"]
    }
    let folders = candidates.map { RelativePath.join(root, "\($0)/\(target.name)") }
    if let found = folders.first(where: existing.contains) { return found }
    let manifest = package.manifest
    if !manifest.toolsVersion.lexicographicallyPrecedes([5, 9]), !manifest.toolsVersion.isEmpty {
      let sharingRoot = manifest.targets.filter { other in
        switch target.kind {
        case .test: return other.kind == .test
        case .plugin: return other.kind == .plugin
        default: return other.kind != .test && other.kind != .plugin
        }
      }
      if sharingRoot.count == 1,
        let predefined = candidates.map({ RelativePath.join(root, $0) }).first(where: existing.contains)
      {
        return predefined
      }
    }
    return folders[0]
  }

  /// The first folder of `path` below `root`, or `root` for a file directly in it.
  static func fallbackFolder(of path: String, below root: String) -> String {
    guard let inside = RelativePath.relative(path, to: root), let slash = inside.utf8.firstIndex(of: UInt8(ascii: "/"))
    else {
      return root
    }
    return RelativePath.join(root, String(inside[..<slash]))
  }

  /// Turns each target's manifest dependencies into module ids.
  private mutating func resolveDependencies(packages: [ScannedPackage], targetIDs: [[String: Int]]) {
    for (packageIndex, package) in packages.enumerated() {
      for target in package.manifest.targets {
        guard let id = targetIDs[packageIndex][target.name] else { continue }
        var dependencies: Set<Int> = []
        for dependency in target.dependencies {
          switch dependency {
          case .target(let name):
            if let other = targetIDs[packageIndex][name] {
              dependencies.insert(other)
            } else if !package.manifest.targets.contains(where: { $0.name == name }) {
              warnings.append(.unknownTarget(module: target.name, dependency: name, manifest: package.manifestPath))
            }
          case .byName(let name):
            if let other = targetIDs[packageIndex][name] {
              dependencies.insert(other)
            } else {
              // A product of a dependency: look in the in-tree packages this one depends on.
              for other in Self.dependencyPackages(of: packageIndex, in: packages) {
                dependencies.formUnion(Self.productTargets(name, in: other, packages: packages, targetIDs: targetIDs))
              }
            }
          case .product(let name, let packageName):
            guard let packageName else { continue }
            if let other = Self.package(named: packageName, from: packageIndex, in: packages) {
              let targets = Self.productTargets(name, in: other, packages: packages, targetIDs: targetIDs)
              if targets.isEmpty {
                warnings.append(
                  .unknownProduct(
                    module: target.name, product: name, package: packageName, manifest: package.manifestPath))
              }
              dependencies.formUnion(targets)
            }
          }
        }
        dependencies.remove(id)
        modules[id].dependencies = dependencies.sorted()
      }
    }
  }

  /// The in-tree package a `.product(package:)` names: a local `path:` dependency with that
  /// identity, else a package whose `name:` or folder name matches (case-insensitively, as
  /// SwiftPM identities are).
  static func package(named name: String, from packageIndex: Int, in packages: [ScannedPackage]) -> Int? {
    let identity = name.lowercased()
    let package = packages[packageIndex]
    for dependency in package.manifest.dependencies where dependency.identity == identity {
      guard let path = dependency.path else { continue }
      let root = RelativePath.join(package.root, path)
      if let index = packages.firstIndex(where: { $0.root == root }) { return index }
    }
    return packages.indices.first { index in
      index != packageIndex
        && (packages[index].manifest.name?.lowercased() == identity
          || (!packages[index].root.isEmpty
            && RelativePath.lastComponent(of: packages[index].root).lowercased() == identity))
    }
  }

  /// The in-tree packages `packageIndex` lists as dependencies.
  static func dependencyPackages(of packageIndex: Int, in packages: [ScannedPackage]) -> [Int] {
    packages[packageIndex].manifest.dependencies.compactMap {
      package(named: $0.identity, from: packageIndex, in: packages)
    }
  }

  /// The modules behind product `name` of package `index`; a target of that name when the
  /// package lists no such product (lenient: SwiftPM would reject it, the plan need not).
  static func productTargets(
    _ name: String, in index: Int, packages: [ScannedPackage], targetIDs: [[String: Int]]
  ) -> [Int] {
    if let product = packages[index].manifest.products.first(where: { $0.name == name }) {
      return product.targets.compactMap { targetIDs[index][$0] }
    }
    return targetIDs[index][name].map { [$0] } ?? []
  }

  /// Gives modules that share a name (two packages with a `Core` target, say) their path as a
  /// suffix, so reports can name each one.
  private mutating func makeNamesUnique() {
    var counts: [String: Int] = [:]
    for module in modules { counts[module.name, default: 0] += 1 }
    for index in modules.indices where counts[modules[index].name, default: 0] > 1 {
      warnings.append(.duplicateModuleName(name: modules[index].name, path: modules[index].path))
      modules[index].name = "\(modules[index].name) (\(modules[index].path))"
    }
  }
}

/// The files a package target names in `exclude:` and `resources:`: SwiftPM compiles neither.
package struct TargetExclusions: Sendable {
  var target: String
  var manifest: String
  var excluded: [String]
  var resources: [String]

  /// Why `path` is not compiled, or nil when it is.
  func reason(for path: String) -> String? {
    func covers(_ entry: String) -> Bool { path == entry || RelativePath.relative(path, to: entry) != nil }
    if excluded.contains(where: covers) { return "excluded by target `\(target)` (\(manifest) `exclude:`)" }
    if resources.contains(where: covers) {
      return "a resource of target `\(target)` (\(manifest) `resources:`), not compiled"
    }
    return nil
  }
}

/// One module as the resolver found it.
package struct ResolvedModule: Sendable, Hashable {
  /// How the module came to be.
  package enum Origin: Sendable, Hashable {
    /// A manifest target of `packages[package]`.
    case target(package: Int, kind: PackageManifest.TargetKind)
    /// A `ModuleMap` entry.
    case mapped
    /// A folder without a target.
    case folder
    /// A native target of `xcodeProjects[project]`.
    case xcodeTarget(project: Int)
  }

  /// A name unique among the modules, for reports.
  package var name: String
  /// The name `import` statements use.
  package var moduleName: String
  /// The module's folder relative to the scanned root.
  package var path: String
  /// Where the module comes from.
  package var origin: Origin
  /// True for test targets and folders named `…Tests`.
  package var isTest: Bool
  /// Declared dependencies (manifest and Xcode targets), as module ids, sorted.
  package var dependencies: [Int] = []
  /// Minimum OS per platform (`iOS` → `15.0`): the package's `platforms:` or the target's
  /// build settings; empty when nothing says.
  package var deploymentTargets: [String: String] = [:]
  /// Language mode and concurrency checking, when a manifest or build setting says.
  package var language = LanguageSettings()
  /// What the target builds: a SwiftPM target kind or an Xcode product type; empty for folders.
  package var kind = ""
  /// For a test module: the module it tests (its findings travel with that module's work).
  package var testSubject: Int?
  /// True for a target of a SwiftPM `.library` product and for an Xcode framework or library
  /// target. Whether its public API has clients outside the tree is the scanner's question
  /// (`Scanner.publishedLibraries`): a local package the app uses has none.
  package var isLibraryProduct = false
  /// Other modules compiling some of this module's files (an app extension sharing an app's
  /// files), sorted by id.
  package var sharedWith: [Int] = []

  /// Creates a module without dependencies.
  package init(name: String, moduleName: String, path: String, origin: Origin, isTest: Bool) {
    self.name = name
    self.moduleName = moduleName
    self.path = path
    self.origin = origin
    self.isTest = isTest
  }
}
