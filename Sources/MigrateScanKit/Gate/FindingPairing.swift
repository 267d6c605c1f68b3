import Classify
import ScanModel

/// Pairs the findings before a change (or in a baseline) with those after it, the way a reviewer
/// would, so that only a finding the change adds counts as new.
///
/// A fingerprint changes when the matched tokens, the enclosing declaration or the file change,
/// so comparing fingerprints alone calls an edited, renamed or moved wrapper "new". The pairing
/// goes in two steps, only ever between findings of the same rule:
/// 1. Equal fingerprints pair, in order (identical twins pair one for one).
/// 2. What is left pairs by score, best first, each finding at most once. A pair is allowed when
///    both findings are in the same declaration of the same file (an edit inside it), or when
///    their `TokenShape`s are at least `similarityThreshold` alike (a renamed declaration, a move
///    to another file, or both). The score is the shapes' similarity, then locality (same file
///    and declaration, same file, same declaration, neither), then how far apart their positions
///    among the file's findings of the rule are, then source order: all deterministic.
/// 3. The pairs step 2 made across declarations tell which declarations the change renamed
///    (`Renames`); what is still left pairs once more as in step 2, a renamed declaration
///    counting as the same one. So a renamed type's conformance finding pairs even though its
///    shape changed with the name, once its properties or methods have paired.
///
/// A finding after the change that nothing pairs with is new; one before it that nothing pairs
/// with is gone. Two wrappers before and three after is exactly one new, the least alike.
///
/// The cost is linear in the findings plus the pairs step 2 scores, which are only the leftovers
/// of step 1 (the findings the change touched). At most `pairLimit` pairs of one rule are scored
/// all against all; beyond that only pairs sharing a file or a declaration are, and never more
/// than `pairCap` of them (in a fixed order), so the work stays bounded even for a stale
/// baseline over one huge generated file. A finding the bound leaves unscored stays new: the
/// bound can make the gate stricter, never more lenient.
package enum FindingPairing {
  /// The least similarity that pairs findings in different declarations or files.
  package static let similarityThreshold = 0.5
  /// The most leftover pairs of one rule scored all against all.
  package static let pairLimit = 40_000
  /// The most leftover pairs of one rule scored at all.
  package static let pairCap = 250_000

  /// One side's finding as the pairing sees it.
  package struct Item: Sendable {
    package var ruleID: String
    package var file: String
    package var symbol: String?
    package var fingerprint: String
    /// Where the shape comes from: the match text (computed only if step 2 needs it), or a
    /// stored shape (nil for a baseline entry written before shapes were stored).
    package var shape: Shape

    package enum Shape: Sendable {
      case text(String)
      case stored(TokenShape?)
    }

    package init(ruleID: String, file: String, symbol: String?, fingerprint: String, shape: Shape) {
      self.ruleID = ruleID
      self.file = file
      self.symbol = symbol
      self.fingerprint = fingerprint
      self.shape = shape
    }

    /// A finding, its shape taken from its match text.
    package init(_ finding: Finding) {
      self.init(
        ruleID: finding.ruleID, file: finding.file, symbol: finding.symbol, fingerprint: finding.fingerprint,
        shape: .text(finding.matchText))
    }
  }

  /// What pairs with what.
  package struct Outcome: Sendable, Equatable {
    /// For each item after the change, the index of the item before it that it pairs with.
    package var partner: [Int?]
    /// The indices of the items before the change that nothing pairs with, ascending.
    package var unpairedBefore: [Int]

    /// The indices of the items after the change that nothing pairs with, ascending.
    package var unpairedAfter: [Int] { partner.indices.filter { partner[$0] == nil } }
  }

  /// The findings after a change that pair with nothing before it: what the change adds, in
  /// their given order.
  package static func added(after: [Finding], before: [Finding]) -> [Finding] {
    let outcome = pair(before: before.map(Item.init), after: after.map(Item.init))
    return outcome.unpairedAfter.map { after[$0] }
  }

  /// Pairs `before` with `after`; each side in report order (file, then position), which the
  /// positions and the tie-breaks read.
  package static func pair(before: [Item], after: [Item]) -> Outcome {
    var partner = [Int?](repeating: nil, count: after.count)
    var taken = [Bool](repeating: false, count: before.count)

    // Step 1: equal fingerprints, first with first.
    var byFingerprint: [String: [Int]] = [:]
    for index in before.indices { byFingerprint[before[index].fingerprint, default: []].append(index) }
    var nextOfFingerprint: [String: Int] = [:]
    for index in after.indices {
      let fingerprint = after[index].fingerprint
      guard let candidates = byFingerprint[fingerprint] else { continue }
      let next = nextOfFingerprint[fingerprint, default: 0]
      guard next < candidates.count else { continue }
      nextOfFingerprint[fingerprint] = next + 1
      partner[index] = candidates[next]
      taken[candidates[next]] = true
    }

    // Step 2: the leftovers, rule by rule; then once more with the declarations step 2 found
    // renamed, so a renamed type's other findings pair as if inside the same declaration.
    var scoring = Scoring(before: before, after: after)
    let firstPairs = scoring.pass(partner: &partner, taken: &taken, renames: Renames())
    let renames = Renames(pairs: firstPairs, before: before, after: after)
    if !renames.isEmpty { _ = scoring.pass(partner: &partner, taken: &taken, renames: renames) }
    return Outcome(partner: partner, unpairedBefore: before.indices.filter { !taken[$0] })
  }

  /// Step 2's scoring, with the positions and shapes it computes once.
  private struct Scoring {
    let before: [Item]
    let after: [Item]
    let beforeRanks: [Int]
    let afterRanks: [Int]
    var shapes = ShapeCache()

    init(before: [Item], after: [Item]) {
      self.before = before
      self.after = after
      beforeRanks = FindingPairing.ranks(before)
      afterRanks = FindingPairing.ranks(after)
    }

    /// Pairs what is still unpaired, best first; returns the pairs it made as `(old, new)`.
    mutating func pass(partner: inout [Int?], taken: inout [Bool], renames: Renames) -> [(Int, Int)] {
      var leftBefore: [String: [Int]] = [:]
      for index in before.indices where !taken[index] { leftBefore[before[index].ruleID, default: []].append(index) }
      var leftAfter: [String: [Int]] = [:]
      for index in after.indices where partner[index] == nil {
        leftAfter[after[index].ruleID, default: []].append(index)
      }
      var made: [(Int, Int)] = []
      for rule in leftAfter.keys.sorted() {
        guard let olds = leftBefore[rule] else { continue }
        let news = leftAfter[rule]!
        // Each old symbol under the renames, once: a pair's test is then two comparisons.
        var renamed: [Int: String?] = [:]
        if !renames.isEmpty { for old in olds { renamed[old] = renames.apply(before[old].symbol) } }
        var scored: [Candidate] = []
        for (old, new) in FindingPairing.candidatePairs(olds: olds, news: news, before: before, after: after) {
          let locality = FindingPairing.locality(
            before[old], after[new], renamedSymbol: renamed[old] ?? before[old].symbol)
          var similarity = 0.0
          if let oldShape = shapes.shape(before, old, side: 0), let newShape = shapes.shape(after, new, side: 1) {
            similarity = oldShape.similarity(to: newShape)
          }
          guard locality == 0 || similarity >= similarityThreshold else { continue }
          let distance = abs(beforeRanks[old] - afterRanks[new])
          scored.append(
            Candidate(similarity: similarity, locality: locality, distance: distance, old: old, new: new))
        }
        scored.sort(by: Candidate.better)
        for candidate in scored where partner[candidate.new] == nil && !taken[candidate.old] {
          partner[candidate.new] = candidate.old
          taken[candidate.old] = true
          made.append((candidate.old, candidate.new))
        }
      }
      return made
    }
  }

  /// Declarations renamed by the change, learnt from the pairs step 2 made across declarations:
  /// `Old.init` paired with `New.init` renames `Old` to `New`; `T.user` with `T.account` renames
  /// the method. A prefix renamed to several names takes the one most pairs agree on (then the
  /// first in UTF-8 order).
  struct Renames {
    private var table: [String: String] = [:]

    init() {}

    init(pairs: [(Int, Int)], before: [Item], after: [Item]) {
      var votes: [String: [String: Int]] = [:]
      for (old, new) in pairs {
        guard let from = before[old].symbol, let to = after[new].symbol, from != to else { continue }
        let fromParts = from.split(separator: ".", omittingEmptySubsequences: false)
        let toParts = to.split(separator: ".", omittingEmptySubsequences: false)
        guard fromParts.count == toParts.count else { continue }
        for index in fromParts.indices where fromParts[index] != toParts[index] {
          let key = fromParts[...index].joined(separator: ".")
          votes[key, default: [:]][toParts[...index].joined(separator: "."), default: 0] += 1
        }
      }
      for (key, targets) in votes {
        table[key] =
          targets.max { lhs, rhs in
            lhs.value != rhs.value ? lhs.value < rhs.value : UTF8Order.precedes(rhs.key, lhs.key)
          }!.key
      }
    }

    var isEmpty: Bool { table.isEmpty }

    /// `symbol` under the renames: its longest renamed prefix replaced.
    func apply(_ symbol: String?) -> String? {
      guard let symbol, !table.isEmpty else { return symbol }
      let parts = symbol.split(separator: ".", omittingEmptySubsequences: false)
      for count in stride(from: parts.count, through: 1, by: -1) {
        if let renamed = table[parts[..<count].joined(separator: ".")] {
          return ([Substring(renamed)] + parts[count...]).joined(separator: ".")
        }
      }
      return symbol
    }
  }

  /// A pair step 2 may make, and what decides between it and others.
  private struct Candidate {
    var similarity: Double
    var locality: Int
    var distance: Int
    var old: Int
    var new: Int

    static func better(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
      if lhs.similarity != rhs.similarity { return lhs.similarity > rhs.similarity }
      if lhs.locality != rhs.locality { return lhs.locality < rhs.locality }
      if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
      if lhs.new != rhs.new { return lhs.new < rhs.new }
      return lhs.old < rhs.old
    }
  }

  /// 0: same file and declaration; 1: same file; 2: same declaration in another file; 3: neither.
  /// A declaration the change renamed (`renamedSymbol`, the old symbol under the renames) counts
  /// as the same declaration.
  private static func locality(_ old: Item, _ new: Item, renamedSymbol: String?) -> Int {
    let sameDeclaration = old.symbol == new.symbol || renamedSymbol == new.symbol
    switch (old.file == new.file, sameDeclaration) {
    case (true, true): return 0
    case (true, false): return 1
    case (false, true): return 2
    case (false, false): return 3
    }
  }

  /// The pairs of one rule's leftovers to score: all of them up to `pairLimit`, else those that
  /// share a file or a declaration, at most `pairCap`.
  private static func candidatePairs(olds: [Int], news: [Int], before: [Item], after: [Item]) -> [(Int, Int)] {
    if olds.count * news.count <= pairLimit {
      return news.flatMap { new in olds.map { old in (old, new) } }
    }
    var oldsOfFile: [String: [Int]] = [:]
    var oldsOfSymbol: [String: [Int]] = [:]
    for old in olds {
      oldsOfFile[before[old].file, default: []].append(old)
      if let symbol = before[old].symbol { oldsOfSymbol[symbol, default: []].append(old) }
    }
    var pairs: [(Int, Int)] = []
    for new in news {
      for old in oldsOfFile[after[new].file] ?? [] {
        guard pairs.count < pairCap else { return pairs }
        pairs.append((old, new))
      }
      guard let symbol = after[new].symbol else { continue }
      for old in oldsOfSymbol[symbol] ?? [] where before[old].file != after[new].file {
        guard pairs.count < pairCap else { return pairs }
        pairs.append((old, new))
      }
    }
    return pairs
  }

  /// Each item's position among the items of its rule and file, in the given order.
  private static func ranks(_ items: [Item]) -> [Int] {
    var counts: [String: Int] = [:]
    var result = [Int](repeating: 0, count: items.count)
    for index in items.indices {
      let key = items[index].ruleID + "\u{1F}" + items[index].file
      result[index] = counts[key, default: 0]
      counts[key, default: 0] += 1
    }
    return result
  }

  /// Shapes computed once each, and only for the items step 2 scores.
  private struct ShapeCache {
    var cache: [Int: [Int: TokenShape?]] = [0: [:], 1: [:]]

    mutating func shape(_ items: [Item], _ index: Int, side: Int) -> TokenShape? {
      if let known = cache[side]![index] { return known }
      let shape: TokenShape?
      switch items[index].shape {
      case .text(let text): shape = TokenShape(matchText: text)
      case .stored(let stored): shape = stored
      }
      cache[side]![index] = shape
      return shape
    }
  }
}
