/// The result of classifying one file: candidate findings and the file's Combine facts.
///
/// Compact and `Sendable` (no token arrays), so thousands can be held until the global pass.
package struct FileClassification: Sendable, Hashable {
  /// The path as given to `FileClassifier.classify` (relative to the scan root).
  package var path: String
  /// Candidate findings in source order.
  package var candidates: [CandidateFinding]
  /// What the file says about Combine for the global pass.
  package var facts: CombineFacts

  /// Creates a file result.
  package init(path: String, candidates: [CandidateFinding], facts: CombineFacts) {
    self.path = path
    self.candidates = candidates
    self.facts = facts
  }
}
