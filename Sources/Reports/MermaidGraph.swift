import ScanModel

/// The module graph as a Mermaid flowchart, for the Markdown report.
///
/// An edge `A --> B` reads "A depends on B" (`A --> B & C`: on both), so with `graph TD` the leaves (wave 0) sit at the
/// bottom and the plan's order reads bottom-up. Node ids are `m0`, `m1`, … by position in the
/// (sorted) module list, so no module name can break the syntax; names appear only in quoted
/// labels. Nodes are coloured by wave, test targets are dashed, and each dependency cycle is a
/// subgraph, since a cycle moves as one unit.
enum MermaidGraph {
  /// Fill and stroke for waves 0, 1, 2, …; later waves reuse the colours in turn.
  private static let palette = [
    "fill:#dcfce7,stroke:#15803d,color:#000",
    "fill:#dbeafe,stroke:#1d4ed8,color:#000",
    "fill:#fef9c3,stroke:#a16207,color:#000",
    "fill:#ffedd5,stroke:#c2410c,color:#000",
    "fill:#fce7f3,stroke:#be185d,color:#000",
    "fill:#ede9fe,stroke:#6d28d9,color:#000",
  ]

  /// The fenced Mermaid block, or `nil` when there are no modules.
  static func render(_ modules: [ModuleInfo]) -> String? {
    guard !modules.isEmpty else { return nil }
    var indexByName: [String: Int] = [:]  // lookup only
    for (index, module) in modules.enumerated() where indexByName[module.name] == nil {
      indexByName[module.name] = index
    }
    var lines = ["```mermaid", "graph TD"]
    for (index, module) in modules.enumerated() {
      lines.append("  m\(index)[\"\(label(module.name))<br/>wave \(module.wave)\"]")
    }
    // One line per module for all its edges (`m5 --> m1 & m2`): the same graph, and a module
    // that depends on nine others no longer takes nine lines of the report.
    for (index, module) in modules.enumerated() {
      let targets = module.dependsOn.compactMap { indexByName[$0] }.map { "m\($0)" }
      if !targets.isEmpty { lines.append("  m\(index) --> " + targets.joined(separator: " & ")) }
    }
    for (number, cycle) in ReportCycles(modules).cycles.enumerated() {
      lines.append("  subgraph cycle\(number + 1)[\"cycle: \(label(cycle.members.joined(separator: ", ")))\"]")
      for name in cycle.members {
        if let index = indexByName[name] { lines.append("    m\(index)") }
      }
      lines.append("  end")
    }
    let waves = Array(Set(modules.map(\.wave))).sorted()
    for wave in waves {
      lines.append("  classDef wave\(wave) \(palette[wave % palette.count])")
    }
    lines.append("  classDef test stroke-dasharray:4 3")
    // Grouped in one pass: filtering the modules once per wave was quadratic on a long chain.
    var idsByWave: [Int: [String]] = [:]  // lookup only; read in `waves` order
    for (index, module) in modules.enumerated() { idsByWave[module.wave, default: []].append("m\(index)") }
    for wave in waves {
      lines.append("  class \(idsByWave[wave, default: []].joined(separator: ",")) wave\(wave)")
    }
    let tests = modules.indices.filter { modules[$0].isTest }.map { "m\($0)" }
    if !tests.isEmpty { lines.append("  class \(tests.joined(separator: ",")) test") }
    lines.append("```")
    return lines.joined(separator: "\n")
  }

  // Mermaid reads entity codes (`#quot;`) inside quoted labels; a raw `"` would end the label.
  private static func label(_ text: String) -> String {
    var output = ""
    for scalar in TextSanitizer.singleLine(text).unicodeScalars {
      switch scalar {
      case "\"": output.append("#quot;")
      case "<": output.append("#lt;")
      case ">": output.append("#gt;")
      case "#": output.append("#35;")
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
