/// The "leaves inward" order of a graph: waves over its condensed DAG.
///
/// Wave 0 holds the components that depend on nothing else in the graph; wave `n` holds the
/// components whose dependencies all sit in waves before `n` (and at least one in `n - 1`). A
/// component's wave is the length of the longest dependency path below it, so work in one wave
/// never waits on work in the same wave. Inside a wave, components are ordered by name (the
/// smallest member name), so the order is the same in every run.
package struct Levels: Sendable {
  /// The wave of each component.
  package let waveOfComponent: [Int]
  /// The components of each wave, ordered by name.
  package let waves: [[Int]]

  /// Computes the waves of `graph` whose components are `components`.
  ///
  /// Must run on the components of the same graph: it relies on their reverse topological order
  /// (every dependency component has a smaller id) to compute each wave in one linear pass.
  package init(graph: Graph, components: StronglyConnectedComponents) {
    var waveOfComponent = [Int](repeating: 0, count: components.count)
    var waveCount = 0
    for component in 0..<components.count {
      var wave = 0
      for node in components.members(of: component) {
        for target in graph.successors(of: node) {
          let dependency = components.componentOfNode[target]
          if dependency != component { wave = max(wave, waveOfComponent[dependency] + 1) }
        }
      }
      waveOfComponent[component] = wave
      waveCount = max(waveCount, wave + 1)
    }
    // The name of a component is its smallest member name; ties (equal names) fall back to ids.
    var key = [Int](repeating: 0, count: components.count)
    for component in 0..<components.count {
      var best = -1
      for node in components.members(of: component) where best < 0 || graph.names[node] < graph.names[best] {
        best = node
      }
      key[component] = best
    }
    var waves = [[Int]](repeating: [], count: waveCount)
    for component in 0..<components.count { waves[waveOfComponent[component]].append(component) }
    for wave in waves.indices {
      waves[wave].sort { lhs, rhs in
        let left = graph.names[key[lhs]]
        let right = graph.names[key[rhs]]
        return left != right ? left < right : key[lhs] < key[rhs]
      }
    }
    self.waveOfComponent = waveOfComponent
    self.waves = waves
  }
}
