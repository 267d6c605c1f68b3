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
    // `App/App.xcodeproj/project.pbxproj` → `App`.
    let root = RelativePath.directory(of: RelativePath.directory(of: path))
    var project = XcodeProject(path: path, root: root)
    let plist: PropertyList
    switch PBXProjectReader.read(bytes) {
    case .success(let value): plist = value
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

    let projectSettings = context.configurations(of: main["buildConfigurationList"]?.string)
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
      targets.append(context.target(id: id, object: object, name: name, projectSettings: projectSettings))
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
    let objects: [String: PropertyList]
    let xcconfigs: [String: [UInt8]]
    /// Root-relative path of every group and file reference reached from the main group.
    var location: [String: String] = [:]
    var warnings: [String] = []
    /// Each warning once: a project with a thousand escaping paths says it once per path.
    var warned: Set<String> = []

    init(path: String, objects: [String: PropertyList], xcconfigs: [String: [UInt8]]) {
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
          }
        }
      }
    }

    /// Where `object` sits when its parent group is at `folder`; nil outside the tree.
    mutating func place(_ object: PropertyList, in folder: String) -> String? {
      let path = object["path"]?.string ?? ""
      switch object["sourceTree"]?.string ?? "<group>" {
      case "<group>": return inside(folder, path)
      case "SOURCE_ROOT": return inside(RelativePath.directory(of: RelativePath.directory(of: self.path)), path)
      default: return nil  // BUILT_PRODUCTS_DIR, SDKROOT, <absolute>: not in the scanned tree.
      }
    }

    // MARK: - Targets

    mutating func target(
      id: String, object: PropertyList, name: String, projectSettings: [(name: String, values: [String: String])]
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
      for dependency in object["dependencies"]?.strings ?? [] {
        guard let entry = objects[dependency] else { continue }
        if let other = entry["target"]?.string, let otherName = objects[other]?["name"]?.string {
          dependencies.insert(otherName)
        } else if let proxy = entry["targetProxy"]?.string, let info = objects[proxy]?["remoteInfo"]?.string,
          objects[proxy]?["proxyType"]?.string == "1"
        {
          dependencies.insert(info)
        }
        // A dependency on a package product (`productRef`) is listed below.
      }
      target.dependencies = dependencies.sorted()
      var products: Set<String> = []
      for product in object["packageProductDependencies"]?.strings ?? [] {
        if let name = objects[product]?["productName"]?.string {
          // `plugin:SwiftLintPlugin` is a build-tool plugin, not a module the code imports.
          if !name.hasPrefix("plugin:") { products.insert(name) }
        }
      }
      target.packageProducts = products.sorted()
      target.settings = settings(of: object["buildConfigurationList"]?.string, projectSettings: projectSettings)
      return target
    }

    /// Xcode 16 exception sets: for a target that compiles the synchronised folder, the files it
    /// leaves out; for any other target, files of that folder it compiles all the same.
    mutating func applyExceptionSets(to targets: inout [XcodeProject.Target], ids: [String]) {
      let indexOfID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
        guard let folder = location[groupID] else { continue }
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
    mutating func configurations(of listID: String?) -> [(name: String, values: [String: String])] {
      guard let listID, let list = objects[listID] else { return [] }
      var result: [(name: String, values: [String: String])] = []
      for id in list["buildConfigurations"]?.strings ?? [] {
        guard let configuration = objects[id], let name = configuration["name"]?.string else { continue }
        var values: [String: String] = [:]
        if let file = xcconfigPath(of: configuration) {
          if let bytes = xcconfigs[file] {
            var reader = XCConfigReader(files: xcconfigs)
            values = reader.read(file, bytes: bytes)
            for warning in reader.warnings { warn(warning) }
          } else {
            warn("configuration `\(name)` is based on `\(file)`, which is not in the scanned tree")
          }
        }
        let own = Self.flatten(configuration["buildSettings"]?.dictionary ?? [:])
        result.append((name, XCConfigReader.layer(own, over: values)))
      }
      return result
    }

    /// The `.xcconfig` a configuration is based on: a file reference, or (Xcode 16) a path
    /// inside a synchronised folder.
    mutating func xcconfigPath(of configuration: PropertyList) -> String? {
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
    mutating func settings(
      of listID: String?, projectSettings: [(name: String, values: [String: String])]
    ) -> XcodeBuildSettings {
      let own = configurations(of: listID)
      guard let chosen = own.first(where: { $0.name == "Release" }) ?? own.first else {
        return XcodeBuildSettings()
      }
      let project = projectSettings.first(where: { $0.name == chosen.name })?.values ?? [:]
      let values = XCConfigReader.resolveVariables(XCConfigReader.layer(chosen.values, over: project))
      return XcodeBuildSettings(configuration: chosen.name, values: values)
    }

    /// Build settings as strings: a list (`OTHER_SWIFT_FLAGS = ( "-D", X )`) is joined with spaces;
    /// a conditional key (`KEY[sdk=iphoneos*]`) is left out, since which SDK builds is not known.
    static func flatten(_ settings: [String: PropertyList]) -> [String: String] {
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
