/// The strongly connected components of a `Graph`: the cycles that must move as one unit.
///
/// Tarjan's algorithm, written with an explicit stack: a recursive version overflows the thread
/// stack long before a million-node chain, and a scanned project must never crash the tool.
/// Linear in nodes plus edges.
///
/// Tarjan finishes a component only after every component it can reach, so `components` comes
/// out in reverse topological order: with edges pointing from a node to what it depends on,
/// dependencies come first. `Levels` relies on that order.
package struct StronglyConnectedComponents: Sendable {
  /// `members[starts[c]..<starts[c + 1]]` are the nodes of component `c`, ascending.
  private let members: [Int]
  private let starts: [Int]
  /// The component of each node.
  package let componentOfNode: [Int]

  /// Finds the components of `graph`.
  package init(_ graph: Graph) {
    let count = graph.nodeCount
    let unvisited = -1
    var index = [Int](repeating: unvisited, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var componentOfNode = [Int](repeating: -1, count: count)
    var tarjanStack: [Int] = []
    // The simulated call stack: a node and how far through its successors the walk has come.
    var callStack: [(node: Int, next: Int)] = []
    var members: [Int] = []
    members.reserveCapacity(count)
    var starts: [Int] = [0]
    var counter = 0

    for root in 0..<count where index[root] == unvisited {
      index[root] = counter
      lowLink[root] = counter
      counter += 1
      tarjanStack.append(root)
      onStack[root] = true
      callStack.append((root, graph.successors(of: root).startIndex))

      while let (node, next) = callStack.last {
        let successors = graph.successors(of: node)
        if next < successors.endIndex {
          callStack[callStack.count - 1].next = next + 1
          let target = successors[next]
          if index[target] == unvisited {
            // "Recurse": enter the successor; this frame resumes at `next + 1`.
            index[target] = counter
            lowLink[target] = counter
            counter += 1
            tarjanStack.append(target)
            onStack[target] = true
            callStack.append((target, graph.successors(of: target).startIndex))
          } else if onStack[target] {
            lowLink[node] = min(lowLink[node], index[target])
          }
          continue
        }
        // "Return": every successor is done.
        callStack.removeLast()
        if lowLink[node] == index[node] {
          let component = starts.count - 1
          let first = members.count
          while let member = tarjanStack.popLast() {
            onStack[member] = false
            componentOfNode[member] = component
            members.append(member)
            if member == node { break }
          }
          members[first...].sort()
          starts.append(members.count)
        }
        if let parent = callStack.last {
          lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
        }
      }
    }
    self.members = members
    self.starts = starts
    self.componentOfNode = componentOfNode
  }

  /// The number of components.
  package var count: Int { starts.count - 1 }

  /// The nodes of component `component`, ascending.
  package func members(of component: Int) -> ArraySlice<Int> {
    members[starts[component]..<starts[component + 1]]
  }

  /// True when the component is a real cycle: two or more nodes. A lone node with a self-loop is
  /// not one for migration purposes (a type that names itself still moves alone).
  package func isCycle(_ component: Int) -> Bool {
    starts[component + 1] - starts[component] > 1
  }
}
