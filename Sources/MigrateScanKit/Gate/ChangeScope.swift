import Classify

/// Which unchanged files a change check must analyse to give the answer a whole-tree analysis
/// gives, and when it must analyse them all.
///
/// A check compares the findings of the tree after a change with the tree before it. An
/// unchanged file yields the same candidates on both sides; only facts from other files decide
/// whether a candidate counts (`Classifier.finalize`): declarations of Combine's names, modules
/// that re-export Combine, `Future` helpers, and the completion defects of callees. So the
/// context a check needs is
/// - the files that may declare what the changed files' candidates ask about (the Combine names
///   they stand on, the helpers and callees they call) or re-export Combine, and
/// - when the change alters a helper or a completion-taking function, the files that may call it,
///   since their findings can differ between the two sides.
///
/// Every other file contributes nothing that can differ between the two sides or decide a
/// changed file's finding, so it is read (to search its bytes) but not analysed. A change to what
/// the tree declares of Combine's names, to a re-export or to a manifest moves the ground under
/// every file, and then the whole tree is analysed.
package struct ChangeScope: Sendable {
  /// Why every file must be analysed in full, or nil when the words below suffice.
  package private(set) var wholeTreeReason: String?
  /// The words whose presence in an unchanged file makes it part of the context.
  package let search: WordSearch

  /// The scope of a change whose changed files analyse to `before` (as they were; absent for an
  /// added file) and `after`.
  package init(before: [FileAnalysis], after: [FileAnalysis]) {
    // Names whose declarations the changed files' candidates ask about: the Combine names they
    // stand on (does the tree declare its own?), the helpers and callees they call.
    var declared: Set<String> = []
    // Names that count wherever they appear: a re-export, and what the change alters.
    var used: Set<String> = ["_exported"]
    for analysis in before + after {
      let facts = analysis.classification.facts
      declared.formUnion(facts.unambiguousNames)
      for candidate in analysis.classification.candidates {
        if let anchor = candidate.anchor { declared.insert(anchor) }
        switch candidate.requirement {
        case .helperCall(let name, _)?:
          // `extension Future` declares initialiser helpers; `resolve` also asks whether the
          // tree declares its own `Future`.
          declared.formUnion([name, "Future"])
        case .calleeDefect(let name, _, _, _)?:
          declared.insert(name)
        case .innerFailure(let lookups)?:
          // The inner publisher's declarations, and the members and types its receiver goes through.
          for lookup in lookups {
            declared.insert(lookup.name)
            declared.formUnion(lookup.qualifier)
            declared.insert(lookup.localType)
          }
        case nil:
          break
        }
      }
      if analysis.manifest != nil { wholeTreeReason = "a package manifest or project file changed" }
    }
    let (old, new) = (Summary(before), Summary(after))
    if old.combineDeclarations != new.combineDeclarations {
      wholeTreeReason = "the change declares or removes a type named like one of Combine's"
    }
    if old.exportedImports != new.exportedImports { wholeTreeReason = "the change alters an `@_exported import`" }
    // A helper or completion-taking function the change alters: every file naming it may find
    // differently, and every other declaration of it decides with it.
    used.formUnion(ChangeScope.changedNames(old.helpers, new.helpers))
    used.formUnion(ChangeScope.changedNames(old.completions, new.completions))
    // A publisher whose declared type changed decides the silent-failure verdict of chains whose
    // inner publisher calls it; each such chain has one of these words (the name alone would
    // take every file that merely mentions it, and `publisher` is a common word).
    if !ChangeScope.changedNames(old.publishers, new.publishers).isEmpty {
      used.formUnion(["flatMap", "switchToLatest"])
    }
    search = WordSearch(used: used, declared: declared)
  }

  /// The names whose signatures differ between the two sides, added and removed ones included.
  private static func changedNames(_ old: [String: [String]], _ new: [String: [String]]) -> Set<String> {
    Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
  }

  /// Whether an unchanged file with these bytes must be analysed.
  package func needs(_ bytes: [UInt8]) -> Bool { search.occurs(in: bytes) }

  /// What one side's changed files say that other files' findings depend on, lines left out
  /// (an edit above a helper moves it without changing it).
  private struct Summary {
    /// Combine's names that the files declare as types.
    var combineDeclarations: Set<String> = []
    /// Modules the files re-export.
    var exportedImports: Set<String> = []
    /// `Future` helpers by the name a call uses (`Future` for an initialiser): kinds and labels.
    var helpers: [String: [String]] = [:]
    /// Completion-taking functions by name: their closure labels and defects.
    var completions: [String: [String]] = [:]
    /// Functions, properties and typealiases of a publisher type by name: their written types
    /// (a `flatMap` calling one can fail or not by it).
    var publishers: [String: [String]] = [:]

    init(_ analyses: [FileAnalysis]) {
      let combineNames = CombineVocabulary.ambiguousNames.union(CombineVocabulary.unambiguousNames)
      for analysis in analyses {
        let facts = analysis.classification.facts
        let declared = facts.declaredTypes + analysis.facts.declarations.map(\.name)
        combineDeclarations.formUnion(declared.filter(combineNames.contains))
        exportedImports.formUnion(facts.exportedImports)
        for helper in facts.helpers where helper.kind != .member {
          let name = helper.kind == .futureInitialiser ? "Future" : helper.name
          // Defaults and closure parameters decide which calls bind (`Helper.accepts`), as labels do.
          let parameters = helper.labels.indices.map { index in
            helper.labels[index] + (helper.defaulted.indices.contains(index) && helper.defaulted[index] ? "=" : "")
              + (helper.takesClosure.indices.contains(index) && helper.takesClosure[index] ? "{}" : "")
          }
          helpers[name, default: []].append("\(helper.kind.rawValue)(\(parameters.joined(separator: ":")))")
        }
        for function in facts.completionFunctions {
          let defects = facts.completionDefects.filter {
            $0.function == function.name && $0.declarationLine == function.line
          }.map { "\($0.kind.rawValue):\($0.parameter)" }.sorted()
          completions[function.name, default: []].append(
            "(\(function.closureLabels.joined(separator: ":")))" + defects.joined(separator: ","))
        }
      }
      for analysis in analyses {
        for declared in analysis.classification.facts.publisherDeclarations {
          publishers[declared.name, default: []].append(declared.typePath + ":" + declared.type)
        }
      }
      for name in publishers.keys { publishers[name]?.sort() }
      for name in helpers.keys { helpers[name]?.sort() }
      for name in completions.keys { completions[name]?.sort() }
    }
  }
}
