import Foundation
import MigrateScanKit
import Testing

/// A staged check says what is wrong with the suppressions in the files it checks, and only in
/// those: what was there before the change is not the change's to fix (issue 20, item 6).
@Suite struct StagedSuppressionTests {
  static let old = "import Combine\n\n// migrate-scan:disable-next-line subject\nlet count = 1\n"
  static let new = """
    import Combine

    final class Feed {
      // migrate-scan:disable-next-line subjcet -- one consumer
      let items = PassthroughSubject<Int, Never>()
      // migrate-scan:disable-next-line subject
      let count = 2
    }

    """

  static func stagedCheck(configuration: String?) throws -> CLIRun {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Old.swift", old)
    if let configuration { try repository.write(".migrate-scan.json", configuration) }
    try repository.commitAll()
    try repository.write("New.swift", new)
    try repository.stageAll()
    return CLIRun(["check", "--staged", repository.path])
  }

  @Test func unusedAndMisspeltSuppressionsOfStagedFilesAreReported() throws {
    let run = try Self.stagedCheck(configuration: nil)
    #expect(run.status == .success)
    #expect(run.stderr.contains("New.swift:4:3: warning: suppression names 'subjcet'"))
    #expect(run.stderr.contains("(did you mean 'subject'?)"))
    #expect(run.stderr.contains("New.swift:6:3: warning: unused suppression of subject"))
    #expect(!run.stderr.contains("Old.swift"), "an untouched file's suppressions are not the change's")
  }

  @Test func aReasonlessSuppressionFailsWhenTheConfigurationRequiresReasons() throws {
    let run = try Self.stagedCheck(configuration: #"{"requireSuppressionReason": true}"#)
    #expect(run.status == .policyFailure)
    #expect(run.stderr.contains("New.swift:6:3: error: suppression of subject gives no reason"))
    #expect(!run.stderr.contains("New.swift:4:3: error"), "that one gives a reason")
    #expect(!run.stderr.contains("Old.swift"))
  }

  @Test func requireSuppressionReasonMustBeABoolean() throws {
    let bytes = Array(#"{"requireSuppressionReason": "yes"}"#.utf8)
    #expect(throws: CLIError.self) { try Configuration.parse(bytes, path: "c.json", folder: ".") }
  }
}
