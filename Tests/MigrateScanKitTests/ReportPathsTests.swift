import Foundation
import MigrateScanKit
import Testing

/// One path convention (issue 20, item 1): paths relative to the repository root inside a work
/// tree, else to the scanned folder; xcode and `check` lines absolute; SARIF's `%SRCROOT%` is
/// that root; fingerprints do not move with it. Scanned from a monorepo's `ios/`, from the
/// repository root and from outside any repository. The repository is only a `.git` entry:
/// finding the root never runs git.
@Suite struct ReportPathsTests {
  static let source = "import Combine\n\nfinal class Feed {\n  let items = PassthroughSubject<Int, Never>()\n}\n"

  /// `base/mono/.git` (a folder, or a worktree's `.git` file) with `ios/Feed.swift`, and the same
  /// `ios/` copied to `base/outside/ios` with no repository above it.
  struct Layout {
    let base: String
    var mono: String { base + "/mono" }
    var ios: String { mono + "/ios" }
    var outside: String { base + "/outside/ios" }

    init(gitFile: Bool = false) throws {
      let made = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
      base = RealPath.resolve(made)!
      for folder in [ios, outside] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(ReportPathsTests.source.utf8).write(to: URL(fileURLWithPath: folder + "/Feed.swift"))
      }
      if gitFile {
        try Data("gitdir: /elsewhere/.git/worktrees/mono\n".utf8).write(to: URL(fileURLWithPath: mono + "/.git"))
      } else {
        try FileManager.default.createDirectory(atPath: mono + "/.git", withIntermediateDirectories: true)
      }
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }
  }

  static func run(_ root: String, _ format: String) -> String {
    CLIRun([root, "--format", format, "--quiet"]).stdout
  }

  @Test(arguments: [false, true])
  func fromAMonorepoSubfolderPathsAreRepositoryRelative(gitFile: Bool) throws {
    let layout = try Layout(gitFile: gitFile)
    defer { layout.remove() }
    #expect(Self.run(layout.ios, "github").contains("file=ios/Feed.swift,line=4"))
    #expect(Self.run(layout.ios, "xcode") == "\(layout.ios)/Feed.swift:4:3: note: Combine subject [subject]\n")
    let sarif = Self.run(layout.ios, "sarif")
    #expect(sarif.contains(#""uri": "file://\#(layout.mono)/""#), "%SRCROOT% is the repository root")
    #expect(sarif.contains(#""uri": "ios/Feed.swift""#))
  }

  /// A scan of one file names it by its own name: its paths are relative to the folder holding
  /// it, so each line names the file once (not `ios/Feed.swift/Feed.swift`).
  @Test func aScannedFileIsNamedOnce() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let file = layout.ios + "/Feed.swift"
    #expect(Self.run(file, "xcode") == "\(file):4:3: note: Combine subject [subject]\n")
    #expect(Self.run(file, "github").contains("file=ios/Feed.swift,line=4"))
    let sarif = Self.run(file, "sarif")
    #expect(sarif.contains(#""uri": "ios/Feed.swift""#))
    #expect(ReportPaths.absolute("Feed.swift", root: file) == file)
  }

  @Test func fromTheRepositoryRootPathsAreTheSame() throws {
    let layout = try Layout()
    defer { layout.remove() }
    #expect(Self.run(layout.mono, "github").contains("file=ios/Feed.swift,line=4"))
    #expect(Self.run(layout.mono, "xcode") == "\(layout.ios)/Feed.swift:4:3: note: Combine subject [subject]\n")
    let sarif = Self.run(layout.mono, "sarif")
    #expect(sarif.contains(#""uri": "file://\#(layout.mono)/""#))
    #expect(sarif.contains(#""uri": "ios/Feed.swift""#))
  }

  @Test func outsideAnyRepositoryPathsAreRelativeToTheScannedFolder() throws {
    let layout = try Layout()
    defer { layout.remove() }
    #expect(Self.run(layout.outside, "github").contains("file=Feed.swift,line=4"))
    #expect(Self.run(layout.outside, "xcode") == "\(layout.outside)/Feed.swift:4:3: note: Combine subject [subject]\n")
    let sarif = Self.run(layout.outside, "sarif")
    #expect(sarif.contains(#""uri": "file://\#(layout.outside)/""#))
    #expect(sarif.contains(#""uri": "Feed.swift""#))
  }

  /// Baselines and SARIF alert matching hold fingerprints: the same folder scanned inside a
  /// repository or outside one (or from another directory) gives the same ones.
  @Test func fingerprintsDoNotMoveWithTheRepositoryRoot() throws {
    let layout = try Layout()
    defer { layout.remove() }
    func fingerprints(_ root: String) -> [Substring] {
      Self.run(root, "json").split(separator: "\n").filter { $0.contains(#""fingerprint": "#) }
    }
    let inside = fingerprints(layout.ios)
    #expect(!inside.isEmpty)
    #expect(inside == fingerprints(layout.outside))
    #expect(Self.run(layout.ios, "json").contains(#""file": "Feed.swift""#), "JSON paths stay folder-relative")
  }

  @Test func checkLinesAreAbsoluteLikeXcodeLines() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let run = CLIRun(["check", layout.ios, "--fail-on", "note", "--quiet"])
    #expect(run.status == .policyFailure)
    #expect(run.stdout.hasPrefix("\(layout.ios)/Feed.swift:4:3: error: Combine subject [subject]"))
  }
}
