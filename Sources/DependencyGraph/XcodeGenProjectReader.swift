/// Reads an XcodeGen `project.yml` (with the files it `include:`s) into an `XcodeProject`, the
/// same model a `project.pbxproj` gives, for trees that commit the spec and not the project.
/// Text only: XcodeGen is never run, and nothing the spec names is opened but the `.yml` files
/// it includes, and only inside the scanned root.
///
/// Read: `targets` (`type`, `platform`, `deploymentTarget`, `sources` as paths or `path:` entries
/// with exact-file `excludes`, `dependencies` on `target:` and `package:` / `product:`,
/// `settings`), the project's `options.deploymentTarget`, `settings` (plain, or `base` and the
/// `Release` config) and local `packages` (`path:`). Not read, and said where it matters:
/// target templates, glob `excludes`, multi-platform targets (`platform: [iOS, macOS]`),
/// `configFiles`, and `include` paths outside the root.
package enum XcodeGenProjectReader {
  /// Specs larger than this are not read (element-x's is about 20 kB).
  package static let maximumSize = 4 << 20
  /// Include chains deeper than this stop (real specs include one level).
  package static let maximumIncludeDepth = 8
  /// At most this many files are read for one project.
  package static let maximumFiles = 256

  /// Whether `path` names an XcodeGen spec the graph reads (`project.yml`), as opposed to the
  /// other `.yml` files it may include.
  package static func isSpec(path: String) -> Bool {
    path == "project.yml" || path.hasSuffix("/project.yml")
  }

  /// Reads the spec at `path`; `files` holds every `.yml`/`.yaml` file of the tree by
  /// root-relative path (for `include:`). Nil when the file is not an XcodeGen spec (no
  /// `targets:` and no `include:`).
  package static func load(path: String, files: [String: [UInt8]]) -> XcodeProject? {
    var loader = Loader(files: files)
    loader.read(path, depth: 0)
    guard loader.documents.contains(where: { $0.node["targets"] != nil || $0.node["include"] != nil }) else {
      return loader.warnings.isEmpty
        ? nil : XcodeProject(path: path, root: RelativePath.directory(of: path), warnings: loader.warnings)
    }
    var project = XcodeProject(path: path, root: RelativePath.directory(of: path))
    var spec = Spec()
    for document in loader.documents { spec.fold(document, warn: { loader.warn($0) }) }
    project.targets = spec.targetOrder.compactMap { name in spec.targets[name].map { spec.target(name, $0) } }
    project.localPackages = spec.packagePaths.values.sorted()
    project.warnings = loader.warnings + spec.warnings
    return project
  }

  /// One file read: where it is, and its tree.
  struct Document {
    var path: String
    var node: YAMLNode
  }

  /// Reads a spec and its includes, included files first (the including file overrides them).
  struct Loader {
    let files: [String: [UInt8]]
    var documents: [Document] = []
    var warnings: [String] = []
    private var visited: Set<String> = []

    init(files: [String: [UInt8]]) { self.files = files }

    mutating func warn(_ text: String) {
      if warnings.count < 50 { warnings.append(text) }
    }

    mutating func read(_ path: String, depth: Int) {
      guard visited.insert(path).inserted, visited.count <= XcodeGenProjectReader.maximumFiles else { return }
      guard let bytes = files[path] else {
        warn("\(path): included, but not in the scanned tree; not read")
        return
      }
      guard bytes.count <= XcodeGenProjectReader.maximumSize else {
        warn("\(path): \(bytes.count) bytes, more than a project spec holds; not read")
        return
      }
      let node: YAMLNode
      do throws(YAMLNode.ParseError) {
        node = try YAMLNode.parse(String(decoding: bytes, as: UTF8.self), flowCollections: .read)
      } catch {
        warn("\(path): \(error); the file is not used")
        return
      }
      let folder = RelativePath.directory(of: path)
      for entry in XcodeGenProjectReader.list(node["include"]) {
        guard let relative = entry.text ?? entry["path"]?.text, !relative.isEmpty else { continue }
        guard depth + 1 < XcodeGenProjectReader.maximumIncludeDepth else {
          warn(
            "\(path): includes nest more than \(XcodeGenProjectReader.maximumIncludeDepth) deep; `\(relative)` not read"
          )
          continue
        }
        switch XcodeGenProjectReader.inside(folder, relative) {
        case .some(let included): read(included, depth: depth + 1)
        case .none: warn("\(path): include `\(relative)` is outside the scanned tree; not read")
        }
      }
      documents.append(Document(path: path, node: node))
    }
  }

  /// One target as the files declare it, each field from the last file that set it.
  struct TargetSpec {
    var type: String?
    var platform: String?
    var deploymentTarget: String?
    var sources: [XcodeProject.SynchronizedFolder]?
    var files: [String]?
    var dependencies: [String]?
    var packageProducts: [String]?
    var settings: [String: String] = [:]
  }

  /// The project as all its files declare it.
  struct Spec {
    var deploymentTargets: [String: String] = [:]
    var settings: [String: String] = [:]
    /// `options.settingPresets`: `all` (XcodeGen's default), `project`, `targets` or `none`.
    var settingPresets = "all"
    var packagePaths: [String: String] = [:]
    var targets: [String: TargetSpec] = [:]
    var targetOrder: [String] = []
    var warnings: [String] = []

    mutating func fold(_ document: Document, warn: (String) -> Void) {
      let node = document.node
      let folder = RelativePath.directory(of: document.path)
      for (platform, version) in node["options"]?["deploymentTarget"]?.entries ?? [] {
        if let text = version.text { deploymentTargets[platform] = text }
      }
      if let presets = node["options"]?["settingPresets"]?.text { settingPresets = presets }
      if let settings = node["settings"] { self.settings.merge(XcodeGenProjectReader.settings(settings)) { $1 } }
      for (name, package) in node["packages"]?.entries ?? [] {
        guard let relative = package["path"]?.text else { continue }
        if let resolved = XcodeGenProjectReader.inside(folder, relative) {
          packagePaths[name] = resolved
        } else {
          warn("\(document.path): package `\(name)` at `\(relative)` is outside the scanned tree; not read")
        }
      }
      if node["targetTemplates"] != nil || node["schemeTemplates"] != nil {
        warn("\(document.path): target templates are not read; targets using them may miss sources or settings")
      }
      for (name, target) in node["targets"]?.entries ?? [] {
        if targets[name] == nil { targetOrder.append(name) }
        var spec = targets[name] ?? TargetSpec()
        if let type = target["type"]?.text { spec.type = type }
        if let platform = target["platform"] {
          if let text = platform.text {
            spec.platform = text
          } else {
            warn("\(document.path): target `\(name)` builds for several platforms; read as one target")
            spec.platform = platform.items.first?.text
          }
        }
        if let deployment = target["deploymentTarget"] {
          spec.deploymentTarget = deployment.text ?? spec.platform.flatMap { deployment[$0]?.text }
        }
        if let sources = target["sources"] {
          var folders: [XcodeProject.SynchronizedFolder] = []
          var files: [String] = []
          for entry in XcodeGenProjectReader.list(sources) {
            guard let relative = entry.text ?? entry["path"]?.text else { continue }
            // Sources copied as resources or left out of every phase are not compiled.
            if let phase = entry["buildPhase"]?.text, phase != "sources" { continue }
            guard let path = XcodeGenProjectReader.inside(folder, relative) else {
              warn("\(document.path): target `\(name)`: source `\(relative)` is outside the scanned tree; not read")
              continue
            }
            if path.hasSuffix(".swift") {
              files.append(path)
              continue
            }
            var excluded: Set<String> = []
            for exclude in XcodeGenProjectReader.list(entry["excludes"]).compactMap(\.text) {
              if exclude.contains("*") || exclude.contains("?") {
                warn("\(document.path): target `\(name)`: glob exclude `\(exclude)` is not read; its files count")
              } else if let file = XcodeGenProjectReader.inside(path, exclude) {
                excluded.insert(file)
              }
            }
            folders.append(.init(path: path, excluded: excluded))
          }
          spec.sources = folders
          spec.files = files
        }
        if let dependencies = target["dependencies"] {
          var targetNames: [String] = []
          var products: [String] = []
          for entry in XcodeGenProjectReader.list(dependencies) {
            if let other = entry["target"]?.text {
              // `Other/Target` names a target of another project: not read.
              if !other.contains("/") { targetNames.append(other) }
            } else if let package = entry["package"]?.text {
              let named = XcodeGenProjectReader.list(entry["products"]).compactMap(\.text)
              products += named.isEmpty ? [entry["product"]?.text ?? package] : named
            }
          }
          spec.dependencies = targetNames
          spec.packageProducts = products
        }
        if let settings = target["settings"] { spec.settings.merge(XcodeGenProjectReader.settings(settings)) { $1 } }
        targets[name] = spec
      }
    }

    /// What XcodeGen writes into the project's own settings before the spec's (its
    /// `SettingPresets/base.yml`), where the spec keeps project presets: `SWIFT_VERSION = 5.0`,
    /// the language mode of every target whose spec names none.
    var projectPresets: [String: String] {
      settingPresets == "all" || settingPresets == "project" ? ["SWIFT_VERSION": "5.0"] : [:]
    }

    /// The target as the project model holds it.
    func target(_ name: String, _ spec: TargetSpec) -> XcodeProject.Target {
      var values = projectPresets.merging(settings) { $1 }.merging(spec.settings) { $1 }
      values["TARGET_NAME"] = name
      if let platform = spec.platform,
        let keys = XcodeBuildSettings.deploymentKeys.first(where: { $0.platform == platform })
      {
        if values["SDKROOT"] == nil { values["SDKROOT"] = keys.sdk }
        if values[keys.key] == nil, let version = spec.deploymentTarget ?? deploymentTargets[platform] {
          values[keys.key] = version
        }
      }
      let resolved = XCConfigReader.resolveVariables(values, only: XcodeBuildSettings.isRead)
      return XcodeProject.Target(
        name: name, productType: XcodeProject.ProductType(identifier: spec.type ?? ""),
        sources: Array(Set(spec.files ?? [])).sorted(), synchronizedFolders: spec.sources ?? [],
        dependencies: Array(Set(spec.dependencies ?? [])).sorted(),
        packageProducts: Array(Set(spec.packageProducts ?? [])).sorted(),
        settings: XcodeBuildSettings(configuration: "Release", values: resolved))
    }
  }

  /// Settings as XcodeGen writes them: a plain mapping, or `base` with `configs` per
  /// configuration (the Release one is the one a team ships). `true`/`false` are `YES`/`NO`.
  static func settings(_ node: YAMLNode) -> [String: String] {
    var values: [String: String] = [:]
    func add(_ mapping: YAMLNode) {
      for (key, value) in mapping.entries where !key.contains("[") {
        if let text = value.text {
          values[key] = text == "true" ? "YES" : text == "false" ? "NO" : text
        } else if case .sequence(let items) = value {
          values[key] = items.compactMap(\.text).joined(separator: " ")
        }
      }
    }
    if node["base"] != nil || node["configs"] != nil || node["groups"] != nil {
      if let base = node["base"] { add(base) }
      let configs = node["configs"]?.entries ?? []
      if let release = configs.first(where: { $0.key.lowercased() == "release" })
        ?? configs.first(where: {
          $0.key.lowercased().contains("release")
        })
      {
        add(release.value)
      }
    } else {
      add(node)
    }
    return values
  }

  /// A sequence's items, or a single value as one item; nothing for nil.
  static func list(_ node: YAMLNode?) -> [YAMLNode] {
    guard let node else { return [] }
    if case .sequence(let items) = node { return items }
    return [node]
  }

  /// `relative` joined to `base`; nil when absolute or climbing above the scanned root.
  static func inside(_ base: String, _ relative: String) -> String? {
    if relative.hasPrefix("/") || relative.hasPrefix("~") { return nil }
    var components: [Substring] = base.split(separator: "/")
    for part in relative.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        guard !components.isEmpty else { return nil }
        components.removeLast()
        continue
      }
      components.append(part)
    }
    return components.joined(separator: "/")
  }
}
