import Foundation
import MigrateScanKit
import Testing

/// A hostile repository gets git to run nothing, and a hostile `--since` value never reaches git
/// as an option (issue 19, holes 1 and 6).
@Suite struct GitSafetyTests {
  /// A repository whose `.gitattributes`, `core.attributesFile`, `.git/config` and an included
  /// config file name marker-writing programs for every hook git has: filter drivers (`clean`,
  /// `smudge`, `process`), textconv, an external diff and an fsmonitor hook.
  struct HostileRepository {
    let repository: TemporaryRepository
    let markers: URL

    init() throws {
      repository = try TemporaryRepository()
      markers = URL(fileURLWithPath: repository.path + "-markers")
      try FileManager.default.createDirectory(at: markers, withIntermediateDirectories: true)
      let script = markers.appendingPathComponent("hook.sh")
      // Writes a marker named after its first argument, then passes its input through (a
      // working `clean` filter), so git would not stop at a failing driver.
      try Data("#!/bin/sh\ntouch \"\(markers.path)/ran-$1\"\ncat\n".utf8).write(to: script)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
      let hook = script.path
      // One file per way of naming a driver, since the attribute sources override each other.
      try repository.write(
        ".gitattributes", "Sources/A.swift filter=evil diff=evil\nSources/B.swift filter=proc diff=evil\n")
      let attributes = markers.appendingPathComponent("attributes")
      try Data("Sources/D.swift filter=global\n".utf8).write(to: attributes)
      let included = markers.appendingPathComponent("included.config")
      try Data("[filter \"included\"]\n\tclean = \(hook) included-clean\n".utf8).write(to: included)
      try repository.write(".git/info/attributes", "Sources/C.swift filter=included\n")
      let settings = [
        ("filter.evil.clean", "\(hook) clean"), ("filter.evil.smudge", "\(hook) smudge"),
        ("filter.proc.process", "\(hook) process"), ("filter.global.clean", "\(hook) global-clean"),
        ("diff.evil.textconv", "\(hook) textconv"), ("diff.external", "\(hook) external-diff"),
        ("core.fsmonitor", "\(hook) fsmonitor"), ("core.attributesFile", attributes.path),
        ("include.path", included.path), ("core.pager", "\(hook) pager"),
      ]
      for (key, value) in settings { try repository.git("config", key, value) }
    }

    /// The markers written so far.
    var ran: [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: markers.path))?.filter { $0.hasPrefix("ran-") } ?? []
    }

    func clearMarkers() {
      for name in ran { try? FileManager.default.removeItem(at: markers.appendingPathComponent(name)) }
    }

    func remove() {
      repository.remove()
      try? FileManager.default.removeItem(at: markers)
    }
  }

  /// The test's own git calls (commit, add) do run the filters; only migrate-scan's must not.
  @Test func noFilterDriverOrHookRunsForSinceStagedOrPlainChecks() throws {
    let hostile = try HostileRepository()
    defer { hostile.remove() }
    let repository = hostile.repository
    try repository.write("Sources/A.swift", GateTests.service(""))
    try repository.write("Sources/B.swift", "let b = 1\n")
    try repository.write("Sources/D.swift", "let d = 1\n")
    try repository.commitAll()
    try repository.git("branch", "base")
    try repository.write("Sources/A.swift", GateTests.service(GateTests.wrapper))
    try repository.write("Sources/C.swift", "let c = 1\n")
    try repository.commitAll()
    // Work-tree edits on top: one staged, one not, and a file touched without a change so its
    // stat no longer matches the index (git would re-read it through the clean filter).
    try repository.write("Sources/B.swift", "let b = 2\n")
    try repository.git("add", "Sources/B.swift")
    try repository.write("Sources/C.swift", "let c = 2\n")
    for touched in ["A", "D"] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: repository.path + "/Sources/\(touched).swift"
      )
    }
    // The set-up is live: the test's own `git add` and `git commit` ran every filter.
    #expect(
      Set(["ran-clean", "ran-process", "ran-included-clean", "ran-global-clean"]).isSubset(of: hostile.ran),
      "\(hostile.ran)")
    hostile.clearMarkers()

    let since = CLIRun(["check", "--since", "base", "--quiet", repository.path])
    #expect(since.status == .policyFailure, "the committed wrapper is new since base: \(since.stderr)")
    #expect(hostile.ran.isEmpty, "git ran \(hostile.ran) for --since")
    let staged = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(staged.status == .success, "\(staged.stderr)")
    #expect(hostile.ran.isEmpty, "git ran \(hostile.ran) for --staged")
    let plain = CLIRun(["check", "--quiet", repository.path])
    #expect(plain.status == .policyFailure)
    let scan = CLIRun([repository.path, "--quiet", "--format", "json"])
    #expect(scan.status == .success)
    #expect(hostile.ran.isEmpty, "git ran \(hostile.ran) for a plain check or scan")
  }

  /// `--since` sees the work tree as migrate-scan reads it: an unstaged wrapper on top of the
  /// last commit counts, and an untouched file whose stat changed does not.
  @Test func sinceComparesTheWorkTreeReadFromDisk() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/A.swift", GateTests.service(""))
    try repository.write("Sources/B.swift", GateTests.service(GateTests.wrapper))
    try repository.commitAll()
    let unchanged = CLIRun(["check", "--since", "HEAD", "--quiet", repository.path])
    #expect(unchanged.status == .success, "\(unchanged.stdout)\(unchanged.stderr)")
    try repository.write("Sources/A.swift", GateTests.service(GateTests.wrapper))
    let edited = CLIRun(["check", "--since", "HEAD", "--quiet", repository.path])
    #expect(edited.status == .policyFailure)
    #expect(edited.stdout.contains("Sources/A.swift:"))
    #expect(!edited.stdout.contains("Sources/B.swift:"))
  }

  /// A wrapper moved by a rename that is staged but not committed is the same wrapper, as it
  /// was when git compared the work tree itself.
  @Test func sinceFollowsARenameStagedOnTopOfHead() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Old.swift", GateTests.service(GateTests.wrapper))
    try repository.commitAll()
    try repository.git("branch", "base")
    try repository.write("Sources/Other.swift", "let other = 1\n")
    try repository.commitAll()
    try repository.git("mv", "Sources/Old.swift", "Sources/New.swift")
    let run = CLIRun(["check", "--since", "base", repository.path])
    #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
  }

  /// A SHA-256 repository: blob ids are not SHA-1, so the work tree is compared with fetched
  /// blobs instead (`GitBlobID` is for SHA-1 only).
  @Test func sinceInASHA256Repository() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try FileManager.default.removeItem(atPath: repository.path + "/.git")
    try repository.git("init", "-q", "-b", "main", "--object-format=sha256")
    try repository.git("config", "user.email", "test@example.invalid")
    try repository.git("config", "user.name", "Test")
    try repository.write("Sources/A.swift", GateTests.service(""))
    try repository.write("Sources/B.swift", GateTests.service(GateTests.wrapper))
    try repository.commitAll()
    #expect(CLIRun(["check", "--since", "HEAD", "--quiet", repository.path]).status == .success)
    try repository.write("Sources/A.swift", GateTests.service(GateTests.wrapper))
    let edited = CLIRun(["check", "--since", "HEAD", "--quiet", repository.path])
    #expect(edited.status == .policyFailure, "\(edited.stderr)")
    #expect(edited.stdout.contains("Sources/A.swift:") && !edited.stdout.contains("Sources/B.swift:"))
  }

  /// Before the first commit, everything staged is new; `--since` has nothing to compare with.
  @Test func aRepositoryWithoutCommits() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/A.swift", GateTests.service(GateTests.wrapper))
    try repository.stageAll()
    let staged = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(staged.status == .policyFailure, "\(staged.stderr)")
    #expect(staged.stdout.contains("Sources/A.swift:"))
    let since = CLIRun(["check", "--since", "main", repository.path])
    #expect(since.status == .runtimeError)
    #expect(since.stderr.contains("bad revision 'main'"), "\(since.stderr)")
  }

  @Test(arguments: ["--output=diff.txt", "--cached", "-R", "--no-index", "-"])
  func optionShapedSinceIsAUsageErrorAndWritesNothing(value: String) throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("A.swift", "let a = 1\n")
    try repository.commitAll()
    for arguments in [["check", "--since", value, repository.path], ["check", "--since=\(value)", repository.path]] {
      let run = CLIRun(arguments)
      #expect(run.status == .usage, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("invalid value '\(value)' for '--since'"), "\(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: repository.path + "/diff.txt"))
    #expect(!FileManager.default.fileExists(atPath: "diff.txt"))
  }

  /// Below the command line too: a revision is resolved to an object id before any other git
  /// command sees it, and one that looks like an option is a bad revision, not an option.
  @Test(arguments: ["--output=diff.txt", "--cached", "-R", "HEAD --output=x", "HEAD\n--cached"])
  func optionShapedRevisionsAreBadRevisions(value: String) throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("A.swift", "let a = 1\n")
    try repository.commitAll()
    let git = try GitRepository(containing: repository.path)
    #expect(throws: CLIError.self) { try git.commit(named: value) }
    #expect(throws: CLIError.self) { try git.change(since: value) }
    #expect(!FileManager.default.fileExists(atPath: repository.path + "/diff.txt"))
    #expect(!FileManager.default.fileExists(atPath: repository.path + "/x"))
    let head = try git.commit(named: "HEAD")
    #expect(head.count >= 40 && head.allSatisfy(\.isHexDigit))
  }
}

/// The `git` that runs is never one from the scanned tree, even when `PATH` holds `.` or an empty
/// entry (both name the current directory, which CI often sets to the checkout).
@Suite struct GitExecutableTests {
  @Test func aGitScriptInTheTreeNeverRunsThroughARelativePathEntry() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/A.swift", GateTests.service(""))
    try repository.commitAll()
    try repository.write("Sources/A.swift", GateTests.service(GateTests.wrapper))
    try repository.stageAll()
    let marker = repository.path + "/ran-fake-git"
    for folder in ["", "bin"] {
      let script = repository.path + (folder.isEmpty ? "" : "/\(folder)") + "/git"
      try repository.write(
        String(script.dropFirst(repository.path.count + 1)), "#!/bin/sh\ntouch '\(marker)'\nexit 1\n")
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    }
    try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.path), "build the package first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltBinary.path)
    process.arguments = ["check", "--staged", "--quiet", "."]
    process.currentDirectoryURL = URL(fileURLWithPath: repository.path)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = "::.:bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(!FileManager.default.fileExists(atPath: marker), "the tree's git ran")
    #expect(process.terminationStatus == 1, "the real git answered: the staged wrapper fails")
  }
}
