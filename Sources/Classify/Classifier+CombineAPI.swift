import ScanModel

extension Classifier {
  /// The verdict of a `combine-api` candidate (key kinds in `CombineAPIDetector`), or nil when it
  /// is no finding: public API outside a published library has no client beyond the tree, whose
  /// own pipelines are findings already, and a test module's publishers are test doubles.
  static func combineAPI(_ candidate: CandidateFinding, module: String?, tree: TreeFacts)
    -> (Disposition, Phase?, [String])?
  {
    guard let module, !tree.testModules.contains(module), let kind = candidate.key?.first else { return nil }
    let library = tree.exports(module)
    switch kind {
    case "O":
      guard library else { return nil }
      return (.keep, nil, ["library `\(module)` exports it to its clients' Combine chains"])
    case "R", "P":
      guard library else { return nil }
      var reasons = [
        "`\(module)` is a library product no app of the tree uses: its clients are elsewhere and use this "
          + "publisher, so it stays; the `async` alternative goes beside it"
      ]
      // Defaults has `updates(_:)` beside `publisher(_:)`: say so rather than ask for a new one.
      if let existing = tree.libraryAPI.alternatives[candidate.typePath], !existing.isEmpty {
        let shown = existing.prefix(3).joined(separator: ", ") + (existing.count > 3 ? ", …" : "")
        reasons.append(
          "`\(candidate.typePath)` already has public API returning an async sequence (\(shown)): check whether it "
            + "covers this publisher before adding one")
      }
      return (.migrate, .prepare, reasons)
    case "A":
      return nil
    case "T" where library:
      return (
        .migrate, .prepare,
        [
          "`\(module)` is a library product no app of the tree uses: its clients build on this public type, so it "
            + "stays; an `AsyncSequence` goes beside it"
        ]
      )
    case "S" where library:
      return (
        .keep, nil,
        [
          "`\(module)` is a library product no app of the tree uses: its clients subscribe this public type to "
            + "their publishers, so it stays with them"
        ]
      )
    case "S":
      return (
        .migrate, .cleanup,
        [
          "every chain that subscribes it is in the tree: those become `for await` loops over `.values`, then remove "
            + "the type"
        ]
      )
    case "U" where library:
      return (
        .keep, nil,
        [
          "internal to `\(module)`, a library product no app of the tree uses: it backs the public publisher API, "
            + "which stays for clients, so it stays with it"
        ]
      )
    default:
      return (
        .migrate, .prepare,
        [
          "every consumer of this type is in the tree (no library product publishes `\(module)` beyond it): add the "
            + "`AsyncSequence`, move the chains built on the type to it, then remove the type"
        ]
      )
    }
  }

  /// In a published library, what a public publisher API's body does is that API: a `Future`
  /// or pipeline there stays with the publisher the clients use, and its async counterpart is
  /// the alternative beside it, not a rewrite of it.
  static func keepBodiesOfPublicAPI(_ findings: inout [Finding]) {
    var api: [String: String] = [:]
    for finding in findings where finding.category == .combineAPI && finding.disposition == .migrate {
      if let symbol = finding.symbol { api[symbol] = "\(finding.file):\(finding.range.start.line)" }
    }
    guard !api.isEmpty else { return }
    for index in findings.indices {
      let finding = findings[index]
      guard
        finding.category == .oneShotFuture || finding.category == .futureTaskWrapper
          || finding.category == .operatorPipeline,
        finding.disposition == .migrate || finding.disposition == .blockedByDeploymentTarget,
        let symbol = finding.symbol, let place = api[symbol]
      else { continue }
      findings[index].disposition = .keep
      findings[index].phase = nil
      findings[index].deploymentGates = []
      findings[index].reasons.insert(
        "the body of `\(symbol)` (\(place)), public publisher API of a library: it stays for clients with that "
          + "API, and the `async` alternative goes beside it", at: 0)
    }
  }
}
