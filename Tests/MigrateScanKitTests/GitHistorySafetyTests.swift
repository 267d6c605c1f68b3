import Foundation
import MigrateScanKit
import Testing

/// The scan's one `git log` (the leave-alone rule's history) runs nothing a hostile repository
/// names: no filter driver, textconv, external diff, fsmonitor or pager, and no `gpg.program`
/// through `log.showSignature` on a signed commit.
@Suite struct GitHistorySafetyTests {
  @Test func readingTheHistoryRunsNothingTheRepositoryNames() throws {
    let hostile = try GitSafetyTests.HostileRepository()
    defer { hostile.remove() }
    let repository = hostile.repository
    try repository.write("Sources/A.swift", LeaveAloneHistoryTests.unit("SyncEngine"))
    try repository.write("Sources/B.swift", "let b = 1\n")
    try repository.write("Sources/D.swift", "let d = 1\n")
    try repository.commit(at: "2022-01-10T12:00:00Z")
    try repository.write("Sources/B.swift", "let b = 2\n")
    try repository.commit(at: "2024-06-01T12:00:00Z")
    try Self.sign(repository)
    let gpg = hostile.markers.appendingPathComponent("gpg.sh")
    try Data("#!/bin/sh\ntouch \"\(hostile.markers.path)/ran-gpg\"\nexit 1\n".utf8).write(to: gpg)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gpg.path)
    try repository.git("config", "gpg.program", gpg.path)
    try repository.git("config", "log.showSignature", "true")
    // The set-up is live: a plain `git log` of this repository runs the signature program.
    _ = try? repository.git("log", "-1")
    #expect(hostile.ran.contains("ran-gpg"), "\(hostile.ran)")
    hostile.clearMarkers()

    let run = CLIRun([repository.path, "--format", "json", "--quiet"])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(hostile.ran.isEmpty, "git ran \(hostile.ran) while the scan read the history")
    #expect(run.stdout.contains("unchanged for 28 months"), "the history was read")
  }

  /// Rewrites `HEAD` as a commit carrying a (fake) signature, so `log.showSignature` has
  /// something to verify.
  static func sign(_ repository: TemporaryRepository) throws {
    let commit = try repository.git("cat-file", "commit", "HEAD")
    guard let committer = commit.range(of: "\ncommitter ") else { return }
    let lineEnd = commit[committer.upperBound...].firstIndex(of: "\n") ?? commit.endIndex
    let signed =
      String(commit[..<lineEnd]) + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz\n -----END PGP SIGNATURE-----"
      + String(commit[lineEnd...])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", repository.path, "hash-object", "-t", "commit", "-w", "--stdin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(signed.utf8))
    try input.fileHandleForWriting.close()
    let id = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    process.waitUntilExit()
    try repository.git("update-ref", "HEAD", id)
  }
}
