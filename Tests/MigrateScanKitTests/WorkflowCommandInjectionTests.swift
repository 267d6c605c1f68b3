import Foundation
import MigrateScanKit
import Testing

/// Text from the scanned tree (file names, suppression comments, baseline entries) never gives a
/// GitHub runner a workflow command or a terminal an escape sequence, on stdout or stderr
/// (issue 19, hole 5). The `github` format's own annotations escape their fields themselves.
@Suite struct WorkflowCommandInjectionTests {
  static let wrapper = "import Combine\nlet f = Future<Int, Never> { p in Task { p(.success(1)) } }\n"

  /// Every line as the runner splits it (on `\n` and `\r`) is safe: no `::` after leading
  /// whitespace, no `##[`, no ESC.
  static func expectSafe(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let trimmed = line.unicodeScalars.drop { $0.properties.isWhitespace }
      #expect(!trimmed.starts(with: "::".unicodeScalars), "\(context): \(line)", sourceLocation: sourceLocation)
      #expect(!line.contains("##["), "\(context): \(line)", sourceLocation: sourceLocation)
      #expect(!line.contains("\u{1B}"), "\(context): \(line)", sourceLocation: sourceLocation)
    }
  }

  static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-forge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func fileNamesCannotForgeCommands() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = [
      "x\n::error file=A.swift,line=1::forged\u{1B}[31m.swift", "::error file=B.swift,line=1::forged.swift",
      "##[add-mask]secret.swift", "y\r::stop-commands::token.swift",
    ]
    for name in names { try Data(Self.wrapper.utf8).write(to: folder.appendingPathComponent(name)) }
    let check = CLIRun(["check", folder.path])
    #expect(check.status == .policyFailure)
    #expect(check.stdout.contains("forged"), "the names are still shown: \(check.stdout)")
    Self.expectSafe(check.stdout, "check stdout")
    Self.expectSafe(check.stderr, "check stderr")
    // The reports a CI log may show too (the `github` format's annotations escape themselves).
    for format in ["xcode", "markdown", "json", "sarif"] {
      let scan = CLIRun([folder.path, "--format", format])
      #expect(scan.status == .success)
      Self.expectSafe(scan.stdout, format)
      Self.expectSafe(scan.stderr, "\(format) stderr")
    }
  }

  @Test func fileNamesCannotForgeCommandsInAStagedCheck() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Keep.swift", "let a = 1\n")
    try repository.commitAll()
    try repository.write("x\n::error file=A.swift,line=1::forged.swift", Self.wrapper)
    try repository.write("::warning::forged.swift", Self.wrapper)
    try repository.stageAll()
    let run = CLIRun(["check", "--staged", repository.path])
    #expect(run.status == .policyFailure, "\(run.stderr)")
    #expect(run.stdout.contains("forged"))
    Self.expectSafe(run.stdout, "stdout")
    Self.expectSafe(run.stderr, "stderr")
  }

  /// Block comments may hold line breaks; the suppression warnings quote what they hold.
  @Test func suppressionCommentsCannotForgeCommands() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = """
      import Combine
      /* migrate-scan:disable-next-line subject -- a reason
      ::add-mask::secret */
      let a = 1
      /* migrate-scan:disable-next-line subject,
      ::add-mask::secret2 */
      let b = 2
      /* migrate-scan:frobnicate
      ::add-mask::secret3 ##[add-mask]secret4 */
      let c = 3

      """
    try Data(source.utf8).write(to: folder.appendingPathComponent("Suppressed.swift"))
    for arguments in [[folder.path, "--format", "json"], ["check", folder.path]] {
      let run = CLIRun(arguments)
      #expect(run.stderr.contains("unused suppression"), "\(run.stderr)")
      #expect(run.stderr.contains("secret3"), "the text is still shown: \(run.stderr)")
      Self.expectSafe(run.stderr, "\(arguments[0]) stderr")
    }
  }

  /// A baseline is read from the repository too: `file` and `ruleId` are quoted by `--ratchet`.
  @Test func baselineStringsCannotForgeCommands() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("let a = 1\n".utf8).write(to: folder.appendingPathComponent("A.swift"))
    let baseline = """
      {
        "tool": "migrate-scan",
        "version": 1,
        "findings": [
          {"fingerprint": "0000000000000001", "ruleId": "x\\n::stop-commands::token", "file": "gone.swift\\n::error::forged"},
          {"fingerprint": "0000000000000002", "ruleId": "##[add-mask]y", "file": "::add-mask::z"}
        ]
      }

      """
    let path = folder.appendingPathComponent("baseline.json").path
    try Data(baseline.utf8).write(to: URL(fileURLWithPath: path))
    for arguments in [
      ["check", "--baseline", path, "--ratchet", folder.path], [folder.path, "--baseline", path, "--ratchet"],
    ] {
      let run = CLIRun(arguments)
      #expect(run.status == .policyFailure || run.status == .runtimeError, "\(run.stdout)\(run.stderr)")
      Self.expectSafe(run.stdout, "stdout")
      Self.expectSafe(run.stderr, "stderr")
    }
    let ratchet = CLIRun(["check", "--baseline", path, "--ratchet", folder.path])
    #expect(ratchet.stdout.contains("fixed or gone"), "\(ratchet.stdout)\(ratchet.stderr)")
  }
}
