/// What `XcodeWorkspaceReader` read from one `*.xcworkspace/contents.xcworkspacedata`: the
/// projects and folders (local packages) it groups, as paths relative to the scanned root.
///
/// A workspace is what makes targets of different projects see each other: a target may link a
/// framework another project of the same workspace builds, and a package the workspace lists
/// is one its projects' package products resolve to first.
package struct XcodeWorkspace: Sendable, Hashable {
  /// The `contents.xcworkspacedata` path, relative to the scanned root.
  package var path: String
  /// `*.xcodeproj` folders it names, relative to the scanned root, in the file's order.
  package var projects: [String]
  /// Other folders it names (local packages, or plain folders), relative to the scanned root, in
  /// the file's order.
  package var folders: [String]
  /// What could not be read or was refused, as lines for people (`path: line 3: …`).
  package var warnings: [String]

  /// Creates a workspace.
  package init(path: String, projects: [String] = [], folders: [String] = [], warnings: [String] = []) {
    self.path = path
    self.projects = projects
    self.folders = folders
    self.warnings = warnings
  }

  /// The `project.pbxproj` paths of its projects.
  package var projectFiles: [String] { projects.map { $0 + "/project.pbxproj" } }
}
