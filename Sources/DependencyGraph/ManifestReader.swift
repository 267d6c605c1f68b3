import SwiftLexer

/// The evaluation state for one manifest.
struct ManifestReader {
  let tokens: TokenReader
  /// Position of the value expression of each `let`/`var` constant, first definition wins.
  var constants: [String: Int] = [:]
  /// Positions of `name.append(…)` / `name += …` for each variable: a list built up in steps
  /// (`var targets: [Target] = […]` then `targets.append(…)` under an `if`) has them all.
  var appends: [String: [Int]] = [:]
  var manifest = PackageManifest()
  var lineIndex: LineIndex?
  var warned: Set<ManifestWarning> = []
  var targetNames: Set<String> = []
  /// Evaluation steps left. Constants can be joined with `+` and refer to each other, so a hostile
  /// manifest could otherwise ask for exponential work (`let a = b + b`, `let b = c + c`, …); a
  /// budget proportional to the token count keeps the scan linear.
  var budget: Int
  /// Target positions already read, and dependencies already read by position.
  var visitedTargets: Set<Int> = []
  var dependencyCache: [Int: PackageManifest.Dependency?] = [:]
  /// How many constants deep an evaluation may go: enough for `let a = b + c` chains that
  /// real manifests use, small enough that self-referential constants stop at once.
  static let maximumDepth = 8
  static let maximumWarnings = 50

  init(_ tokens: TokenReader) {
    self.tokens = tokens
    self.budget = 4 * tokens.count + 1_000
  }

  /// Takes one step from the budget; false (with a warning) once it is spent.
  mutating func spend(at position: Int) -> Bool {
    guard budget > 0 else {
      warn(.tooDeep(line: line(position)))
      return false
    }
    budget -= 1
    return true
  }

  mutating func read() -> PackageManifest {
    var packageCall: Int?
    var mutations: [Int] = []
    var position = 0
    // One pass to find constants, the `Package(` call and later mutations of its lists.
    while position < tokens.count {
      if tokens.isWord(position, Word.let) || tokens.isWord(position, Word.var) {
        var cursor = position + 1
        if tokens.kind(cursor) == .identifier {
          let name = tokens.name(cursor)
          cursor += 1
          if tokens.kind(cursor) == .colon { cursor = skipType(from: cursor + 1) }
          if tokens.kind(cursor) == .equal, constants[name] == nil { constants[name] = cursor + 1 }
        }
      } else if packageCall == nil, tokens.is(position, .identifier, Array("Package".utf8)),
        tokens.kind(position + 1) == .leftParen
      {
        packageCall = position + 1
      } else if tokens.kind(position) == .period, tokens.kind(position + 1) == .identifier,
        tokens.kind(position - 1) == .identifier
      {
        let member = tokens.name(position + 1)
        if member == "targets" || member == "products" || member == "platforms" { mutations.append(position + 1) }
      } else if tokens.kind(position) == .identifier, tokens.kind(position - 1) != .period, isAppend(after: position) {
        appends[tokens.name(position), default: []].append(position)
      }
      if isOpener(tokens.kind(position)), tokens.partner(position) == nil {
        warn(.unbalancedBracket(line: line(position)))
      }
      position += 1
    }
    guard let packageCall else {
      warn(.packageNotFound)
      return manifest
    }
    for argument in arguments(ofCallAt: packageCall) {
      switch argument.label {
      case "name": manifest.name = string(at: argument.start, depth: 0)
      case "platforms": readPlatforms(at: argument.start)
      case "products": readProducts(at: argument.start)
      case "dependencies": readPackageDependencies(at: argument.start)
      case "targets": readTargets(at: argument.start)
      case "swiftLanguageVersions", "swiftLanguageModes": manifest.languageModes = languageModes(at: argument.start)
      default: continue
      }
    }
    for member in mutations { readMutation(at: member) }
    return manifest
  }

  // MARK: - Package arguments

  mutating func readTargets(at position: Int) {
    for item in listItems(at: position, label: "targets", depth: 0) { readTarget(at: item, depth: 0) }
  }

  mutating func readTarget(at position: Int, depth: Int) {
    // A position reached again through a shared constant is the same declaration: reading it
    // once keeps the work linear however often the constant is used.
    guard visitedTargets.insert(position).inserted else { return }
    if tokens.kind(position) == .identifier, tokens.kind(position + 1) != .leftParen,
      tokens.kind(position + 1) != .period, let value = constant(at: position, depth: depth)
    {
      readTarget(at: value, depth: depth + 1)
      return
    }
    guard let call = call(at: position), let kind = PackageManifest.TargetKind(rawValue: call.name) else {
      warn(.unreadableTarget(line: line(position)))
      return
    }
    var target = PackageManifest.Target(name: "", kind: kind)
    var named = false
    for argument in arguments(ofCallAt: call.open) {
      switch argument.label {
      case "name":
        if let name = string(at: argument.start, depth: depth) {
          target.name = name
          named = true
        }
      case "path": target.path = string(at: argument.start, depth: depth)
      case "dependencies": target.dependencies = dependencies(at: argument.start, depth: depth)
      case "exclude": target.exclude = strings(at: argument.start, label: "exclude", depth: depth)
      case "resources": target.resources = resourcePaths(at: argument.start, depth: depth)
      case "swiftSettings": target.language = languageSettings(at: argument.start, depth: depth)
      default: continue
      }
    }
    guard named else {
      warn(.unresolvedName(line: line(position)))
      return
    }
    guard targetNames.insert(target.name).inserted else {
      warn(.duplicateTarget(name: target.name, line: line(position)))
      return
    }
    manifest.targets.append(target)
  }

  mutating func dependencies(at position: Int, depth: Int) -> [PackageManifest.Dependency] {
    var result: [PackageManifest.Dependency] = []
    for item in listItems(at: position, label: "dependencies", depth: depth) {
      if let dependency = dependency(at: item, depth: depth) { result.append(dependency) }
    }
    return result
  }

  mutating func dependency(at position: Int, depth: Int) -> PackageManifest.Dependency? {
    if let cached = dependencyCache[position] { return cached }
    let result = readDependency(at: position, depth: depth)
    dependencyCache[position] = result
    return result
  }

  mutating func readDependency(at position: Int, depth: Int) -> PackageManifest.Dependency? {
    if let (value, _) = tokens.stringLiteral(at: position) { return .byName(value) }
    if tokens.kind(position) == .identifier, tokens.kind(position + 1) != .leftParen,
      tokens.kind(position + 1) != .period, let value = constant(at: position, depth: depth)
    {
      return dependency(at: value, depth: depth + 1)
    }
    guard let call = call(at: position) else {
      warn(.unreadableDependency(line: line(position)))
      return nil
    }
    var name: String?
    var package: String?
    for argument in arguments(ofCallAt: call.open) {
      switch argument.label {
      case "name": name = string(at: argument.start, depth: depth)
      case "package": package = string(at: argument.start, depth: depth)
      default: continue
      }
    }
    guard let name else {
      warn(.unresolvedName(line: line(position)))
      return nil
    }
    switch call.name {
    case "target": return .target(name)
    case "byName": return .byName(name)
    case "product": return .product(name: name, package: package)
    default:
      warn(.unreadableDependency(line: line(position)))
      return nil
    }
  }

  mutating func readProducts(at position: Int) {
    for item in listItems(at: position, label: "products", depth: 0) { readProduct(at: item) }
  }

  mutating func readProduct(at position: Int) {
    guard let call = call(at: position) else {
      warn(.unreadableList(label: "products", line: line(position)))
      return
    }
    var name: String?
    var targets: [String] = []
    for argument in arguments(ofCallAt: call.open) {
      switch argument.label {
      case "name": name = string(at: argument.start, depth: 0)
      case "targets":
        for item in listItems(at: argument.start, label: "targets", depth: 0) {
          if let target = string(at: item, depth: 0) {
            targets.append(target)
          } else {
            warn(.unresolvedName(line: line(item)))
          }
        }
      default: continue
      }
    }
    guard let name else {
      warn(.unresolvedName(line: line(position)))
      return
    }
    manifest.products.append(.init(name: name, kind: call.name, targets: targets))
  }

  mutating func readPlatforms(at position: Int) {
    for item in listItems(at: position, label: "platforms", depth: 0) {
      guard let call = call(at: item), let first = arguments(ofCallAt: call.open).first else {
        warn(.unreadableList(label: "platforms", line: line(item)))
        continue
      }
      if call.name == "custom" {
        // `.custom("name", versionString: "1.0")`
        let arguments = arguments(ofCallAt: call.open)
        if let platform = string(at: first.start, depth: 0),
          let version = arguments.first(where: { $0.label == "versionString" }).flatMap({
            string(at: $0.start, depth: 0)
          })
        {
          manifest.platforms.append(.init(name: platform, version: version))
        }
        continue
      }
      if let version = string(at: first.start, depth: 0) {
        manifest.platforms.append(.init(name: call.name, version: version))
      } else if tokens.kind(first.start) == .period, tokens.kind(first.start + 1) == .identifier {
        // `.v15`, `.v10_15` → `15`, `10.15`
        var version = tokens.name(first.start + 1)
        if version.hasPrefix("v") { version.removeFirst() }
        manifest.platforms.append(.init(name: call.name, version: version.replacingUnderscores()))
      } else {
        warn(.unreadableList(label: "platforms", line: line(item)))
      }
    }
  }

  mutating func readPackageDependencies(at position: Int) {
    for item in listItems(at: position, label: "dependencies", depth: 0) {
      guard let call = call(at: item), call.name == "package" else { continue }
      var path: String?
      var url: String?
      var identifier: String?
      for argument in arguments(ofCallAt: call.open) {
        switch argument.label {
        case "path": path = string(at: argument.start, depth: 0)
        case "url": url = string(at: argument.start, depth: 0)
        case "id": identifier = string(at: argument.start, depth: 0)
        default: continue
        }
      }
      guard let location = path ?? url ?? identifier else {
        warn(.unresolvedName(line: line(item)))
        continue
      }
      manifest.dependencies.append(.init(identity: Self.identity(of: location), path: path, url: url))
    }
  }

  /// SwiftPM's package identity for a URL or path: its last component, without `.git`, lowercased.
  static func identity(of location: String) -> String {
    var last = Substring(location)
    while last.hasSuffix("/") { last = last.dropLast() }
    if let slash = last.lastIndex(of: "/") { last = last[last.index(after: slash)...] }
    if last.hasSuffix(".git") { last = last.dropLast(4) }
    return last.lowercased()
  }

  /// `package.targets.append(x)`, `.append(contentsOf: xs)`, `package.targets += xs`.
  mutating func readMutation(at member: Int) {
    let label = tokens.name(member)
    var listStart: Int?
    var single: Int?
    if tokens.kind(member + 1) == .binaryOperator, tokens.bytes(member + 1).elementsEqual("+=".utf8) {
      listStart = member + 2
    } else if tokens.kind(member + 1) == .period, tokens.is(member + 2, .identifier, Array("append".utf8)),
      tokens.kind(member + 3) == .leftParen
    {
      guard let argument = arguments(ofCallAt: member + 3).first else { return }
      if argument.label == "contentsOf" { listStart = argument.start } else { single = argument.start }
    } else if label == "platforms", tokens.kind(member + 1) == .equal {
      listStart = member + 2
    }
    switch label {
    case "targets":
      if let single { readTarget(at: single, depth: 0) }
      if let listStart { readTargets(at: listStart) }
    case "products":
      if let single { readProduct(at: single) }
      if let listStart { for item in listItems(at: listStart, label: label, depth: 0) { readProduct(at: item) } }
    default:
      if let listStart { readPlatforms(at: listStart) }
    }
  }
}

extension String {
  /// `10_15` → `10.15`.
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "." : $0 })
  }
}
