/// Backtracking search for one pattern in one file, from anchor positions the `Matcher` found.
///
/// Bounded two ways, so a pattern like `$$$ a $$$ b $$$ c` on a file with thousands of `a`s
/// and no `c` stays fast:
/// - **Memo.** When no metavariable repeats, whether "the rest of a sequence" matches at a
///   position depends on nothing else (the limit is fixed by the position: the closer of the
///   group around it). So a failed (suffix, position) pair is recorded in a bitset and never
///   tried again, across all anchors of the file; a `$$$` that fails from a position has failed
///   from every position it stepped over, so those are recorded too and a later run stops as
///   soon as it reaches one. A success is recorded with its end when the suffix binds no
///   metavariable (there is nothing else to reconstruct). Each pair is then computed at most
///   once: the work is O(pattern elements × tokens) per file, whatever the pattern.
/// - **Step budget.** With a repeated metavariable (`$A == $A`) a sub-match depends on earlier
///   bindings and cannot be memoised; instead each start gets `stepBudget` steps and is given
///   up (no match there) when it runs out. Real patterns need a few dozen steps.
struct PatternRunner {
  /// The most steps one start may take when failures cannot be memoised.
  static let stepBudget = 100_000

  /// A match before it is turned into a `Match`: half-open significant positions and slots.
  struct RawMatch {
    var start: Int
    var end: Int
    /// Per slot, the half-open positions bound (every slot is bound in a successful match).
    var bindings: [Range<Int>]
  }

  private let pattern: Pattern
  private let view: SourceView
  private let suffixBase: [Int]
  private let memoEnabled: Bool
  /// Per suffix id, whether the suffix (or a group inside it) binds a metavariable.
  private let suffixBinds: [Bool]
  private var memo: [UInt64]
  private var successes: [Int: Int] = [:]
  private var steps = 0
  private var exhausted = false
  private var bindings: [Range<Int>?]

  init(pattern: Pattern, view: SourceView) {
    self.pattern = pattern
    self.view = view
    self.suffixBase = pattern.suffixBase
    self.memoEnabled = !pattern.hasRepeatedMetavariables
    let suffixes = pattern.sequences.reduce(0) { $0 + $1.count + 1 }
    self.memo = memoEnabled ? [UInt64](repeating: 0, count: (suffixes * (view.count + 1) + 63) / 64) : []
    self.suffixBinds = Self.suffixBinds(pattern)
    self.bindings = Array(repeating: nil, count: pattern.slotNames.count)
  }

  /// The match whose anchor element sits at `anchor`, if any.
  ///
  /// Elements before the anchor are metavariables only, matched backwards: a `$$$` there
  /// matches nothing (a match is as short as it can be), a `$NAME` takes the unit that ends
  /// just before. Then the rest is matched forwards, and the first way found wins (`$$$` tries
  /// the shortest run first).
  mutating func match(anchor: Int) -> RawMatch? {
    for slot in bindings.indices { bindings[slot] = nil }
    steps = 0
    exhausted = false
    let top = pattern.sequences[0]
    var start = anchor
    for element in top[..<pattern.anchorIndex].reversed() {
      switch element {
      case .run(let slot):
        if let slot, !bind(slot, start..<start) { return nil }
      case .single(let slot):
        guard start > 0, let first = view.unitStart(start - 1), bind(slot, first..<start) else { return nil }
        start = first
      case .token, .literal, .group:
        return nil
      }
    }
    guard let end = matchSequence(0, pattern.anchorIndex, anchor, limit: view.count, exact: false) else {
      return nil
    }
    return RawMatch(start: start, end: end, bindings: bindings.map { $0 ?? start..<start })
  }

  /// Binds `slot` to `range`, or checks it spells the same text as its earlier binding.
  private mutating func bind(_ slot: Int, _ range: Range<Int>) -> Bool {
    if let earlier = bindings[slot] { return view.sameText(earlier, range) }
    bindings[slot] = range
    return true
  }

  /// Matches `sequences[sequence][index...]` from `position`; returns the position after the
  /// match. `exact` (inside a group) requires ending exactly at `limit`, the group's closer.
  private mutating func matchSequence(_ sequence: Int, _ index: Int, _ position: Int, limit: Int, exact: Bool) -> Int? {
    let elements = pattern.sequences[sequence]
    if index == elements.count { return !exact || position == limit ? position : nil }
    let suffix = suffixBase[sequence] + index
    let key = suffix * (view.count + 1) + position
    if memoEnabled {
      if hasFailed(key) { return nil }
      if !suffixBinds[suffix], let end = successes[key] { return end }
    }
    steps += 1
    if steps > Self.stepBudget { exhausted = true }
    if exhausted { return nil }
    let saved = bindings
    let result = matchElement(elements[index], sequence, index, position, limit: limit, exact: exact)
    if let result {
      if memoEnabled && !suffixBinds[suffix] { successes[key] = result }
    } else {
      bindings = saved
      if memoEnabled && !exhausted { memo[key >> 6] |= 1 << UInt64(key & 63) }
    }
    return result
  }

  private func hasFailed(_ key: Int) -> Bool {
    memo[key >> 6] & (1 << UInt64(key & 63)) != 0
  }

  /// For each suffix id, whether matching it can bind a slot.
  private static func suffixBinds(_ pattern: Pattern) -> [Bool] {
    // A group's inner sequence is always created after the sequence holding the group, so a
    // backwards pass sees every inner sequence before its parent.
    var sequenceBinds = [Bool](repeating: false, count: pattern.sequences.count)
    func binds(_ element: Pattern.Element) -> Bool {
      switch element {
      case .single, .run(.some): return true
      case .run(.none), .token, .literal: return false
      case .group(_, let inner): return sequenceBinds[inner]
      }
    }
    var perSequence = [[Bool]](repeating: [], count: pattern.sequences.count)
    for sequence in pattern.sequences.indices.reversed() {
      let elements = pattern.sequences[sequence]
      var suffixes = [Bool](repeating: false, count: elements.count + 1)
      for index in elements.indices.reversed() { suffixes[index] = binds(elements[index]) || suffixes[index + 1] }
      sequenceBinds[sequence] = suffixes[0]
      perSequence[sequence] = suffixes
    }
    return perSequence.flatMap { $0 }
  }

  private mutating func matchElement(
    _ element: Pattern.Element, _ sequence: Int, _ index: Int, _ position: Int, limit: Int, exact: Bool
  ) -> Int? {
    switch element {
    case .token(let literal):
      guard position < limit, !view.literals.isPiece[position], view.matches(literal, at: position) else { return nil }
      return matchSequence(sequence, index + 1, position + 1, limit: limit, exact: exact)

    case .literal(let pieces):
      guard position < limit, view.literals.isPiece[position], let last = view.unitEnd(position),
        last - position + 1 == pieces.count
      else { return nil }
      for (offset, piece) in pieces.enumerated() where !view.matches(piece, at: position + offset) { return nil }
      return matchSequence(sequence, index + 1, last + 1, limit: limit, exact: exact)

    case .group(let open, let inner):
      guard position < limit, !view.literals.isPiece[position], let closer = view.unitEnd(position),
        closer > position, view.stream.source[Int(view.stream.significantToken(position).start)] == open
      else { return nil }
      // The inside is matched once, first way found; see the type's notes on repeated names.
      guard matchSequence(inner, 0, position + 1, limit: closer, exact: true) != nil else { return nil }
      return matchSequence(sequence, index + 1, closer + 1, limit: limit, exact: exact)

    case .single(let slot):
      guard position < limit, let last = view.unitEnd(position), bind(slot, position..<last + 1) else { return nil }
      return matchSequence(sequence, index + 1, last + 1, limit: limit, exact: exact)

    case .run(let slot):
      // Shortest run first; each step takes one whole unit, so the run never ends inside a
      // group or literal and stops at the enclosing closer (which is not a unit).
      let runKey = (suffixBase[sequence] + index) * (view.count + 1)
      var end = position
      while true {
        let saved = bindings
        if slot.map({ bind($0, position..<end) }) ?? true,
          let result = matchSequence(sequence, index + 1, end, limit: limit, exact: exact)
        {
          return result
        }
        bindings = saved
        guard !exhausted, end < limit, let last = view.unitEnd(end) else { break }
        end = last + 1
        // The same run from here already failed: so does this one.
        if memoEnabled && hasFailed(runKey + end) { break }
      }
      if memoEnabled && !exhausted {
        var stepped = position
        while stepped < end, let last = view.unitEnd(stepped) {
          stepped = last + 1
          let key = runKey + stepped
          memo[key >> 6] |= 1 << UInt64(key & 63)
        }
      }
      return nil
    }
  }
}
