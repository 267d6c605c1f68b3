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
    guard let objects = plist["objects"]?.table, let rootID = objects.entry(of: plist["rootObject"]),
      objects.value(rootID)["isa"]?.isString("PBXProject") == true
    else {
      project.warnings.append("\(path): no `rootObject` naming a `PBXProject`; the project's targets are not used")
      return project
    }
    let main = objects.value(rootID)
    var context = Context(path: path, objects: objects, xcconfigs: xcconfigs)
    context.warnUnknownTypes()
    let projectRoot = context.inside(root, main["projectDirPath"]?.string ?? "") ?? root
    context.placeGroups(from: objects.entry(of: main["mainGroup"]), root: projectRoot)

    let projectList = context.configurationList(main["buildConfigurationList"])
    var targets: [XcodeProject.Target] = []
    var targetIDs: [Int] = []
    for reference in main["targets"]?.array ?? [] {
      guard let id = reference.string else { continue }
      guard let entry = objects.entry(of: reference) else {
        context.warn("target \(id) is not among the objects")
        continue
      }
      let object = objects.value(entry)
      // Aggregate and legacy (external build system) targets compile no Swift of their own.
      guard object["isa"]?.isString("PBXNativeTarget") == true, let name = object["name"]?.string else { continue }
      targetIDs.append(entry)
      targets.append(context.target(object: object, name: name, projectList: projectList, rootID: rootID))
    }
    context.applyExceptionSets(to: &targets, ids: targetIDs)
    for index in targets.indices { targets[index].sources.sort() }

    var packages: [String] = []
    for reference in main["packageReferences"]?.array ?? [] {
      guard let reference = context.object(reference),
        reference["isa"]?.isString("XCLocalSwiftPackageReference") == true,
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
    /// The objects by id; an object is its entry number in this table.
    let objects: PropertyList.Table
    let xcconfigs: [String: [UInt8]]
    /// Root-relative path of every group and file reference reached from the main group, by entry.
    var location: [String?]
    /// The synchronised folders reached from the main group, in the order reached.
    var synchronizedGroups: [Int] = []
    var warnings: [String] = []
    /// Each `.xcconfig` read once, however many configurations are based on it.
    var xcconfigValues: [String: [String: String]] = [:]
    /// The project's configurations by name, read when a target first asks.
    var projectConfigurations: [String: [String: String]] = [:]
    /// Each warning once: a project with a thousand escaping paths says it once per path.
    var warned: Set<String> = []

    init(path: String, objects: PropertyList.Table, xcconfigs: [String: [UInt8]]) {
      self.path = path
      self.objects = objects
      self.xcconfigs = xcconfigs
      self.location = Array(repeating: nil, count: objects.count)
    }

    /// The object a reference (an id written as a value) names.
    func object(_ reference: PropertyList.Value?) -> PropertyList.Value? {
      objects.entry(of: reference).map(objects.value)
    }

    /// Where the object a reference names sits, when the group tree reached it.
    func location(of reference: PropertyList.Value?) -> String? {
      objects.entry(of: reference).flatMap { location[$0] }
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
      // A project lists its objects by type: a run of one type is looked up once.
      var previous: PropertyList.Value?
      for entry in 0..<objects.count {
        guard let type = objects.value(entry)["isa"] else { continue }
        if let previous, type.hasSameText(as: previous) { continue }
        guard let name = type.string else { continue }
        previous = type
        if !Self.knownTypes.contains(name) { unknown.insert(name) }
      }
      for type in unknown.sorted() { warn("unknown object type `\(type)`, ignored") }
    }

    /// `relative` joined to `base`, or nil (with a warning) when it climbs above the scanned root.
    mutating func inside(_ base: String, _ relative: String) -> String? {
      // Most paths are plain names (`Model.swift`, `Sources/App`): joined without splitting, which
      // was a sixth of reading a large project.
      if Self.isPlain(relative) {
        if base.isEmpty || relative.isEmpty { return base.isEmpty ? relative : base }
        var joined = base
        joined.reserveCapacity(base.utf8.count + 1 + relative.utf8.count)
        joined += "/"
        joined += relative
        return joined
      }
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
    mutating func placeGroups(from main: Int?, root: String) {
      guard let main else { return }
      location[main] = root
      var stack = [main]
      while let id = stack.popLast() {
        guard let folder = location[id], let children = objects.value(id)["children"]?.array else { continue }
        for reference in children {
          guard let child = objects.entry(of: reference), location[child] == nil else { continue }
          let object = objects.value(child)
          if let place = place(object, in: folder) {
            location[child] = place
            stack.append(child)
            if object["isa"]?.isString("PBXFileSystemSynchronizedRootGroup") == true {
              synchronizedGroups.append(child)
            }
          }
        }
      }
    }

    /// Where `object` sits when its parent group is at `folder`; nil outside the tree.
    mutating func place(_ object: PropertyList.Value, in folder: String) -> String? {
      let path = object["path"]
      guard let tree = object["sourceTree"], !tree.isString("<group>") else { return join(folder, path) }
      if tree.isString("SOURCE_ROOT") {
        return join(RelativePath.directory(of: RelativePath.directory(of: self.path)), path)
      }
      // A `sourceTree` that is no string reads as `<group>`, as a missing one does.
      return tree.string == nil ? join(folder, path) : nil  // BUILT_PRODUCTS_DIR, SDKROOT, <absolute>.
    }

    /// `inside(base, path)` for a `path` value (missing or not a string: none): a plain path is
    /// joined from its bytes, anything else by `inside`.
    mutating func join(_ base: String, _ path: PropertyList.Value?) -> String? {
      if let joined = path?.plainPath(joinedTo: base) { return joined }
      return inside(base, path?.string ?? "")
    }

    // MARK: - Targets

    /// The build phases of `object` whose type is `type`.
    func phases(of object: PropertyList.Value, type: String) -> [PropertyList.Value] {
      (object["buildPhases"]?.array ?? []).compactMap { reference in
        self.object(reference).flatMap { $0["isa"]?.isString(type) == true ? $0 : nil }
      }
    }

    mutating func target(
      object: PropertyList.Value, name: String, projectList: [(name: String, entry: Int)], rootID: Int
    ) -> XcodeProject.Target {
      var target = XcodeProject.Target(
        name: name, productType: XcodeProject.ProductType(identifier: object["productType"]?.string ?? ""))
      for phase in phases(of: object, type: "PBXSourcesBuildPhase") {
        for file in phase["files"]?.array ?? [] {
          guard let reference = self.object(file)?["fileRef"] else { continue }
          if let path = location(of: reference), path.hasSuffix(".swift") { target.sources.append(path) }
        }
      }
      for group in object["fileSystemSynchronizedGroups"]?.array ?? [] {
        if let folder = location(of: group) { target.synchronizedFolders.append(.init(path: folder)) }
      }
      var dependencies: Set<String> = []
      var external: Set<XcodeProject.ExternalDependency> = []
      for dependency in object["dependencies"]?.array ?? [] {
        guard let entry = self.object(dependency) else { continue }
        if let otherName = self.object(entry["target"])?["name"]?.string {
          dependencies.insert(otherName)
        } else if let proxy = self.object(entry["targetProxy"]), let info = proxy["remoteInfo"]?.string,
          proxy["proxyType"]?.isString("1") == true
        {
          // The portal is the project object itself, or a file reference to another project.
          if let portal = objects.entry(of: proxy["containerPortal"]), portal != rootID, let other = location[portal],
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
      for phase in phases(of: object, type: "PBXFrameworksBuildPhase") {
        for file in phase["files"]?.array ?? [] {
          guard let product = self.object(self.object(file)?["fileRef"]) else { continue }
          // Only what a build makes (`BUILT_PRODUCTS_DIR`); SDK frameworks are not the tree's.
          guard product["sourceTree"]?.isString("BUILT_PRODUCTS_DIR") == true, let name = product["path"]?.string else {
            continue
          }
          if let built = Self.builtProductName(name) { linked.insert(built) }
        }
      }
      target.linkedProducts = linked.sorted()
      var products: Set<String> = []
      for product in object["packageProductDependencies"]?.array ?? [] {
        if let name = self.object(product)?["productName"]?.string {
          // `plugin:SwiftLintPlugin` is a build-tool plugin, not a module the code imports.
          if !name.hasPrefix("plugin:") { products.insert(name) }
        }
      }
      target.packageProducts = products.sorted()
      target.settings = settings(of: object["buildConfigurationList"], projectList: projectList)
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
    mutating func applyExceptionSets(to targets: inout [XcodeProject.Target], ids: [Int]) {
      let indexOfID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      // In the order the group tree reached them: warnings (capped) must not depend on
      // dictionary order.
      for groupID in synchronizedGroups {
        guard let folder = location[groupID] else { continue }
        for reference in objects.value(groupID)["exceptions"]?.array ?? [] {
          guard let set = object(reference),
            set["isa"]?.isString("PBXFileSystemSynchronizedBuildFileExceptionSet") == true,
            let targetID = objects.entry(of: set["target"]), let index = indexOfID[targetID]
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

    /// The configurations of a list: names and object entries, in order.
    func configurationList(_ list: PropertyList.Value?) -> [(name: String, entry: Int)] {
      guard let list = object(list) else { return [] }
      return (list["buildConfigurations"]?.array ?? []).compactMap { reference in
        objects.entry(of: reference).flatMap { entry in objects.value(entry)["name"]?.string.map { ($0, entry) } }
      }
    }

    /// One configuration's settings layered over its `.xcconfig` (`baseConfigurationReference`),
    /// `$(inherited)` not yet resolved against the level below.
    mutating func configuration(_ entry: Int) -> [String: String] {
      let configuration = objects.value(entry)
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
      if let reference = configuration["baseConfigurationReference"], reference.string != nil {
        return location(of: reference)
      }
      if let folder = location(of: configuration["baseConfigurationReferenceAnchor"]),
        let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
      {
        return inside(folder, relative)
      }
      return nil
    }

    /// The target's settings for Release (else its first configuration), over the project's
    /// configuration of the same name.
    mutating func settings(of list: PropertyList.Value?, projectList: [(name: String, entry: Int)])
      -> XcodeBuildSettings
    {
      let own = configurationList(list)
      guard let chosen = own.first(where: { $0.name == "Release" }) ?? own.first else {
        return XcodeBuildSettings()
      }
      var project: [String: String] = [:]
      if let cached = projectConfigurations[chosen.name] {
        project = cached
      } else if let entry = projectList.first(where: { $0.name == chosen.name })?.entry {
        project = configuration(entry)
        projectConfigurations[chosen.name] = project
      }
      let values = XCConfigReader.resolveVariables(
        XCConfigReader.layer(configuration(chosen.entry), over: project), only: XcodeBuildSettings.isRead)
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
