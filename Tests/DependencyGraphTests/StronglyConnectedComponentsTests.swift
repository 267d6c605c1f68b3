import DependencyGraph
import Testing

/// Builds a graph from `name -> [names]` pairs; node ids follow the order of first appearance.
func makeGraph(_ adjacency: [(String, [String])]) -> Graph {
  var ids: [String: Int] = [:]
  var names: [String] = []
  func id(_ name: String) -> Int {
    if let existing = ids[name] { return existing }
    ids[name] = names.count
    names.append(name)
    return names.count - 1
  }
  var edges: [Graph.Edge] = []
  for (from, targets) in adjacency {
    let source = id(from)
    for target in targets { edges.append(Graph.Edge(from: source, to: id(target))) }
  }
  return Graph(names: names, edges: edges)
}

/// The components as sorted name lists, in the order Tarjan produced them.
func componentNames(_ graph: Graph) -> [[String]] {
  let components = StronglyConnectedComponents(graph)
  return (0..<components.count).map { components.members(of: $0).map { graph.names[$0] }.sorted() }
}

@Suite struct StronglyConnectedComponentsTests {
  @Test func graphDeduplicatesAndSortsEdges() {
    let graph = Graph(
      names: ["a", "b", "c"],
      edges: [.init(from: 0, to: 2), .init(from: 0, to: 1), .init(from: 0, to: 2), .init(from: 2, to: 2)])
    #expect(Array(graph.successors(of: 0)) == [1, 2])
    #expect(graph.successors(of: 1).isEmpty)
    #expect(graph.edgeCount == 3)
    #expect(graph.hasSelfLoop(2))
    #expect(!graph.hasSelfLoop(0))
  }

  @Test func selfLoopIsASingleNonCycleComponent() {
    let graph = makeGraph([("a", ["a"])])
    let components = StronglyConnectedComponents(graph)
    #expect(components.count == 1)
    #expect(!components.isCycle(0))
  }

  @Test func twoCycleIsOneComponent() {
    let graph = makeGraph([("a", ["b"]), ("b", ["a"]), ("c", ["a"])])
    let components = StronglyConnectedComponents(graph)
    #expect(componentNames(graph) == [["a", "b"], ["c"]])
    #expect(components.isCycle(0))
    #expect(!components.isCycle(1))
  }

  @Test func diamondGivesDependenciesFirst() {
    let graph = makeGraph([("top", ["left", "right"]), ("left", ["bottom"]), ("right", ["bottom"]), ("bottom", [])])
    let names = componentNames(graph)
    #expect(names.count == 4)
    #expect(names.first == ["bottom"])
    #expect(names.last == ["top"])
  }

  @Test func disconnectedNodesEachGetAComponent() {
    let graph = Graph(names: ["x", "y", "z"], edges: [])
    #expect(componentNames(graph) == [["x"], ["y"], ["z"]])
  }

  @Test func nestedCyclesCollapseIntoOne() {
    let graph = makeGraph([("a", ["b"]), ("b", ["c"]), ("c", ["a", "d"]), ("d", ["e"]), ("e", ["d"])])
    #expect(componentNames(graph) == [["d", "e"], ["a", "b", "c"]])
  }

  @Test func millionNodeChainDoesNotOverflowTheStack() {
    let count = 1_000_000
    let names = (0..<count).map { "n\($0)" }
    var edges: [Graph.Edge] = []
    edges.reserveCapacity(count)
    for node in 0..<(count - 1) { edges.append(Graph.Edge(from: node, to: node + 1)) }
    let graph = Graph(names: names, edges: edges)
    let components = StronglyConnectedComponents(graph)
    #expect(components.count == count)
    // The deepest dependency finishes first.
    #expect(Array(components.members(of: 0)) == [count - 1])
    let levels = Levels(graph: graph, components: components)
    #expect(levels.waves.count == count)
    #expect(levels.waveOfComponent[components.componentOfNode[0]] == count - 1)
  }

  @Test func millionNodeRingIsOneComponent() {
    let count = 1_000_000
    var edges: [Graph.Edge] = []
    edges.reserveCapacity(count)
    for node in 0..<count { edges.append(Graph.Edge(from: node, to: (node + 1) % count)) }
    let graph = Graph(names: [String](repeating: "n", count: count), edges: edges)
    let components = StronglyConnectedComponents(graph)
    #expect(components.count == 1)
    #expect(components.members(of: 0).count == count)
  }
}
