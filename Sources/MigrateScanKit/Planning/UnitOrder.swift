import DependencyGraph
import ScanModel

/// The order of one module's units of work: leaves inward over the types they use, grouped by
/// folder, folders leaves inward too.
///
/// A unit uses another when one of its own files names the other's type (the references the
/// dependency graph already collects per file): a view model that names `APIClient` comes after
/// `APIClient`'s step. Units that use each other are a cycle and share a level. Folders are
/// ordered the same way over the uses between their units, so a 600-file target reads as a
/// sequence of feature folders, each leaves first. Everything is keyed by name, never by
/// dictionary order, so the order is the same for any thread count.
struct UnitOrder {
  /// One unit of the module.
  struct Unit {
    var name: String
    /// The facts of the files holding the unit's own code (not the view use sites of a model),
    /// looked up once by the caller, which reads them for the unit's place too.
    var files: [PlanSourceFile]
    var folder: String
  }

  /// Per unit name: its level (0 uses no other unit of the module).
  private(set) var level: [String: Int] = [:]
  /// Per folder: its rank in the module's folder order.
  private(set) var folderRank: [String: Int] = [:]
  /// Per unit name: the units it uses directly, sorted, its own cycle left out.
  private(set) var uses: [String: [String]] = [:]
  /// Per unit name in a cycle: the cycle's number (an index into `cycles`).
  private(set) var cycleOf: [String: Int] = [:]
  /// The members of each cycle, sorted by name. A cycle's list is kept once, not per member:
  /// an `AppState` hub that every type uses back makes one cycle of dozens.
  private(set) var cycles: [[String]] = []

  /// - Parameter extraUses: uses the references do not show, as (user, used) names; names of no
  ///   unit are ignored.
  init(units: [Unit], extraUses: [(String, String)] = []) {
    let units = units.sorted { $0.name < $1.name }
    var id: [String: Int] = [:]
    for (index, unit) in units.enumerated() { id[unit.name] = index }
    var edges: [Graph.Edge] = []
    for (index, unit) in units.enumerated() {
      for file in unit.files {
        for reference in file.references {
          guard let target = UnitOrder.resolve(reference, in: id), target != index else { continue }
          edges.append(Graph.Edge(from: index, to: target))
        }
      }
    }
    for (user, used) in extraUses {
      if let from = id[user], let to = id[used], from != to { edges.append(Graph.Edge(from: from, to: to)) }
    }
    let graph = Graph(names: units.map(\.name), edges: edges)
    let components = StronglyConnectedComponents(graph)
    let levels = Levels(graph: graph, components: components)
    var cycleNumber: [Int: Int] = [:]
    for (index, unit) in units.enumerated() {
      let component = components.componentOfNode[index]
      level[unit.name] = levels.waveOfComponent[component]
      if components.isCycle(component) {
        if let known = cycleNumber[component] {
          cycleOf[unit.name] = known
        } else {
          cycleNumber[component] = cycles.count
          cycleOf[unit.name] = cycles.count
          cycles.append(components.members(of: component).map { units[$0].name })
        }
      }
      let used = graph.successors(of: index).filter { components.componentOfNode[$0] != component }
      if !used.isEmpty { uses[unit.name] = used.map { units[$0].name }.sorted() }
    }
    // Folders: the same leaves-inward order over the uses between their units.
    let folders = Array(Set(units.map(\.folder))).sorted()
    var folderID: [String: Int] = [:]
    for (index, folder) in folders.enumerated() { folderID[folder] = index }
    var folderEdges: [Graph.Edge] = []
    for (index, unit) in units.enumerated() {
      for target in graph.successors(of: index) where units[target].folder != unit.folder {
        folderEdges.append(Graph.Edge(from: folderID[unit.folder]!, to: folderID[units[target].folder]!))
      }
    }
    let folderGraph = Graph(names: folders, edges: folderEdges)
    let folderComponents = StronglyConnectedComponents(folderGraph)
    let folderLevels = Levels(graph: folderGraph, components: folderComponents)
    var rank = 0
    // Inside a wave the components come by name; a folder cycle's members by name too.
    for wave in folderLevels.waves {
      for component in wave {
        for member in folderComponents.members(of: component).sorted() {
          folderRank[folders[member]] = rank
          rank += 1
        }
      }
    }
  }

  /// The unit a reference names: the unit of that exact name, else (a qualified path) the unit
  /// of its first component (`Feed.State` is `Feed`'s) or of its last (`Networking.APIClient`).
  private static func resolve(_ reference: String, in id: [String: Int]) -> Int? {
    if let exact = id[reference] { return exact }
    let utf8 = reference.utf8
    guard let firstDot = reference.firstIndex(ofUTF8: UInt8(ascii: ".")),
      let lastDot = reference.lastIndex(ofUTF8: UInt8(ascii: "."))
    else { return nil }
    if let unit = id[String(reference[..<firstDot])] { return unit }
    return id[String(reference[utf8.index(after: lastDot)...])]
  }
}
