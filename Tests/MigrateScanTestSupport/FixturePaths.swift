import Foundation

/// Where the package's `Fixtures/` folder is, found from this file's path (SwiftPM resources
/// cannot reach a top-level folder).
package enum FixturePaths {
  /// The package root: two levels above `Tests/MigrateScanTestSupport/`.
  package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Fixtures/` at the package root.
  package static let fixtures: URL = packageRoot.appendingPathComponent("Fixtures")

  /// A path below `Fixtures/`.
  package static func fixture(_ relativePath: String) -> URL {
    fixtures.appendingPathComponent(relativePath)
  }

  /// The files below `folder` (recursively) whose name ends with `suffix`, sorted by path.
  package static func files(under folder: URL, suffix: String) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return []
    }
    var result: [URL] = []
    for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(suffix) {
      result.append(url)
    }
    return result.sorted { $0.path < $1.path }
  }
}
