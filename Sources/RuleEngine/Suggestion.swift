/// "Did you mean …?" for misspelt keys, ids and names.
package enum Suggestion {
  /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
  ///
  /// Close enough means at most a third of the word's length, but at least 2 edits: `severty`
  /// suggests `severity`, `rulez` suggests `rules`, while `foo` suggests nothing in a list of
  /// rule keys. A word that starts a candidate (`warn`) counts as one edit away. Ties go to the candidate that sorts first, so the suggestion is stable.
  package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates.sorted() {
      // A prefix of three or more characters is an abbreviation (`warn` for `warning`), which
      // edit distance alone would rank too far away.
      let distance = word.count >= 3 && candidate.hasPrefix(word) ? 1 : editDistance(word, candidate)
      guard distance <= limit, distance < max(word.count, candidate.count) else { continue }
      if let current = best, current.distance <= distance { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }

  /// Levenshtein distance over Unicode scalars (insert, delete, substitute each cost 1).
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
