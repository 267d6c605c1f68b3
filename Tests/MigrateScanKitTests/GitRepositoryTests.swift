import Foundation
import MigrateScanKit
import Testing

/// Blobs for a change check come from one `git cat-file --batch`; each answer must be the one
/// `git show` gives, in the order asked.
@Suite struct GitRepositoryTests {
  @Test func batchAnswersAsShowDoesInOrder() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("A.swift", "let a = 1\n")
    try repository.write("dir/B c.swift", "let b = 2")
    try repository.commitAll()
    try repository.write("A.swift", "let a = 3\n")
    try repository.stageAll()
    let git = try GitRepository(containing: repository.path)
    let answers = git.contents(of: [
      ("A.swift", "HEAD"), ("missing.swift", "HEAD"), ("A.swift", ""), ("dir/B c.swift", "HEAD"),
      ("dir", "HEAD"), ("odd\nname.swift", "HEAD"),
    ])
    #expect(answers.count == 6)
    #expect(answers[0] == Array("let a = 1\n".utf8))
    #expect(answers[1] == nil)
    #expect(answers[2] == Array("let a = 3\n".utf8))
    #expect(answers[3] == Array("let b = 2".utf8))
    #expect(answers[4] == nil, "a folder is not a file")
    #expect(answers[5] == nil)
    for (index, request) in [("A.swift", "HEAD"), ("A.swift", ""), ("dir/B c.swift", "HEAD")].enumerated() {
      #expect(git.contents(of: request.0, at: request.1) == answers[[0, 2, 3][index]])
    }
  }

  /// git's own words reach the user through the error file: a missing revision is named.
  @Test func aMissingRevisionIsAnErrorThatQuotesGit() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("A.swift", "let a = 1\n")
    try repository.commitAll()
    let run = CLIRun(["check", "--since", "no-such-revision", repository.path])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.contains("bad revision 'no-such-revision'"), "\(run.stderr)")
    #expect(run.stderr.contains("check that revision 'no-such-revision' exists"))
  }
}
