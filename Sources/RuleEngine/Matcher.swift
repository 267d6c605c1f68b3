import SwiftLexer

/// Runs every pattern rule of a catalogue over a file in one pass over its tokens.
///
/// Built once per catalogue and shared by all files (it is immutable and `Sendable`). For each
/// file:
/// 1. One pass over the significant tokens hashes each token's bytes and looks them up in one
///    table built at init (`KeyTable`): a text that **anchors** patterns (first literal token of
///    each pattern → the patterns it starts) gives candidate positions; a **required word**
///    records that the file contains it.
///    When no pattern a rule can match through alone (a *base* pattern, not one that only
///    filters through a relation) has both an anchor and all its required words, the file has
///    no match and the rest is skipped; most files end here.
/// 2. A pattern whose required words are not all present is skipped (a file without `Task`
///    cannot match `Future { $$$ Task { $$$ } $$$ }`); the others run `PatternRunner` at their
///    candidates only.
/// 3. `any`, `all` and the relations combine the pattern matches of each rule.
///
/// Detector rules are skipped: Classify runs them. The matcher never throws; odd source only
/// means fewer matches.
package struct Matcher: Sendable {
  /// A rule's matcher with patterns replaced by indices into `patterns`.
  private indirect enum Node: Sendable {
    case pattern(Int)
    case any([Node])
    case all([Node])
    case related(Node, [(kind: MatcherSpec.RelationKind, node: Node)])
  }

  private let rules: [CompiledRule]
  private let roots: [Node?]
  private let patterns: [Pattern]
  /// Anchor and required-word texts: what a token's bytes mean to the matcher.
  private let keys: KeyTable
  /// Per pattern, the word ids it requires.
  private let requiredWords: [[Int]]
  private let wordCount: Int
  /// Per pattern, whether a rule can match through it alone: it is reached from a rule's root
  /// other than through a relation (`not-has: { $$$ }` only filters the base's matches).
  private let isBase: [Bool]
  /// Per rule, whether it has `include` or `exclude` globs. Asked before the rule itself:
  /// reading `rules[index]` copied the whole rule (some nine retains of arrays every thread
  /// shares) for each rule of each file.
  private let isScoped: [Bool]
  /// Per rule, its id: the sort of a file's matches compared ids through copies of the rules.
  private let ids: [String]

  /// Indexes the pattern rules among `rules`; `Match.ruleIndex` refers to this array.
  package init(rules: [CompiledRule]) {
    var patterns: [Pattern] = []
    func node(_ matcher: CompiledMatcher) -> Node {
      var result: Node
      switch matcher.core {
      case .pattern(let pattern):
        patterns.append(pattern)
        result = .pattern(patterns.count - 1)
      case .any(let matchers): result = .any(matchers.map(node))
      case .all(let matchers): result = .all(matchers.map(node))
      }
      if !matcher.relations.isEmpty {
        result = .related(result, matcher.relations.map { (kind: $0.kind, node: node($0.matcher)) })
      }
      return result
    }
    var roots: [Node?] = []
    for rule in rules {
      if case .matcher(let matcher) = rule.implementation { roots.append(node(matcher)) } else { roots.append(nil) }
    }

    var keys = KeyTable.Builder()
    var wordIDs: [[UInt8]: Int] = [:]
    var required: [[Int]] = []
    for (index, pattern) in patterns.enumerated() {
      keys.addAnchor(pattern.anchorBytes, pattern: index)
      var ids: [Int] = []
      for word in pattern.requiredWords {
        let id: Int
        if let known = wordIDs[word] {
          id = known
        } else {
          id = wordIDs.count
          wordIDs[word] = id
          keys.addWord(word, id: id)
        }
        ids.append(id)
      }
      required.append(ids)
    }
    self.rules = rules
    self.roots = roots
    self.patterns = patterns
    self.keys = keys.build()
    self.requiredWords = required
    self.wordCount = wordIDs.count
    var isBase = [Bool](repeating: false, count: patterns.count)
    func markBase(_ node: Node) {
      switch node {
      case .pattern(let index): isBase[index] = true
      case .any(let nodes), .all(let nodes): nodes.forEach(markBase)
      case .related(let base, _): markBase(base)
      }
    }
    for root in roots { if let root { markBase(root) } }
    self.isBase = isBase
    self.isScoped = rules.map(\.isScoped)
    self.ids = rules.map(\.id)
  }

  /// Indexes the pattern rules of `catalog`; `Match.ruleIndex` refers to `catalog.rules`.
  package init(catalog: RuleCatalog) {
    self.init(rules: catalog.rules)
  }

  /// Every match of every pattern rule in `stream`, sorted by start byte, then rule id, then end.
  ///
  /// - Parameters:
  ///   - stream: the lexed file.
  ///   - path: the file's path relative to the scan root; when given, rules whose `paths` do
  ///     not apply to it are skipped.
  package func matches(in stream: TokenStream, path: String? = nil) -> [Match] {
    var active: [Int] = []
    for index in roots.indices where roots[index] != nil {
      if isScoped[index], let path, !rules[index].applies(toPath: path) { continue }
      active.append(index)
    }
    guard !active.isEmpty, !stream.kinds.isEmpty else { return [] }

    // 1. One pass over the tokens: every token that spells a key, in order.
    var hits: [(position: Int32, entry: Int32)] = []
    // Raw buffers: an `ArraySlice` of the source per token cost a retain and a release each.
    stream.source.withUnsafeBufferPointer { source in
      stream.starts.withUnsafeBufferPointer { starts in
        stream.lengths.withUnsafeBufferPointer { lengths in
          let backtick = UInt8(ascii: "`")
          for position in 0..<starts.count {
            var start = Int(starts[position])
            var length = lengths[position] != 0xFF ? Int(lengths[position]) : stream.length(position)
            if length >= 2 && source[start] == backtick && source[start &+ length &- 1] == backtick {
              start &+= 1
              length &-= 2
            }
            guard let number = keys.entryNumber(source, start: start, length: length) else { continue }
            hits.append((Int32(truncatingIfNeeded: position), Int32(truncatingIfNeeded: number)))
          }
        }
      }
    }
    // Nothing can match unless some base pattern has an anchor and all its required words
    // (counting tokens inside string literals too, so this only ever over-approximates). Most
    // files fail this test, and skip the literal structure and everything after.
    var mayRun = [Bool](repeating: false, count: patterns.count)
    var mayPresent = [Bool](repeating: false, count: wordCount)
    for hit in hits {
      let number = Int(hit.entry)
      let word = keys.word(number)
      if word >= 0 { mayPresent[word] = true }
      for pattern in keys.patterns(number) where isBase[pattern] { mayRun[pattern] = true }
    }
    guard mayRun.indices.contains(where: { mayRun[$0] && requiredWords[$0].allSatisfy { mayPresent[$0] } }) else {
      return []
    }

    // Now the tokens inside string literals are known: only a literal's first piece counts.
    let view = SourceView(stream)
    var candidates = [[Int]](repeating: [], count: patterns.count)
    var present = [Bool](repeating: false, count: wordCount)
    for hit in hits {
      let position = Int(hit.position)
      if view.literals.isPiece[position] && view.literals.partner[position] <= hit.position { continue }
      let number = Int(hit.entry)
      let word = keys.word(number)
      if word >= 0 { present[word] = true }
      for pattern in keys.patterns(number) { candidates[pattern].append(position) }
    }

    // 2. Patterns reachable from active rules, each run once (`run(_:_:)`).
    var state = FileState(
      view: view, candidates: candidates, present: present,
      patternMatches: [[PatternRunner.RawMatch]?](repeating: nil, count: patterns.count))

    // 3. Combine per rule.
    var results: [Match] = []
    for ruleIndex in active {
      guard let root = roots[ruleIndex] else { continue }
      for found in evaluate(root, &state) {
        results.append(
          Match(
            ruleIndex: ruleIndex, start: found.start, end: found.end - 1,
            bytes: view.byteRange(found.start..<found.end),
            bindings: found.bindings.map { binding in
              Match.Binding(name: binding.name, positions: binding.positions, bytes: view.byteRange(binding.positions))
            }))
      }
    }
    results.sort { [ids] lhs, rhs in
      if lhs.bytes.lowerBound != rhs.bytes.lowerBound { return lhs.bytes.lowerBound < rhs.bytes.lowerBound }
      if lhs.ruleIndex != rhs.ruleIndex { return ids[lhs.ruleIndex] < ids[rhs.ruleIndex] }
      return lhs.end < rhs.end
    }
    return results
  }

  // MARK: - Combining matches

  /// A match while rules are combined: half-open positions and named bindings.
  private struct Found {
    var start: Int
    var end: Int
    var bindings: [(name: String, positions: Range<Int>)]
  }

  /// One file's pattern state while its rules are combined.
  ///
  /// Passed `inout` rather than captured by a local `run` closure: the optimiser specialised
  /// `evaluate` on that closure's captures and copied the matcher and the view (some twenty
  /// retains and releases) on every call, once per active rule per file.
  private struct FileState {
    let view: SourceView
    let candidates: [[Int]]
    let present: [Bool]
    /// Per pattern, its matches once run.
    var patternMatches: [[PatternRunner.RawMatch]?]
  }

  /// The matches of pattern `index` in the file, sorted by range; each pattern runs once.
  private func run(_ index: Int, _ state: inout FileState) -> [PatternRunner.RawMatch] {
    if let done = state.patternMatches[index] { return done }
    var found: [PatternRunner.RawMatch] = []
    if !state.candidates[index].isEmpty && requiredWords[index].allSatisfy({ state.present[$0] }) {
      var runner = PatternRunner(pattern: patterns[index], view: state.view)
      for anchor in state.candidates[index] {
        if let match = runner.match(anchor: anchor) { found.append(match) }
      }
    }
    found.sort { ($0.start, $0.end) < ($1.start, $1.end) }
    state.patternMatches[index] = found
    return found
  }

  private func evaluate(_ node: Node, _ state: inout FileState) -> [Found] {
    switch node {
    case .pattern(let index):
      let names = patterns[index].slotNames
      return run(index, &state).map { raw in
        let bindings = zip(names, raw.bindings).map { (name: $0, positions: $1) }.sorted { $0.name < $1.name }
        return Found(start: raw.start, end: raw.end, bindings: bindings)
      }
    case .any(let nodes):
      // Union; a range two alternatives both match is reported once, with the first's bindings.
      // Sorting by (range, order found) puts the first of each range ahead of its repeats, so
      // no set of ranges is needed (it hashed, and allocated, a key per match).
      var tagged: [(found: Found, order: Int)] = []
      for child in nodes {
        for found in evaluate(child, &state) { tagged.append((found, tagged.count)) }
      }
      tagged.sort { ($0.found.start, $0.found.end, $0.order) < ($1.found.start, $1.found.end, $1.order) }
      var union: [Found] = []
      union.reserveCapacity(tagged.count)
      for entry in tagged {
        if let last = union.last, last.start == entry.found.start, last.end == entry.found.end { continue }
        union.append(entry.found)
      }
      return union
    case .all(let nodes):
      // The ranges every child matches, exactly; bindings of all children (first one wins a name).
      guard let first = nodes.first else { return [] }
      var result = evaluate(first, &state)
      // Nothing left to intersect: the other children need not run at all.
      for child in nodes.dropFirst() where !result.isEmpty {
        // Every `evaluate` result is sorted by range, so the first match of a range is found by
        // binary search (the lower bound), where a dictionary keyed by range used to be built.
        let others = evaluate(child, &state)
        result = result.compactMap { found in
          let lower = others.partitionPoint { ($0.start, $0.end) >= (found.start, found.end) }
          guard lower < others.count, others[lower].start == found.start, others[lower].end == found.end else {
            return nil
          }
          let other = others[lower]
          var merged = found
          for binding in other.bindings where !merged.bindings.contains(where: { $0.name == binding.name }) {
            merged.bindings.append(binding)
          }
          merged.bindings.sort { $0.name < $1.name }
          return merged
        }
      }
      return result
    case .related(let base, let relations):
      var result = evaluate(base, &state)
      // A relation only filters: with nothing to filter it is not run. `not-has: { $$$ }`
      // would otherwise match at every brace of every file, though few files have a base match.
      for relation in relations where !result.isEmpty {
        let others = evaluate(relation.node, &state)
        var reach: [Int] = []
        if relation.kind == .inside || relation.kind == .notInside {
          reach.reserveCapacity(others.count)
          for other in others { reach.append(max(reach.last ?? 0, other.end)) }
        }
        result = result.filter { found in
          switch relation.kind {
          case .inside: return Self.isInside(found, others, reach: reach)
          case .notInside: return !Self.isInside(found, others, reach: reach)
          case .has: return Self.has(found, others)
          case .notHas: return !Self.has(found, others)
          }
        }
      }
      return result
    }
  }

  /// True when some match in `others` (sorted by start) strictly encloses `found`: it contains
  /// the range and is not the same range. Strict, as ast-grep's `inside` means an ancestor.
  ///
  /// `reach[i]` is the furthest end among `others[...i]`: when even that falls short, nothing
  /// encloses `found` and the backwards scan is skipped, so `not-inside` stays cheap when most
  /// matches are not inside anything.
  private static func isInside(_ found: Found, _ others: [Found], reach: [Int]) -> Bool {
    // Only matches starting at or before `found` can enclose it.
    var upper = others.partitionPoint { $0.start > found.start }
    guard upper > 0, reach[upper - 1] >= found.end else { return false }
    while upper > 0 {
      upper -= 1
      let other = others[upper]
      if other.end >= found.end && (other.start != found.start || other.end != found.end) { return true }
    }
    return false
  }

  /// True when some match in `others` (sorted by start) lies within `found`, at any depth, and
  /// is not the same range.
  private static func has(_ found: Found, _ others: [Found]) -> Bool {
    var index = others.partitionPoint { $0.start >= found.start }
    while index < others.count && others[index].start < found.end {
      let other = others[index]
      if other.end <= found.end && (other.start != found.start || other.end != found.end) { return true }
      index += 1
    }
    return false
  }

}

/// An open-addressed table from token texts to the anchors and required words they spell.
///
/// Every significant token of every file is looked up here, and almost none is a key. A
/// `Dictionary` keyed by a hash of the bytes hashed each token twice (ours, then its own
/// seeded hash of that); here one FNV-1a hash picks a slot in a table kept at most a quarter
/// full, so a miss usually costs one load and one compare. Before that, a bit per (first byte,
/// length) of the keys rejects most tokens without hashing them at all: `self`, `let` and the
/// other common words share a first byte with some key, but rarely its length too.
private struct KeyTable: Sendable {
  struct Entry: Sendable {
    var hash: UInt64
    var bytes: [UInt8]
    /// The required-word id, or -1 when the text is only an anchor.
    var word: Int
    /// The patterns anchored on this text, in pattern order.
    var patterns: [Int]
  }

  /// Collects keys; one entry per distinct text.
  struct Builder {
    private var entries: [Entry] = []
    private var index: [[UInt8]: Int] = [:]

    mutating func addAnchor(_ bytes: [UInt8], pattern: Int) {
      entries[slot(for: bytes)].patterns.append(pattern)
    }

    mutating func addWord(_ bytes: [UInt8], id: Int) {
      entries[slot(for: bytes)].word = id
    }

    private mutating func slot(for bytes: [UInt8]) -> Int {
      if let known = index[bytes] { return known }
      let hash = bytes.withUnsafeBufferPointer { KeyTable.hash($0, start: 0, length: $0.count) }
      entries.append(Entry(hash: hash, bytes: bytes, word: -1, patterns: []))
      index[bytes] = entries.count - 1
      return entries.count - 1
    }

    func build() -> KeyTable {
      var size = 16
      while size < entries.count * 4 { size *= 2 }
      var slots = [Int32](repeating: -1, count: size)
      var shapes = [UInt64](repeating: 0, count: 256)
      for (number, entry) in entries.enumerated() {
        var slot = Int(truncatingIfNeeded: entry.hash) & (size - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
        slots[slot] = Int32(number)
        shapes[Int(entry.bytes.first ?? 0)] |= 1 &<< UInt64(min(entry.bytes.count, 63))
      }
      return KeyTable(entries: entries, slots: slots, mask: size - 1, shapes: shapes)
    }
  }

  private let entries: [Entry]
  private let slots: [Int32]
  private let mask: Int
  /// For each first byte, bit `min(length, 63)` is set when some key has that first byte and
  /// length (an empty key counts as first byte 0).
  private let shapes: [UInt64]

  /// The number of the entry whose text is `source[start..<start + length]`, if any.
  @inline(__always)
  func entryNumber(_ source: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Int? {
    let first = length > 0 ? source[start] : 0
    guard shapes[Int(first)] &>> UInt64(min(length, 63)) & 1 != 0 else { return nil }
    let hash = Self.hash(source, start: start, length: length)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let number = Int(slots[slot])
      if number < 0 { return nil }
      if entries[number].hash == hash && Self.equal(source, start: start, length: length, entries[number].bytes) {
        return number
      }
      slot = (slot + 1) & mask
    }
  }

  /// The required-word id of entry `number`, or -1.
  func word(_ number: Int) -> Int { entries[number].word }

  /// The patterns anchored on the text of entry `number`.
  func patterns(_ number: Int) -> [Int] { entries[number].patterns }

  private static func equal(_ source: UnsafeBufferPointer<UInt8>, start: Int, length: Int, _ key: [UInt8]) -> Bool {
    guard key.count == length else { return false }
    for offset in 0..<length where source[start &+ offset] != key[offset] { return false }
    return true
  }

  /// FNV-1a over the bytes, so no `String` or `Array` is made per token.
  static func hash(_ source: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for offset in 0..<length {
      hash ^= UInt64(source[start &+ offset])
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, for a predicate that is false then
  /// true along the array (binary search).
  fileprivate func partitionPoint(_ predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if predicate(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
