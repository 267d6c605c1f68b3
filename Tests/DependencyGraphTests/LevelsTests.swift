import DependencyGraph
import Testing

/// The waves as lists of component names (members joined with `+`).
func waveNames(_ graph: Graph) -> [[String]] {
  let components = StronglyConnectedComponents(graph)
  let levels = Levels(graph: graph, components: components)
  return levels.waves.map { wave in
    wave.map { components.members(of: $0).map { graph.names[$0] }.sorted().joined(separator: "+") }
  }
}

@Suite struct LevelsTests {
  @Test func layeredAppOrdersLeavesFirst() {
    let graph = makeGraph([
      ("App", ["FeatureB", "FeatureA", "Networking"]),
      ("FeatureA", ["Repository"]),
      ("FeatureB", ["Repository", "DesignSystem"]),
      ("Repository", ["Storage", "Networking"]),
      ("Storage", []),
      ("Networking", []),
      ("DesignSystem", []),
    ])
    #expect(
      waveNames(graph) == [
        ["DesignSystem", "Networking", "Storage"], ["Repository"], ["FeatureA", "FeatureB"], ["App"],
      ])
  }

  @Test func waveIsLongestPathNotShortest() {
    // `top` depends directly on a leaf and on a chain of two: it must wait for the chain.
    let graph = makeGraph([("top", ["leaf", "mid"]), ("mid", ["leaf"]), ("leaf", [])])
    #expect(waveNames(graph) == [["leaf"], ["mid"], ["top"]])
  }

  @Test func cycleMovesAsOneUnit() {
    let graph = makeGraph([("ui", ["b"]), ("b", ["a"]), ("a", ["b", "base"]), ("base", [])])
    #expect(waveNames(graph) == [["base"], ["a+b"], ["ui"]])
  }

  @Test func selfLoopDoesNotRaiseTheWave() {
    let graph = makeGraph([("a", ["a"]), ("b", ["a"])])
    #expect(waveNames(graph) == [["a"], ["b"]])
  }

  @Test func orderInsideAWaveIsByName() {
    let graph = makeGraph([("zeta", []), ("alpha", []), ("Mid", [])])
    #expect(waveNames(graph) == [["Mid", "alpha", "zeta"]])
  }

  @Test func emptyGraphHasNoWaves() {
    #expect(waveNames(Graph(names: [], edges: [])).isEmpty)
  }
}
