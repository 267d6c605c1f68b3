import Classify
import DependencyGraph

/// What one file contributes to a scan, with its tokens already dropped: candidate findings,
/// the facts the graph needs, and its suppressions. Small, so a million-line tree never holds
/// more than one file's tokens per worker.
package struct FileAnalysis: Sendable {
  package var path: String
  package var lines: Int
  package var bytes: Int
  package var classification: FileClassification
  package var facts: FileFacts
  /// The file's bytes when it is a package manifest (read as text by the graph, never run).
  package var manifest: [UInt8]?
  package var suppressions: [Suppressions.Entry]
  package var suppressionProblems: [(line: Int, message: String)]
}
