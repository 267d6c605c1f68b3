import ScanModel

extension Classifier {
  /// What the tree adds to an `observable-use` candidate: the model it holds or observes, why
  /// that could not be said, and what blocks the change.
  struct ObservableUse {
    /// The model's type path when it is not the finding's own type (`Finding.unit`).
    var unit: String?
    var reasons: [String] = []
    var blockedBy: [String] = []
    /// What the model's own modules' deployment targets lack for `@Observable`.
    var modelGates: [DeploymentGate] = []
  }

  /// Resolves the model of a view use site or subscription (the key `ViewUseSiteDetector` and
  /// `ModelSubscriptionDetector` wrote), or nil when the finding does not count: the model is a
  /// type the tree does not declare as an `ObservableObject` (a library's model keeps its
  /// `ObservableObject` and its wrappers), or the `$x` observed is no `@Published` of the tree.
  ///
  /// A use site moves with its model, so it is blocked by what blocks the model: each `$x`
  /// pipeline of the model's `@Published` properties. A subscription is itself such a pipeline,
  /// so it carries no blocker of its own.
  static func observableUse(_ candidate: CandidateFinding, tree: TreeFacts) -> ObservableUse? {
    let parts = (candidate.key ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 4 else { return ObservableUse() }
    var (kind, written, own) = (parts[0], parts[1], parts[2] == "self")
    let names = parts[3].split(separator: ",").map(String.init)
    let types = tree.observableTypes
    var use = ObservableUse()
    var model: String?
    // `viewModel.context`: the type of `context` as `viewModel`'s type (or what it inherits)
    // declares it, wherever that is.
    // A longer chain (`workspace#workspaceFileManager#sourceControlManager`) hop by hop; a hop
    // whose owner declares no type for it takes the type every declaration of that name agrees on.
    if written.contains("#") {
      let hops = written.split(separator: "#", omittingEmptySubsequences: false).map(String.init)
      var type = hops[0]
      var byName: [(member: String, type: String)] = []
      for member in hops.dropFirst() {
        if let declared = types.memberType(member, of: type) {
          type = declared
        } else if let only = types.onlyType(ofMember: member) {
          type = only
          byName.append((member, only))
        } else {
          type = ""
          break
        }
      }
      written = type
      if !type.isEmpty, !byName.isEmpty {
        use.reasons.append(
          byName.map { "`\($0.member)` is `\($0.type)` wherever the tree declares it" }.joined(separator: "; ")
            + ": its owner's declaration does not say (a generic or an unwritten type), so the name decides")
      }
    }
    if own {
      // `objectWillChange.sink` / `.assign(to: &$x)` in the model itself: its own type must be one.
      guard types.contains(candidate.typePath) else { return nil }
      model = candidate.typePath
    } else if written == ViewUseSiteDetector.genericMark {
      // A generic parameter: the detector's reason names it.
    } else if !written.isEmpty {
      switch types.resolve(written, from: candidate.typePath) {
      case .found(let path):
        model = path
        use.unit = path
      case .ambiguous(let paths):
        use.reasons.append(
          "`\(written)` names one of \(paths.map { "`\($0)`" }.joined(separator: ", ")): which one, and so which "
            + "model's step this belongs to, is not decided here")
      case .none:
        return nil
      }
    } else {
      use.reasons.append(
        "the model's type is not written here (no annotation, `Type()`, `Type.shared` or `Type.mock`): it moves "
          + "with whichever model it holds")
    }
    if let model {
      let declared = types.gates(of: model)
      use.modelGates = declared.gates
      if !declared.gates.isEmpty {
        let targets = declared.gates.map { "\($0.platform) \($0.current)" }.joined(separator: ", ")
        let needed = declared.gates.map { "\($0.platform) \($0.needed)" }.joined(separator: ", ")
        use.reasons.append(
          "`\(model)` is compiled for \(targets) (module `\(declared.module)`): it moves to `@Observable`, and this "
            + "with it, once that rises to \(needed)")
      }
    }
    switch kind {
    case "R":
      // `.onReceive(x.$query)`: `query` must be a `@Published` of the tree (a library's wrapper
      // projection does not change with this migration).
      let published = names.filter { $0 != "objectWillChange" && types.publishedNames.contains($0) }
      guard !published.isEmpty || names.contains("objectWillChange") else { return nil }
    case "A":
      guard let target = names.first, tree.publishedNames(of: candidate.typePath).contains(target) else { return nil }
    case "S", "O", "E", "M":
      guard let model else { break }
      let entry = tree.modelFeeds.entry(for: model) {
        var seen: Set<String> = []
        var entry = ModelFeedMemo.Entry(locations: [], described: [])
        // The model's own module: a feed is judged by what the module declaring the property
        // sees, as the model's `published-property` finding judges it.
        let modelModule = types.gates(of: model).module
        for name in tree.publishedNames(of: model) {
          for feed in tree.feeds(of: name, in: model, module: modelModule.isEmpty ? nil : modelModule) {
            let location = "\(feed.path):\(feed.feed.line)"
            guard seen.insert(location).inserted else { continue }
            entry.locations.append(location)
            entry.described.append("`$\(name)` at \(location)")
          }
        }
        return entry
      }
      use.blockedBy += entry.locations
      let feeds = entry.described
      // One reason for them all: the model's own finding lists each with its pipeline.
      if !feeds.isEmpty {
        let shown = feeds.count > 5 ? feeds.prefix(5).joined(separator: ", ") + ", …" : feeds.joined(separator: ", ")
        use.reasons.append(
          "blocked with `\(model)`: \(feeds.count == 1 ? "a pipeline reads" : "\(feeds.count) pipelines read") \(shown); "
            + "this changes when they are rewritten and the model moves")
      }
    default:
      break
    }
    return use
  }
}
