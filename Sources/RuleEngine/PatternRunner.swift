/// Backtracking search for one pattern in one file, from anchor positions the `Matcher` found.
///
/// A pattern like `$$$ a $$$ b $$$ c` tried naively at each of thousands of `a`s with no `c`
/// after them is cubic. Two memos keep every pattern about linear per file:
/// - **Position memo** (no metavariable repeats). Whether "the rest of a sequence" (a *suffix*)
///   matches at a position depends on nothing else: the limit is fixed by the position (the
///   closer of the group around it). A failed (suffix, position) pair goes in a bitset and is
///   never tried again, across all anchors of the file. A `$$$` that fails from a position has
///   failed from every position it stepped over, so those are recorded too and a later run
///   stops as soon as it reaches one. A suffix that binds nothing also records where it
///   succeeded. Each pair is computed at most once: O(pattern elements × tokens) per file.
/// - **Text memo** (a metavariable repeats, `$A == $A`). Now a suffix also depends on what
///   was bound before it, but only through the *text* of the slots it mentions, so failures
///   are keyed by (suffix, position, text ids of those slots). Texts are interned, so
///   `$X a $$$ $X b` tried at every `a` shares work whenever `$X` spells the same.
/// A step budget per start (`stepBudget`) backs both up: a start that exceeds it is given up
/// as "no match there". Real patterns take a few dozen steps per start.
struct PatternRunner {
  /// The most steps one start may take before it is given up.
  static let stepBudget = 200_000

  /// A match before it is turned into a `Match`: half-open significant positions and slots.
  struct RawMatch {
    var start: Int
    var end: Int
    /// Per slot, the half-open positions bound (a slot the match did not reach is empty).
    var bindings: [Range<Int>]
  }

  /// A slot's binding: where, and (only for slots that repeat) the interned text.
  private struct Bound {
    var range: Range<Int>
    var text: Int
  }

  private struct TextKey: Hashable {
    var key: Int
    var texts: [Int]
  }

  private let pattern: Pattern
  private let view: SourceView
  private let suffixBase: [Int]
  private let byPosition: Bool
  /// Per suffix id, whether the suffix (or a group inside it) binds a metavariable.
  private let suffixBinds: [Bool]
  /// Per suffix id, the slots the suffix mentions (text memo only).
  private let suffixSlots: [[Int]]
  /// Per slot, whether it occurs more than once in the pattern.
  private let slotRepeats: [Bool]
  /// Per (suffix, position) key, whether it failed (position memo only).
  private var failed: PagedBitSet
  /// Per (suffix, position) key, the end of a known success plus one; 0 is "not known".
  ///
  /// A table rather than a dictionary: keys are dense and this is read on every step of
  /// every `$$$`, where hashing an `Int` cost more than the match itself. Both tables are
  /// paged (`PagedMemo.swift`), so a runner pays only for the pages it writes.
  private var successes: PagedInt32Table
  private var failedWithTexts = Set<TextKey>()
  private var texts: [[UInt8]: Int] = [:]
  private var steps = 0
  private var exhausted = false
  private var bindings: [Bound?]
  /// The slots bound so far, in binding order: a failed step unbinds back to its mark.
  ///
  /// An undo trail rather than a copy of `bindings` per step: the copy cost a retain and a
  /// release every step, and a whole new array whenever the step then bound a slot.
  private var trail: [Int] = []

  init(pattern: Pattern, view: SourceView) {
    self.pattern = pattern
    self.view = view
    self.suffixBase = pattern.suffixBase
    self.byPosition = !pattern.hasRepeatedMetavariables
    let suffixes = pattern.sequences.reduce(0) { $0 + $1.count + 1 }
    self.failed = PagedBitSet(capacity: byPosition ? suffixes * (view.count + 1) : 0)
    self.successes = PagedInt32Table(capacity: byPosition ? suffixes * (view.count + 1) : 0)
    let analysis = Self.analyse(pattern)
    self.suffixBinds = analysis.binds
    self.suffixSlots = analysis.slots
    self.slotRepeats = analysis.repeats
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
    trail.removeAll(keepingCapacity: true)
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
    return RawMatch(start: start, end: end, bindings: bindings.map { $0?.range ?? start..<start })
  }

  // MARK: - Sequences and elements

  /// Matches `sequences[sequence][index...]` from `position`; returns the position after the
  /// match. `exact` (inside a group) requires ending exactly at `limit`, the group's closer.
  private mutating func matchSequence(_ sequence: Int, _ index: Int, _ position: Int, limit: Int, exact: Bool) -> Int? {
    let elements = pattern.sequences[sequence]
    if index == elements.count { return !exact || position == limit ? position : nil }
    let suffix = suffixBase[sequence] + index
    let key = suffix * (view.count + 1) + position
    if hasFailed(suffix, position) { return nil }
    if byPosition, !suffixBinds[suffix], let end = knownSuccess(key) { return end }
    steps += 1
    if steps > Self.stepBudget { exhausted = true }
    if exhausted { return nil }
    let mark = trail.count
    let result = matchElement(elements[index], sequence, index, position, limit: limit, exact: exact)
    if let result {
      if byPosition, !suffixBinds[suffix] { recordSuccess(key, result) }
    } else {
      unbind(to: mark)
      markFailed(suffix, position)
    }
    return result
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
        closer > position, view.stream.source[Int(view.token(at: position).start)] == open
      else { return nil }
      // The inside is matched once, the first way found. Without repeated names nothing after
      // the group depends on how; with them, a later alternative inside is not retried.
      guard matchSequence(inner, 0, position + 1, limit: closer, exact: true) != nil else { return nil }
      return matchSequence(sequence, index + 1, closer + 1, limit: limit, exact: exact)

    case .single(let slot):
      guard position < limit, let last = view.unitEnd(position), bind(slot, position..<last + 1) else { return nil }
      return matchSequence(sequence, index + 1, last + 1, limit: limit, exact: exact)

    case .run(let slot):
      return matchRun(slot: slot, sequence, index, position, limit: limit, exact: exact)
    }
  }

  /// `$$$`: shortest run first; each step takes one whole unit, so the run never ends inside a
  /// group or literal and stops at the enclosing closer (which is not a unit).
  private mutating func matchRun(slot: Int?, _ sequence: Int, _ index: Int, _ position: Int, limit: Int, exact: Bool)
    -> Int?
  {
    let suffix = suffixBase[sequence] + index
    // A run that fails from `position` has failed from every later position it stepped over
    // too, unless what it binds is compared later (then a different start binds different
    // text). Likewise a run that binds nothing and succeeds from `position` succeeds, at the
    // same end, from every position it stepped over. Recording both lets a later run stop as
    // soon as it reaches a position already decided.
    let shortcut = slot.map { !slotRepeats[$0] } ?? true
    let rememberSuccess = byPosition && !suffixBinds[suffix]
    var end = position
    var result: Int?
    while true {
      let mark = trail.count
      // Not `slot.map { bind(…) }`: a closure calling a mutating method copied the whole
      // runner (a `memcpy`) on every step.
      let bound: Bool
      if let slot { bound = bind(slot, position..<end) } else { bound = true }
      if bound,
        let found = matchSequence(sequence, index + 1, end, limit: limit, exact: exact)
      {
        result = found
        break
      }
      unbind(to: mark)
      guard !exhausted, end < limit, let last = view.unitEnd(end) else { break }
      end = last + 1
      // A condition list, not `&&`: the autoclosure of `&&` captured the runner, and capturing
      // a mutating `self` copied all of it (a `memcpy`) on every step.
      if shortcut, hasFailed(suffix, end) { break }
      if rememberSuccess, let known = knownSuccess(suffix * (view.count + 1) + end) {
        result = known
        break
      }
    }
    var stepped = position
    while stepped < end, let last = view.unitEnd(stepped) {
      stepped = last + 1
      if let result {
        if rememberSuccess { recordSuccess(suffix * (view.count + 1) + stepped, result) }
      } else if shortcut {
        markFailed(suffix, stepped)
      }
    }
    return result
  }

  // MARK: - Bindings and memo

  /// Binds `slot` to `range`, or checks it spells the same text as its earlier binding.
  private mutating func bind(_ slot: Int, _ range: Range<Int>) -> Bool {
    let text = slotRepeats[slot] ? intern(range) : -1
    if let earlier = bindings[slot] { return earlier.text == text }
    bindings[slot] = Bound(range: range, text: text)
    trail.append(slot)
    return true
  }

  /// Undoes the bindings made since the trail had `mark` entries. A slot is only ever set
  /// when it was unbound, so undoing it is clearing it.
  @inline(__always)
  private mutating func unbind(to mark: Int) {
    while trail.count > mark { bindings[trail.removeLast()] = nil }
  }

  /// An id for the text of `range`, equal for equal token texts (trivia ignored).
  private mutating func intern(_ range: Range<Int>) -> Int {
    var bytes: [UInt8] = []
    for position in range {
      bytes.append(contentsOf: view.stream.bytes(of: view.token(at: position)))
      bytes.append(0)  // a separator no token contains, so `a b` and `ab` differ
    }
    if let id = texts[bytes] { return id }
    texts[bytes] = texts.count
    return texts.count - 1
  }

  /// The end of a success recorded for `key`, if any.
  ///
  /// `mutating` for the same reason as `hasFailed`.
  @inline(__always)
  private mutating func knownSuccess(_ key: Int) -> Int? {
    let stored = successes.value(at: key)
    return stored == 0 ? nil : Int(stored) - 1
  }

  private mutating func recordSuccess(_ key: Int, _ end: Int) {
    // Positions are significant-token indices of one file, far below `Int32.max`.
    successes.set(Int32(truncatingIfNeeded: end + 1), at: key)
  }

  /// True when `suffix` is known to fail at `position` with the current bindings.
  ///
  /// Inlined for the bit test, which nearly every step asks; the text memo stays out of line.
  /// `mutating` though it changes nothing: from a mutating caller, a non-mutating call loaded
  /// a copy of the whole runner first (a 232-byte `memcpy` per `$$$` step).
  @inline(__always)
  private mutating func hasFailed(_ suffix: Int, _ position: Int) -> Bool {
    let key = suffix * (view.count + 1) + position
    if byPosition { return failed.contains(key) }
    return hasFailedWithTexts(suffix, key)
  }

  private mutating func hasFailedWithTexts(_ suffix: Int, _ key: Int) -> Bool {
    failedWithTexts.contains(textKey(suffix, key))
  }

  /// Records that `suffix` fails at `position` with the current bindings (unless the budget
  /// ran out, when the failure proves nothing).
  private mutating func markFailed(_ suffix: Int, _ position: Int) {
    guard !exhausted else { return }
    let key = suffix * (view.count + 1) + position
    if byPosition {
      failed.insert(key)
    } else {
      failedWithTexts.insert(textKey(suffix, key))
    }
  }

  private func textKey(_ suffix: Int, _ key: Int) -> TextKey {
    TextKey(key: key, texts: suffixSlots[suffix].map { bindings[$0]?.text ?? -1 })
  }

  /// Per suffix id: whether it binds a slot and which slots it mentions; per slot: repeats.
  private static func analyse(_ pattern: Pattern) -> (binds: [Bool], slots: [[Int]], repeats: [Bool]) {
    var occurrences = [Int](repeating: 0, count: pattern.slotNames.count)
    // A group's inner sequence is always created after the sequence holding the group, so a
    // backwards pass sees every inner sequence before its parent.
    var sequenceSlots = [Set<Int>](repeating: [], count: pattern.sequences.count)
    func slots(_ element: Pattern.Element) -> Set<Int> {
      switch element {
      case .single(let slot), .run(.some(let slot)): return [slot]
      case .run(.none), .token, .literal: return []
      case .group(_, let inner): return sequenceSlots[inner]
      }
    }
    var perSequence = [[Set<Int>]](repeating: [], count: pattern.sequences.count)
    for sequence in pattern.sequences.indices.reversed() {
      let elements = pattern.sequences[sequence]
      var suffixes = [Set<Int>](repeating: [], count: elements.count + 1)
      for index in elements.indices.reversed() {
        suffixes[index] = slots(elements[index]).union(suffixes[index + 1])
        switch elements[index] {
        case .single(let slot), .run(.some(let slot)): occurrences[slot] += 1
        default: break
        }
      }
      sequenceSlots[sequence] = suffixes[0]
      perSequence[sequence] = suffixes
    }
    let flat = perSequence.flatMap { $0 }
    return (flat.map { !$0.isEmpty }, flat.map { $0.sorted() }, occurrences.map { $0 > 1 })
  }
}
