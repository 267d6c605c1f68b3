/// A directed graph over dense integer node ids `0..<nodeCount`, each with a name.
///
/// Stored as compressed adjacency (one offsets array, one targets array) rather than an array of
/// arrays, so a graph of a million nodes costs two allocations, not a million. Edges are
/// deduplicated and each node's successors are sorted, so every walk over the graph visits nodes
/// in the same order in every run.
package struct Graph: Sendable {
  /// One directed edge: `from` depends on `to`.
  package struct Edge: Sendable, Hashable {
    /// The dependent node.
    package var from: Int
    /// The node it depends on.
    package var to: Int

    /// Creates the edge `from` → `to`.
    package init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// The node names, indexed by node id.
  package let names: [String]
  /// `targets[offsets[n]..<offsets[n + 1]]` are the successors of node `n`.
  private let offsets: [Int]
  private let targets: [Int]

  /// Builds a graph from `names` and `edges`. Duplicate edges collapse into one; self-loops are
  /// kept (the caller decides whether a node naming itself matters).
  ///
  /// - Precondition: every edge end is a valid node id (callers build edges from their own ids).
  package init(names: [String], edges: [Edge]) {
    let count = names.count
    // Counting sort by source node: linear, and no per-node arrays.
    var degree = [Int](repeating: 0, count: count + 1)
    for edge in edges {
      precondition(edge.from >= 0 && edge.from < count && edge.to >= 0 && edge.to < count, "edge out of range")
      degree[edge.from + 1] += 1
    }
    for node in 0..<count { degree[node + 1] += degree[node] }
    var bucketed = [Int](repeating: 0, count: edges.count)
    var cursor = degree
    for edge in edges {
      bucketed[cursor[edge.from]] = edge.to
      cursor[edge.from] += 1
    }
    // Sort and deduplicate each node's slice while compacting into the final arrays.
    var offsets = [Int](repeating: 0, count: count + 1)
    var targets: [Int] = []
    targets.reserveCapacity(edges.count)
    for node in 0..<count {
      let slice = bucketed[degree[node]..<degree[node + 1]]
      if slice.count == 1 {
        targets.append(slice[slice.startIndex])
      } else if slice.count > 1 {
        var previous = -1
        for target in slice.sorted() where target != previous {
          targets.append(target)
          previous = target
        }
      }
      offsets[node + 1] = targets.count
    }
    self.names = names
    self.offsets = offsets
    self.targets = targets
  }

  /// The number of nodes.
  package var nodeCount: Int { names.count }

  /// The number of distinct edges.
  package var edgeCount: Int { targets.count }

  /// The successors of `node` (what it depends on), sorted ascending, without duplicates.
  package func successors(of node: Int) -> ArraySlice<Int> {
    targets[offsets[node]..<offsets[node + 1]]
  }

  /// True when `node` has an edge to itself.
  package func hasSelfLoop(_ node: Int) -> Bool {
    successors(of: node).contains(node)
  }

  /// Every edge, sorted by source then target.
  package var edges: [Edge] {
    var result: [Edge] = []
    result.reserveCapacity(targets.count)
    for node in 0..<nodeCount {
      for target in successors(of: node) { result.append(Edge(from: node, to: target)) }
    }
    return result
  }
}
