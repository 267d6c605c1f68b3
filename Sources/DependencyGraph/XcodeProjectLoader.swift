/// Turns the text of a `project.pbxproj` into an `XcodeProject`: targets, their Swift sources,
/// dependencies, package products and the build settings the plan needs.
///
/// Never runs anything and never touches the disk: `.xcconfig` files come in as bytes. Broken
/// input (a parse error, an object of an unknown type, a group whose path leaves the scanned
/// root, a reference to an object that is not there) becomes a warning naming the file, and the
/// rest is still read.
package enum XcodeProjectLoader {
  /// Reads the project at `path` (relative to the scanned root).
  ///
  /// - Parameters:
  ///   - bytes: the `project.pbxproj` text.
  ///   - xcconfigs: every `.xcconfig` file of the tree by root-relative path, for
  ///     `baseConfigurationReference` and `#include`.
  package static func load(path: String, bytes: [UInt8], xcconfigs: [String: [UInt8]] = [:]) -> XcodeProject {
    load(path: path, parsed: PBXProjectReader.read(bytes), xcconfigs: xcconfigs)
  }

  /// Reads the project at `path` from its text already parsed (the scan parses project files on
  /// its worker threads, beside the Swift files).
  package static func load(
    path: String, parsed: Result<PropertyList, PBXProjectReader.Failure>, xcconfigs: [String: [UInt8]] = [:]
  ) -> XcodeProject {
    // `App/App.xcodeproj/project.pbxproj` → `App`.
    let root = RelativePath.directory(of: RelativePath.directory(of: path))
    var project = XcodeProject(path: path, root: root)
    let plist: PropertyList.Value
    switch parsed {
    case .success(let value): plist = value.root
    case .failure(let failure):
      project.warnings.append("\(path): \(failure); the project's targets are not used")
      return project
    }
    guard let objects = plist["objects"]?.dictionary, let rootID = plist["rootObject"]?.string,
      let main = objects[rootID], main["isa"]?.string == "PBXProject"
    else {
      project.warnings.append("\(path): no `rootObject` naming a `PBXProject`; the project's targets are not used")
      return project
    }
    var context = Context(path: path, objects: objects, xcconfigs: xcconfigs)
    context.warnUnknownTypes()
    let projectRoot = context.inside(root, main["projectDirPath"]?.string ?? "") ?? root
    context.placeGroups(from: main["mainGroup"]?.string, root: projectRoot)

    let projectList = context.configurationList(main["buildConfigurationList"]?.string)
    var targets: [XcodeProject.Target] = []
    var targetIDs: [String] = []
    for id in main["targets"]?.strings ?? [] {
      guard let object = objects[id] else {
        context.warn("target \(id) is not among the objects")
        continue
      }
      // Aggregate and legacy (external build system) targets compile no Swift of their own.
      guard object["isa"]?.string == "PBXNativeTarget", let name = object["name"]?.string else { continue }
      targetIDs.append(id)
      targets.append(context.target(id: id, object: object, name: name, projectList: projectList, rootID: rootID))
    }
    context.applyExceptionSets(to: &targets, ids: targetIDs)
    for index in targets.indices { targets[index].sources.sort() }

    var packages: [String] = []
    for id in main["packageReferences"]?.strings ?? [] {
      guard let reference = objects[id], reference["isa"]?.string == "XCLocalSwiftPackageReference",
        let relative = reference["relativePath"]?.string
      else { continue }
      if let folder = context.inside(projectRoot, relative) { packages.append(folder) }
    }
    project.targets = targets
    project.localPackages = packages.sorted()
    project.warnings += context.warnings
    return project
  }

  /// The state of one load: the objects, where each group and file sits, and the warnings.
  struct Context {
    let path: String
    let objects: [String: PropertyList.Value]
    let xcconfigs: [String: [UInt8]]
    /// Root-relative path of every group and file reference reached from the main group.
    var location: [String: String] = [:]
    /// The synchronised folders reached from the main group, in the order reached.
    var synchronizedGroups: [String] = []
    var warnings: [String] = []
    /// Each `.xcconfig` read once, however many configurations are based on it.
    var xcconfigValues: [String: [String: String]] = [:]
    /// The project's configurations by name, read when a target first asks.
    var projectConfigurations: [String: [String: String]] = [:]
    /// Each warning once: a project with a thousand escaping paths says it once per path.
    var warned: Set<String> = []

    init(path: String, objects: [String: PropertyList.Value], xcconfigs: [String: [UInt8]]) {
      self.path = path
      self.objects = objects
      self.xcconfigs = xcconfigs
    }

    mutating func warn(_ text: String) {
      guard warned.insert(text).inserted, warnings.count < 50 else { return }
      warnings.append("\(path): \(text)")
    }

    /// Object types Xcode writes; anything else is named once (a newer Xcode, or a broken file).
    static let knownTypes: Set<String> = [
      "PBXAggregateTarget", "PBXAppleScriptBuildPhase", "PBXBuildFile", "PBXBuildRule", "PBXContainerItemProxy",
      "PBXCopyFilesBuildPhase", "PBXFileReference", "PBXFileSystemSynchronizedBuildFileExceptionSet",
      "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet", "PBXFileSystemSynchronizedRootGroup",
      "PBXFrameworksBuildPhase", "PBXGroup", "PBXHeadersBuildPhase", "PBXLegacyTarget", "PBXNativeTarget",
      "PBXProject", "PBXReferenceProxy", "PBXResourcesBuildPhase", "PBXRezBuildPhase", "PBXShellScriptBuildPhase",
      "PBXSourcesBuildPhase", "PBXTargetDependency", "PBXVariantGroup", "XCBuildConfiguration",
      "XCConfigurationList", "XCLocalSwiftPackageReference", "XCRemoteSwiftPackageReference",
      "XCSwiftPackageProductDependency", "XCVersionGroup",
    ]

    mutating func warnUnknownTypes() {
      var unknown: Set<String> = []
      for object in objects.values {
        guard let type = object["isa"]?.string else { continue }
        if !Self.knownTypes.contains(type) { unknown.insert(type) }
      }
      for type in unknown.sorted() { warn("unknown object type `\(type)`, ignored") }
    }

    /// `relative` joined to `base`, or nil (with a warning) when it climbs above the scanned root.
    mutating func inside(_ base: String, _ relative: String) -> String? {
      // Most paths are plain names (`Model.swift`, `Sources/App`): joined without splitting, which
      // was a sixth of reading a large project.
      if Self.isPlain(relative) { return base.isEmpty ? relative : relative.isEmpty ? base : base + "/" + relative }
      if relative.hasPrefix("/") {
        warn("path `\(relative)` is absolute, outside the scanned tree; ignored")
        return nil
      }
      var components: [Substring] = base.split(separator: "/")
      for part in relative.split(separator: "/") {
        if part == "." || part.isEmpty { continue }
        if part == ".." {
          guard !components.isEmpty else {
            warn("path `\(relative)` leaves the scanned root; ignored")
            return nil
          }
          components.removeLast()
          continue
        }
        components.append(part)
      }
      return components.joined(separator: "/")
    }

    /// True when `path` has no empty, `.` or `..` component and no leading `/`: joining needs no
    /// normalising.
    static func isPlain(_ path: String) -> Bool {
      var atStart = true
      for byte in path.utf8 {
        if byte == UInt8(ascii: "/") {
          if atStart { return false }
          atStart = true
        } else {
          if atStart && byte == UInt8(ascii: ".") { return false }
          atStart = false
        }
      }
      return !atStart || path.isEmpty
    }

    // MARK: - Groups

    /// Gives every group and file reference below the main group its root-relative path.
    /// Iterative, with each object placed once, so a group listed twice or a cycle of groups
    /// costs nothing extra.
    mutating func placeGroups(from main: String?, root: String) {
      guard let main else { return }
      location[main] = root
      var stack = [main]
      while let id = stack.popLast() {
        guard let folder = location[id], let children = objects[id]?["children"]?.strings else { continue }
        for child in children where location[child] == nil {
          guard let object = objects[child] else { continue }
          if let place = place(object, in: folder) {
            location[child] = place
            stack.append(child)
            if object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" { synchronizedGroups.append(child) }
          }
        }
      }
    }

    /// Where `object` sits when its parent group is at `folder`; nil outside the tree.
    mutating func place(_ object: PropertyList.Value, in folder: String) -> String? {
      let path = object["path"]?.string ?? ""
      switch object["sourceTree"]?.string ?? "<group>" {
      case "<group>": return inside(folder, path)
      case "SOURCE_ROOT": return inside(RelativePath.directory(of: RelativePath.directory(of: self.path)), path)
      default: return nil  // BUILT_PRODUCTS_DIR, SDKROOT, <absolute>: not in the scanned tree.
      }
    }

    // MARK: - Targets

    mutating func target(
      id: String, object: PropertyList.Value, name: String, projectList: [(name: String, id: String)], rootID: String
    ) -> XcodeProject.Target {
      var target = XcodeProject.Target(
        name: name, productType: XcodeProject.ProductType(identifier: object["productType"]?.string ?? ""))
      for phase in object["buildPhases"]?.strings ?? [] where objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase" {
        for file in objects[phase]?["files"]?.strings ?? [] {
          guard let reference = objects[file]?["fileRef"]?.string else { continue }
          if let path = location[reference], path.hasSuffix(".swift") { target.sources.append(path) }
        }
      }
      for group in object["fileSystemSynchronizedGroups"]?.strings ?? [] {
        if let folder = location[group] { target.synchronizedFolders.append(.init(path: folder)) }
      }
      var dependencies: Set<String> = []
      var external: Set<XcodeProject.ExternalDependency> = []
      for dependency in object["dependencies"]?.strings ?? [] {
        guard let entry = objects[dependency] else { continue }
        if let other = entry["target"]?.string, let otherName = objects[other]?["name"]?.string {
          dependencies.insert(otherName)
        } else if let proxyID = entry["targetProxy"]?.string, let proxy = objects[proxyID],
          let info = proxy["remoteInfo"]?.string, proxy["proxyType"]?.string == "1"
        {
          // The portal is the project object itself, or a file reference to another project.
          if let portal = proxy["containerPortal"]?.string, portal != rootID, let other = location[portal],
            other.hasSuffix(".xcodeproj")
          {
            external.insert(.init(project: other, target: info))
          } else {
            dependencies.insert(info)
          }
        }
        // A dependency on a package product (`productRef`) is listed below.
      }
      target.dependencies = dependencies.sorted()
      target.externalDependencies = external.sorted()
      var linked: Set<String> = []
      for phase in object["buildPhases"]?.strings ?? []
      where objects[phase]?["isa"]?.string == "PBXFrameworksBuildPhase" {
        for file in objects[phase]?["files"]?.strings ?? [] {
          guard let reference = objects[file]?["fileRef"]?.string, let product = objects[reference] else { continue }
          // Only what a build makes (`BUILT_PRODUCTS_DIR`); SDK frameworks are not the tree's.
          guard product["sourceTree"]?.string == "BUILT_PRODUCTS_DIR", let name = product["path"]?.string else {
            continue
          }
          if let built = Self.builtProductName(name) { linked.insert(built) }
        }
      }
      target.linkedProducts = linked.sorted()
      var products: Set<String> = []
      for product in object["packageProductDependencies"]?.strings ?? [] {
        if let name = objects[product]?["productName"]?.string {
          // `plugin:SwiftLintPlugin` is a build-tool plugin, not a module the code imports.
          if !name.hasPrefix("plugin:") { products.insert(name) }
        }
      }
      target.packageProducts = products.sorted()
      target.settings = settings(of: object["buildConfigurationList"]?.string, projectList: projectList)
      return target
    }

    /// `Core.framework` → `Core`, `libKit.a` / `libKit.dylib` → `Kit`; nil for other files.
    static func builtProductName(_ path: String) -> String? {
      let name = RelativePath.lastComponent(of: path)
      for suffix in [".framework", ".a", ".dylib"] where name.hasSuffix(suffix) {
        let stem = String(name.dropLast(suffix.count))
        if suffix == ".framework" { return stem.isEmpty ? nil : stem }
        return stem.hasPrefix("lib") && stem.count > 3 ? String(stem.dropFirst(3)) : nil
      }
      return nil
    }

    /// Xcode 16 exception sets: for a target that compiles the synchronised folder, the files it
    /// leaves out; for any other target, files of that folder it compiles all the same.
    mutating func applyExceptionSets(to targets: inout [XcodeProject.Target], ids: [String]) {
      let indexOfID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      // In the order the group tree reached them: warnings (capped) must not depend on
      // dictionary order.
      for groupID in synchronizedGroups {
        guard let group = objects[groupID], let folder = location[groupID] else { continue }
        for setID in group["exceptions"]?.strings ?? [] {
          guard let set = objects[setID], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
            let targetID = set["target"]?.string, let index = indexOfID[targetID]
          else { continue }
          let files = set["membershipExceptions"]?.strings.compactMap { inside(folder, $0) } ?? []
          if let synced = targets[index].synchronizedFolders.firstIndex(where: { $0.path == folder }) {
            targets[index].synchronizedFolders[synced].excluded.formUnion(files)
          } else {
            targets[index].sources += files.filter { $0.hasSuffix(".swift") }
          }
        }
      }
    }

    // MARK: - Build settings

    /// Each configuration of a configuration list, in order, with its settings layered over its
    /// `.xcconfig` (`baseConfigurationReference`), `$(inherited)` not yet resolved against the
    /// level below.
    /// The configurations of a list: names and object ids, in order.
    func configurationList(_ listID: String?) -> [(name: String, id: String)] {
      guard let listID, let list = objects[listID] else { return [] }
      return (list["buildConfigurations"]?.strings ?? []).compactMap { id in
        objects[id]?["name"]?.string.map { ($0, id) }
      }
    }

    /// One configuration's settings layered over its `.xcconfig` (`baseConfigurationReference`),
    /// `$(inherited)` not yet resolved against the level below.
    mutating func configuration(_ id: String) -> [String: String] {
      guard let configuration = objects[id] else { return [:] }
      var values: [String: String] = [:]
      if let file = xcconfigPath(of: configuration) {
        if let cached = xcconfigValues[file] {
          values = cached
        } else if let bytes = xcconfigs[file] {
          var reader = XCConfigReader(files: xcconfigs)
          values = reader.read(file, bytes: bytes)
          for warning in reader.warnings { warn(warning) }
          xcconfigValues[file] = values
        } else {
          warn("a configuration is based on `\(file)`, which is not in the scanned tree")
        }
      }
      let own = Self.flatten(configuration["buildSettings"]?.dictionary ?? [:])
      return XCConfigReader.layer(own, over: values)
    }

    /// The `.xcconfig` a configuration is based on: a file reference, or (Xcode 16) a path
    /// inside a synchronised folder.
    mutating func xcconfigPath(of configuration: PropertyList.Value) -> String? {
      if let reference = configuration["baseConfigurationReference"]?.string {
        return location[reference]
      }
      if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string, let folder = location[anchor],
        let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
      {
        return inside(folder, relative)
      }
      return nil
    }

    /// The target's settings for Release (else its first configuration), over the project's
    /// configuration of the same name.
    mutating func settings(of listID: String?, projectList: [(name: String, id: String)]) -> XcodeBuildSettings {
      let own = configurationList(listID)
      guard let chosen = own.first(where: { $0.name == "Release" }) ?? own.first else {
        return XcodeBuildSettings()
      }
      var project: [String: String] = [:]
      if let cached = projectConfigurations[chosen.name] {
        project = cached
      } else if let id = projectList.first(where: { $0.name == chosen.name })?.id {
        project = configuration(id)
        projectConfigurations[chosen.name] = project
      }
      let values = XCConfigReader.resolveVariables(XCConfigReader.layer(configuration(chosen.id), over: project))
      return XcodeBuildSettings(configuration: chosen.name, values: values)
    }

    /// Build settings as strings: a list (`OTHER_SWIFT_FLAGS = ( "-D", X )`) is joined with spaces;
    /// a conditional key (`KEY[sdk=iphoneos*]`) is left out, since which SDK builds is not known.
    static func flatten(_ settings: [String: PropertyList.Value]) -> [String: String] {
      var values: [String: String] = [:]
      for (key, value) in settings where !key.contains("[") {
        if let text = value.string {
          values[key] = text
        } else if let items = value.array {
          values[key] = items.compactMap(\.string).joined(separator: " ")
        }
      }
      return values
    }
  }
}
