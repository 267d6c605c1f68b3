import Foundation
import Testing

@testable import MigrateScanKit

/// The blob ids computed for `check --since` are git's own.
@Suite struct GitBlobIDTests {
  @Test func knownIDs() {
    // `git hash-object /dev/null` and `printf 'hello\n' | git hash-object --stdin`.
    #expect(GitBlobID.sha1(ofBlob: []) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
    #expect(GitBlobID.sha1(ofBlob: Array("hello\n".utf8)) == "ce013625030ba8dba906f756967f9e9ca394464a")
  }

  /// Every length around the 64-byte block and its 56-byte padding edge, against git.
  @Test func agreesWithGitAroundBlockEdges() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    for length in [55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 70_000] {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      try Data(bytes).write(to: URL(fileURLWithPath: repository.path + "/blob"))
      let answer = try repository.git("hash-object", "--no-filters", "blob")
      #expect(GitBlobID.sha1(ofBlob: bytes) + "\n" == answer, "length \(length)")
    }
  }
}
