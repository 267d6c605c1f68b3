import ScanModel

/// Reading a target's `exclude:`, `resources:` and `swiftSettings:`, and the package's language
/// modes. What is not a literal is left out, as everywhere in the reader.
extension ManifestReader {
  /// The string literals (or constants) of the list at `position`.
  mutating func strings(at position: Int, label: String, depth: Int) -> [String] {
    listItems(at: position, label: label, depth: depth).compactMap { string(at: $0, depth: depth) }
  }

  /// The paths of `resources: [.copy("Samples"), .process("Assets")]`.
  mutating func resourcePaths(at position: Int, depth: Int) -> [String] {
    var paths: [String] = []
    for item in listItems(at: position, label: "resources", depth: depth) {
      guard let call = call(at: item), let first = arguments(ofCallAt: call.open).first,
        let path = string(at: first.start, depth: depth)
      else { continue }
      paths.append(path)
    }
    return paths
  }

  /// `.swiftLanguageMode(.v5)` / `.swiftLanguageVersion(.v6)`, `.enableUpcomingFeature("X")`,
  /// `.enableExperimentalFeature("StrictConcurrency=targeted")`, `.unsafeFlags([
  /// "-strict-concurrency=complete"])` and `.defaultIsolation(MainActor.self)`.
  mutating func languageSettings(at position: Int, depth: Int) -> LanguageSettings {
    var settings = LanguageSettings(source: "Package.swift")
    var features: Set<String> = []
    for item in listItems(at: position, label: "swiftSettings", depth: depth) {
      guard let call = call(at: item), let first = arguments(ofCallAt: call.open).first else { continue }
      switch call.name {
      case "swiftLanguageMode", "swiftLanguageVersion":
        settings.languageMode = versionName(at: first.start)
      case "enableUpcomingFeature", "enableExperimentalFeature":
        guard let feature = string(at: first.start, depth: depth) else { continue }
        // `StrictConcurrency` alone is complete; `StrictConcurrency=targeted` says its level.
        if feature.hasPrefix("StrictConcurrency") {
          let level = feature.split(separator: "=").dropFirst().first.map(String.init)
          settings.strictConcurrency = level ?? "complete"
        } else {
          features.insert(feature)
        }
      case "unsafeFlags":
        for flag in strings(at: first.start, label: "unsafeFlags", depth: depth)
        where flag.hasPrefix("-strict-concurrency=") {
          settings.strictConcurrency = String(flag.dropFirst("-strict-concurrency=".count))
        }
      case "defaultIsolation":
        // `MainActor.self` or `nil` (nonisolated).
        if tokens.kind(first.start) == .identifier {
          settings.defaultIsolation = tokens.name(first.start) == "nil" ? "nonisolated" : tokens.name(first.start)
        }
      default: continue
      }
    }
    settings.features = features.sorted()
    return settings
  }

  /// `[.v5, .version("6")]` → `["5", "6"]`.
  mutating func languageModes(at position: Int) -> [String] {
    listItems(at: position, label: "swiftLanguageModes", depth: 0).compactMap { versionName(at: $0) }
  }

  /// `.v5` → `5`, `.v4_2` → `4.2`, `.version("6")` → `6`.
  mutating func versionName(at position: Int) -> String? {
    if tokens.kind(position) == .period, tokens.kind(position + 1) == .identifier {
      let name = tokens.name(position + 1)
      if name == "version", let call = call(at: position), let first = arguments(ofCallAt: call.open).first {
        return string(at: first.start, depth: 0)
      }
      guard name.hasPrefix("v") else { return nil }
      return String(name.dropFirst()).split(separator: "_").joined(separator: ".")
    }
    return nil
  }
}
