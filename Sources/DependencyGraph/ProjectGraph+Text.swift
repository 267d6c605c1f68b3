extension ProjectGraph {
  /// A stable plain-text view of the graph: packages, modules with paths, edges, cycles, waves,
  /// file waves and warnings, one fact per line. Used by the graph goldens and handy for
  /// debugging a scan; the same graph always gives the same text.
  package func textDump() -> String {
    var lines: [String] = []
    lines.append("# packages")
    for package in packages {
      let platforms = package.platforms.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
      lines.append("\(package.name)  \(package.manifestPath)  platforms: \(platforms.isEmpty ? "-" : platforms)")
      lines.append("  targets: \(package.modules.isEmpty ? "-" : package.modules.joined(separator: ", "))")
    }
    lines.append("")
    lines.append("# modules")
    for module in modules.sorted(by: { $0.name < $1.name }) {
      var flags: [String] = []
      if module.isTest { flags.append(module.testOf.map { "test of \($0)" } ?? "test") }
      if module.tested { flags.append("tested") }
      if !module.kind.isEmpty { flags.append("kind \(module.kind)") }
      if !module.deploymentTargets.isEmpty {
        flags.append(module.deploymentTargets.map { "\($0.platform) \($0.version)" }.joined(separator: ", "))
      }
      if let mode = module.language.languageMode { flags.append("swift \(mode)") }
      if let checking = module.language.effectiveStrictConcurrency { flags.append("\(checking) checking") }
      if !module.sharedWith.isEmpty { flags.append("shared with \(module.sharedWith.joined(separator: ", "))") }
      let path = module.path.isEmpty ? "." : module.path
      lines.append(
        "\(module.name)  \(path)  files \(module.files)  lines \(module.lines)"
          + (flags.isEmpty ? "" : "  " + flags.joined(separator: " ")))
    }
    lines.append("")
    lines.append("# edges")
    for module in modules.sorted(by: { $0.name < $1.name }) {
      for dependency in module.dependsOn { lines.append("\(module.name) -> \(dependency)") }
    }
    lines.append("")
    lines.append("# cycles")
    var cycles: [[String]] = []
    for module in modules where !module.cycle.isEmpty && !cycles.contains(module.cycle) { cycles.append(module.cycle) }
    for cycle in cycles.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      lines.append(cycle.joined(separator: " + "))
    }
    lines.append("")
    lines.append("# waves")
    var wave = -1
    for module in modules {
      if module.wave != wave {
        wave = module.wave
        lines.append("\(wave): \(modules.filter { $0.wave == wave }.map(\.name).joined(separator: ", "))")
      }
    }
    lines.append("")
    lines.append("# files")
    for group in moduleFiles {
      lines.append(group.module)
      for unit in group.units {
        let files = unit.files.joined(separator: " + ")
        let cycle = unit.files.count > 1 ? "  (cycle)" : ""
        let dependsOn = unit.dependsOn.isEmpty ? "" : "  -> " + unit.dependsOn.joined(separator: ", ")
        lines.append("  \(unit.wave): \(files)\(cycle)\(dependsOn)")
      }
    }
    lines.append("")
    lines.append("# warnings")
    for warning in warnings { lines.append(warning.description) }
    return lines.joined(separator: "\n") + "\n"
  }
}
