import ScanModel

/// The modules of the Xcode projects of a tree and which files each compiles: the part of
/// `ModuleResolver` that reads `XcodeProject`s.
///
/// Each native target is a module. A file belongs to the targets whose sources build phase lists
/// it, or whose synchronised folder holds it (less its exceptions). A Swift file below a
/// project's folder that no target compiles is not a module source; `uncompiledReason` says why.
struct XcodeMembership {
  /// Module ids of the targets listing each file.
  private var explicit: [String: [Int]] = [:]
  /// Synchronised folders: module ids and their excluded files.
  private var synchronized: [String: [(module: Int, excluded: Set<String>)]] = [:]
  /// Per folder: the synchronised folder entries that cover its files (the deepest).
  private var synchronizedAbove: [String: [(module: Int, excluded: Set<String>)]] = [:]
  /// Project folders (where the `.xcodeproj` sits) → the project's file name, for reasons.
  private var projectRoots: [String: String] = [:]
  /// Rank of each module when several compile one file: the file is planned in the lowest.
  private var rank: [Int: (Int, String)] = [:]
  /// Problems found, as graph warnings.
  private(set) var warnings: [GraphWarning] = []

  /// True when no project has a target.
  var isEmpty: Bool { projectRoots.isEmpty }

  /// Appends a module to `modules` for each native target of `projects` and resolves their
  /// dependencies (targets of the same project, package products of in-tree packages).
  init(
    projects: [XcodeProject], workspaces: [XcodeWorkspace] = [], packages: [ScannedPackage], targetIDs: [[String: Int]],
    modules: inout [ResolvedModule]
  ) {
    for workspace in workspaces { warnings += workspace.warnings.map { GraphWarning.xcodeProject($0) } }
    // Module id of each target name, per project (empty for a project that has none).
    var idsOfTarget: [[String: Int]] = []
    var aliasedModules: Set<Int> = []
    for (projectIndex, project) in projects.enumerated() {
      warnings += project.warnings.map { GraphWarning.xcodeProject($0) }
      // A project read in part (a parse error) claims no files: better folder modules than
      // every file skipped.
      guard !project.targets.isEmpty else {
        idsOfTarget.append([:])
        continue
      }
      // `App.xcodeproj` for a project file, `project.yml` for an XcodeGen spec.
      let projectName =
        project.path.hasSuffix(".pbxproj")
        ? RelativePath.lastComponent(of: RelativePath.directory(of: project.path))
        : RelativePath.lastComponent(of: project.path)
      projectRoots[project.root] = projectName
      var idOfTarget: [String: Int] = [:]
      // A `Package.swift` beside the project that declares a target of the same name describes
      // the same code (projects that build both ways): that target stays the module, and the
      // Xcode target only fills in settings the manifest leaves out.
      var packageTarget: [String: Int] = [:]
      // Only a manifest in the project's own folder: a package deeper down (a server, a tool)
      // may well reuse a name such as `App` for other code.
      for (index, package) in packages.enumerated() where package.root == project.root {
        for (name, id) in targetIDs[index] where packageTarget[name] == nil { packageTarget[name] = id }
      }
      var aliased: Set<Int> = []
      for target in project.targets {
        if let existing = packageTarget[target.name] {
          idOfTarget[target.name] = existing
          aliased.insert(existing)
          if modules[existing].deploymentTargets.isEmpty {
            modules[existing].deploymentTargets = target.settings.deploymentTargets
          }
          if modules[existing].language.languageMode == nil, let version = target.settings.swiftVersion {
            modules[existing].language.languageMode = Self.languageMode(version)
          }
          rank[existing] = (Self.kindRank(target.productType), target.name)
          for file in target.sources { explicit[file, default: []].append(existing) }
          for folder in target.synchronizedFolders {
            synchronized[folder.path, default: []].append((existing, folder.excluded))
          }
          continue
        }
        let id = modules.count
        idOfTarget[target.name] = id
        var module = ResolvedModule(
          name: target.name,
          moduleName: ProjectGraphBuilder.c99Name(
            target.settings.productModuleName ?? target.settings.productName ?? target.name),
          path: Self.folder(of: target, projectRoot: project.root), origin: .xcodeTarget(project: projectIndex),
          isTest: target.productType.isTest)
        module.kind = target.productType.rawValue
        module.isLibraryProduct = [.framework, .staticLibrary, .dynamicLibrary].contains(target.productType)
        module.deploymentTargets = target.settings.deploymentTargets
        let settings = target.settings
        var features = settings.upcomingFeatures
        if settings.approachableConcurrency { features.append("ApproachableConcurrency") }
        module.language = LanguageSettings(
          languageMode: settings.swiftVersion.map(Self.languageMode), strictConcurrency: settings.strictConcurrency,
          features: features.sorted(), defaultIsolation: settings.defaultActorIsolation,
          source: settings.configuration.isEmpty ? projectName : "\(projectName) (\(settings.configuration))")
        modules.append(module)
        rank[id] = (Self.kindRank(target.productType), target.name)
        for file in target.sources { explicit[file, default: []].append(id) }
        for folder in target.synchronizedFolders {
          synchronized[folder.path, default: []].append((id, folder.excluded))
        }
        for setting in settings.unresolved {
          warnings.append(.unresolvedSetting(project: project.path, target: target.name, setting: setting))
        }
      }
      idsOfTarget.append(idOfTarget)
      aliasedModules.formUnion(aliased)
    }
    resolveDependencies(
      projects: projects, workspaces: workspaces, packages: packages, targetIDs: targetIDs, idsOfTarget: idsOfTarget,
      aliased: aliasedModules, modules: &modules)
    for (file, owners) in explicit where owners.count > 1 {
      explicit[file] = Array(Set(owners)).sorted { rank[$0]! < rank[$1]! }
    }
  }

  /// Each target's dependencies: targets of its project, targets of other projects it names
  /// through a project reference, frameworks it links that a target of its project or of a
  /// workspace holding it builds, and package products (of the project's local packages and its
  /// workspace's folders first). Then the module each test target tests.
  private mutating func resolveDependencies(
    projects: [XcodeProject], workspaces: [XcodeWorkspace], packages: [ScannedPackage], targetIDs: [[String: Int]],
    idsOfTarget: [[String: Int]], aliased: Set<Int>, modules: inout [ResolvedModule]
  ) {
    var indexOfProject: [String: Int] = [:]
    for (index, project) in projects.enumerated() { indexOfProject[RelativePath.directory(of: project.path)] = index }
    // The projects each project shares a workspace with (itself included), and the folders
    // those workspaces list.
    var peers: [[Int]] = projects.indices.map { [$0] }
    var workspaceFolders: [[String]] = projects.indices.map { _ in [] }
    for workspace in workspaces {
      let members = workspace.projects.compactMap { indexOfProject[$0] }
      for folder in workspace.projects where indexOfProject[folder] == nil {
        warnings.append(.xcodeProject("\(workspace.path): project `\(folder)` is not in the scanned tree"))
      }
      for member in members {
        for other in members where !peers[member].contains(other) { peers[member].append(other) }
        workspaceFolders[member] += workspace.folders
      }
    }
    // Module ids by built product name (`PRODUCT_NAME`, else the target name), per project.
    var idsOfProduct: [[String: [Int]]] = []
    for (index, project) in projects.enumerated() {
      var table: [String: [Int]] = [:]
      for target in project.targets {
        guard let id = idsOfTarget[index][target.name] else { continue }
        for name in Set([target.name, target.settings.productName].compactMap { $0 }) {
          table[name, default: []].append(id)
        }
      }
      idsOfProduct.append(table)
    }
    for (projectIndex, project) in projects.enumerated() {
      let idOfTarget = idsOfTarget[projectIndex]
      let localPackages = project.localPackages + workspaceFolders[projectIndex]
      for target in project.targets {
        guard let id = idOfTarget[target.name], !aliased.contains(id) else { continue }
        var dependencies: Set<Int> = []
        for name in target.dependencies {
          if let other = idOfTarget[name] { dependencies.insert(other) }
        }
        for external in target.externalDependencies {
          if let other = indexOfProject[external.project], let found = idsOfTarget[other][external.target] {
            dependencies.insert(found)
          }
        }
        // A linked framework is built by a target of this project or of a workspace peer; the
        // project's own first, so a name both build resolves to the nearer one. Where several
        // targets build it (`Shared.framework` for iOS and for watchOS), the one of the
        // target's platform.
        let platforms = Set(target.settings.deploymentTargets.keys)
        for product in target.linkedProducts {
          for peer in peers[projectIndex] {
            var built = (idsOfProduct[peer][product] ?? []).filter { modules[$0].kind != "application" }
            if built.count > 1 {
              let same = built.filter { !platforms.isDisjoint(with: modules[$0].deploymentTargets.keys) }
              if !same.isEmpty { built = same }
            }
            if !built.isEmpty {
              dependencies.formUnion(built)
              break
            }
          }
        }
        for product in target.packageProducts {
          dependencies.formUnion(
            Self.productModules(product, localPackages: localPackages, packages: packages, targetIDs: targetIDs))
        }
        dependencies.remove(id)
        modules[id].dependencies = dependencies.sorted()
        if target.productType.isTest {
          modules[id].testSubject = Self.testSubject(
            of: target, dependencies: dependencies, idOfTarget: idOfTarget, idsOfProduct: idsOfProduct[projectIndex],
            modules: modules)
        }
      }
    }
  }

  /// The module a test target tests: UI tests name the app they drive (`TEST_TARGET_NAME`),
  /// unit tests the app that hosts them (`TEST_HOST`, a product name). Several targets may
  /// build a product of that name (a macOS and an iOS app both called `NetNewsWire`): the one
  /// the test target depends on wins, then one sharing a platform with it. Without either
  /// setting, nil: the caller falls back to names and dependencies.
  static func testSubject(
    of target: XcodeProject.Target, dependencies: Set<Int>, idOfTarget: [String: Int], idsOfProduct: [String: [Int]],
    modules: [ResolvedModule]
  ) -> Int? {
    if let name = target.settings.testTargetName, let id = idOfTarget[name] { return id }
    guard let host = target.settings.testHost ?? target.settings.testTargetName else { return nil }
    var candidates = idsOfProduct[host] ?? []
    if candidates.isEmpty, let id = idOfTarget[host] { candidates = [id] }
    guard candidates.count > 1 else { return candidates.first }
    if let depended = candidates.first(where: dependencies.contains) { return depended }
    let platforms = Set(target.settings.deploymentTargets.keys)
    return candidates.first { !platforms.isDisjoint(with: modules[$0].deploymentTargets.keys) } ?? candidates.first
  }

  /// The modules compiling `path`, the one it is planned in first; nil when no target does.
  /// A synchronised folder counts only where no package target is deeper (a package kept
  /// inside an app's synchronised folder still owns its files).
  mutating func compiling(_ path: String, isInPackageTarget: (String) -> Bool) -> [Int]? {
    let listed = explicit[path] ?? []
    guard !synchronized.isEmpty else { return listed.isEmpty ? nil : listed }
    // The synchronised folders above a file depend on its folder only: found once per folder.
    let directory = RelativePath.directory(of: path)
    let entries: [(module: Int, excluded: Set<String>)]
    if let cached = synchronizedAbove[directory] {
      entries = cached
    } else {
      var found: [(module: Int, excluded: Set<String>)] = []
      var folder = directory
      while true {
        if isInPackageTarget(folder) { break }
        if let here = synchronized[folder] {
          found = here
          break
        }
        if folder.isEmpty { break }
        folder = RelativePath.directory(of: folder)
      }
      synchronizedAbove[directory] = found
      entries = found
    }
    var owners = listed
    for entry in entries where !entry.excluded.contains(path) && !owners.contains(entry.module) {
      owners.append(entry.module)
    }
    return owners.isEmpty ? nil : owners.count == 1 ? owners : owners.sorted { rank[$0]! < rank[$1]! }
  }

  /// Why a file with these ancestors (deepest first) is skipped: it sits below an Xcode project's
  /// folder, no nearer package encloses it, and no target compiles it. Nil otherwise.
  func uncompiledReason(_ ancestors: [String], packageRoots: Set<String>) -> String? {
    for folder in ancestors {
      if packageRoots.contains(folder) { return nil }
      if let project = projectRoots[folder] { return "no target of \(project) compiles it" }
    }
    return nil
  }

  /// The module's folder for reports: its first synchronised folder, else the deepest folder
  /// holding all its sources, else the project's folder.
  static func folder(of target: XcodeProject.Target, projectRoot: String) -> String {
    if let first = target.synchronizedFolders.first { return first.path }
    guard var common = target.sources.first.map(RelativePath.directory) else { return projectRoot }
    for source in target.sources.dropFirst() {
      while !common.isEmpty, RelativePath.relative(source, to: common) == nil {
        common = RelativePath.directory(of: common)
      }
    }
    return common
  }

  /// Order of preference for planning a shared file: what others link comes first.
  static func kindRank(_ type: XcodeProject.ProductType) -> Int {
    switch type {
    case .framework, .staticLibrary, .dynamicLibrary: return 0
    case .appExtension: return 1
    case .application, .watchApp: return 2
    case .unitTests, .uiTests: return 4
    default: return 3
    }
  }

  /// `SWIFT_VERSION` as a language mode: `5.0` → `5`, `6.0` → `6`, `4.2` stays.
  static func languageMode(_ version: String) -> String {
    version.hasSuffix(".0") ? String(version.dropLast(2)) : version
  }

  /// The modules behind package product `name`: a product of one of the project's local
  /// packages first, else of any in-tree package, else a target of that name.
  static func productModules(
    _ name: String, localPackages: [String], packages: [ScannedPackage], targetIDs: [[String: Int]]
  ) -> [Int] {
    let local = packages.indices.filter { localPackages.contains(packages[$0].root) }
    for index in local + packages.indices.filter({ !local.contains($0) }) {
      let found = ModuleResolver.productTargets(name, in: index, packages: packages, targetIDs: targetIDs)
      if !found.isEmpty { return found }
    }
    return []
  }
}
