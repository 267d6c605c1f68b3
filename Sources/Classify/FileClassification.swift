/// The result of classifying one file: candidate findings and the file's Combine facts.
///
/// Compact and `Sendable` (no token arrays), so thousands can be held until the global pass.
/// A class, not a struct: it is made once and then only read, by the tree facts and by each
/// index they build, and every `for file in files` over a struct copied its thirty-odd arrays
/// and strings one retain at a time (7% of a million-line scan went to those copies and their
/// releases).
package final class FileClassification: Sendable, Hashable {
  /// The path as given to `FileClassifier.classify` (relative to the scan root).
  package let path: String
  /// Candidate findings in source order.
  package let candidates: [CandidateFinding]
  /// What the file says about Combine for the global pass.
  package let facts: CombineFacts

  /// Creates a file result.
  package init(path: String, candidates: [CandidateFinding], facts: CombineFacts) {
    self.path = path
    self.candidates = candidates
    self.facts = facts
  }

  /// The same file with other candidates (a test rewording messages).
  package func replacing(candidates: [CandidateFinding]) -> FileClassification {
    FileClassification(path: path, candidates: candidates, facts: facts)
  }

  /// Equal when path, candidates and facts are: a value, though held by reference.
  package static func == (lhs: FileClassification, rhs: FileClassification) -> Bool {
    lhs === rhs || (lhs.path == rhs.path && lhs.candidates == rhs.candidates && lhs.facts == rhs.facts)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(candidates)
    hasher.combine(facts)
  }
}
