import Foundation
import MigrateScanKit
import Testing

/// `check --since REV` compares with the merge base of `REV` and `HEAD`, the way a pull request's
/// diff does (issue 18, item 3).
@Suite struct MergeBaseTests {
  /// main migrates a wrapper away after the branch was cut; the branch adds nothing. Compared
  /// with main's tip, the branch's copy of the wrapper would look new.
  @Test func branchBehindMainWithNothingNewPasses() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", GateTests.service(GateTests.wrapper))
    try repository.commitAll("with the wrapper")
    try repository.git("checkout", "-q", "-b", "feature")
    try repository.write("Sources/Other.swift", "let other = 1\n")
    try repository.commitAll("unrelated work")
    try repository.git("checkout", "-q", "main")
    try repository.write("Sources/Service.swift", GateTests.service(""))
    try repository.commitAll("migrated away")
    try repository.git("checkout", "-q", "feature")

    let run = CLIRun(["check", "--since", "main", repository.path])
    #expect(run.status == .success, "\(run.stdout)\(run.stderr)")

    // And a wrapper the branch does add still fails.
    try repository.write("Sources/Other.swift", GateTests.service(GateTests.wrapper))
    try repository.commitAll("a new wrapper")
    let added = CLIRun(["check", "--since", "main", "--quiet", repository.path])
    #expect(added.status == .policyFailure)
    #expect(added.stdout.contains("Sources/Other.swift:"))
    #expect(!added.stdout.contains("Sources/Service.swift:"))
  }

  /// A shallow clone that has main's tip but not where the branch left it: exit 2, saying how
  /// to fetch the history.
  @Test func shallowCloneWithoutTheMergeBaseSaysFetchDepthZero() throws {
    let origin = try TemporaryRepository()
    defer { origin.remove() }
    try origin.write("A.swift", "let a = 1\n")
    try origin.commitAll("first")
    try origin.git("checkout", "-q", "-b", "feature")
    try origin.write("B.swift", "let b = 1\n")
    try origin.commitAll("feature")
    try origin.git("checkout", "-q", "main")
    try origin.write("A.swift", "let a = 2\n")
    try origin.commitAll("main moves on")

    let clone = origin.path + "-shallow"
    defer { try? FileManager.default.removeItem(atPath: clone) }
    try origin.git("clone", "-q", "--depth", "1", "--branch", "feature", "file://" + origin.path, clone)
    try origin.git("-C", clone, "fetch", "-q", "--depth", "1", "origin", "main:main")

    let run = CLIRun(["check", "--since", "main", clone])
    #expect(run.status == .runtimeError, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.contains("shallow clone"), "\(run.stderr)")
    #expect(run.stderr.contains("fetch-depth: 0"), "\(run.stderr)")
  }
}
