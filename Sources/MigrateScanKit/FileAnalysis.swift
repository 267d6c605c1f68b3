import Classify
import DependencyGraph

/// What one file contributes to a scan, with its tokens already dropped: candidate findings,
/// the facts the graph needs, and its suppressions. Small, so a million-line tree never holds
/// more than one file's tokens per worker.
///
/// A class, not a struct: an analysis is made once and then only read, but it travels through
/// several arrays (results, the tree, both sides of a check), and each copy of a struct retained
/// its twenty-odd arrays and strings one by one: 2–3% of a scan went to those retains.
package final class FileAnalysis: Sendable {
  package let path: String
  package let lines: Int
  package let bytes: Int
  package let classification: FileClassification
  package let facts: FileFacts
  /// The file's bytes when it is a package manifest or a project file (`project.pbxproj`,
  /// `.xcconfig`): read as text by the graph, never run.
  package let manifest: [UInt8]?
  /// True for a project file: its bytes are in `manifest`, and it is no Swift source.
  package var isProjectFile: Bool { manifest != nil && ProjectGraphBuilder.isProjectFile(path: path) }
  /// For a `project.pbxproj`: its text parsed on the worker thread that read it.
  package var projectPlist: Result<PropertyList, PBXProjectReader.Failure>? { parsedProject }
  private let parsedProject: Result<PropertyList, PBXProjectReader.Failure>?
  package let suppressions: [Suppressions.Entry]
  package let suppressionProblems: [(line: Int, message: String)]

  package init(
    path: String, lines: Int, bytes: Int, classification: FileClassification, facts: FileFacts, manifest: [UInt8]?,
    suppressions: [Suppressions.Entry], suppressionProblems: [(line: Int, message: String)],
    projectPlist: Result<PropertyList, PBXProjectReader.Failure>? = nil
  ) {
    self.parsedProject = projectPlist
    self.path = path
    self.lines = lines
    self.bytes = bytes
    self.classification = classification
    self.facts = facts
    self.manifest = manifest
    self.suppressions = suppressions
    self.suppressionProblems = suppressionProblems
  }
}
