import Foundation
import MigrateScanKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hole 8: file names that are not UTF-8 stay bytes, escaped one way (`\xHH`) everywhere, so two
/// such names stay two paths with two fingerprints.
@Suite struct FileNameTests {
  @Test func validNamesAreTheirOwnText() {
    for name in ["Sources/App.swift", "ünï code/💥.swift", "back\\slash.swift", "a\\x.swift", "\\xG1.swift"] {
      #expect(FileName.text(Array(name.utf8)) == name)
      #expect(FileName.bytes(name) == Array(name.utf8))
    }
  }

  @Test func invalidBytesAreEscapedAndComeBack() {
    let cases: [([UInt8], String)] = [
      (Array("a".utf8) + [0xFF] + Array(".swift".utf8), "a\\xFF.swift"),
      (Array("a".utf8) + [0xFE] + Array(".swift".utf8), "a\\xFE.swift"),
      // A backslash that would read as an escape is escaped itself: the text stays unique.
      (Array("a\\xFF.swift".utf8), "a\\x5CxFF.swift"),
      // Overlong, surrogate and truncated sequences are bytes, not characters.
      ([0xC0, 0xAF], "\\xC0\\xAF"), ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"), ([0xE2, 0x82], "\\xE2\\x82"),
      ([0xC3, 0xA9, 0xE9], "é\\xE9"),
    ]
    for (bytes, text) in cases {
      #expect(FileName.text(bytes) == text)
      #expect(FileName.bytes(text) == bytes)
    }
  }

  /// Writes `bytes` as a file named by raw bytes.
  static func write(path: [UInt8], _ text: String) {
    let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    guard descriptor >= 0 else { return }
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  /// `a\xff.swift`, `a\xfe.swift` and a file literally named `a\xFF.swift`, each with a wrapper.
  static func writeNames(in folder: String, _ text: String) {
    for last: [UInt8] in [[0xFF], [0xFE], Array("\\xFF".utf8)] {
      write(path: Array((folder + "/a").utf8) + last + Array(".swift".utf8), text)
    }
  }

  static let names = ["Sources/a\\x5CxFF.swift", "Sources/a\\xFE.swift", "Sources/a\\xFF.swift"]

  @Test func distinctNamesStayDistinctInEveryFormat() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-names-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    Self.writeNames(in: root + "/Sources", HostileTreeTests.wrapper)

    let json = CLIRun([root, "--format", "json", "--quiet"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
      .filter { $0["ruleId"] as? String == "future-task-wrapper" }
    #expect(findings.compactMap { $0["file"] as? String }.sorted() == Self.names)
    #expect(Set(findings.compactMap { $0["fingerprint"] as? String }).count == 3, "three fingerprints")

    let sarif = CLIRun([root, "--format", "sarif", "--quiet"]).stdout
    for uri in ["Sources/a%5CxFF.swift", "Sources/a%5CxFE.swift", "Sources/a%5Cx5CxFF.swift"] {
      #expect(sarif.contains("\"\(uri)\""), "\(uri) in SARIF")
    }
    let markdown = CLIRun([root, "--format", "markdown", "--quiet"]).stdout
    let text = CLIRun(["check", "--quiet", root]).stdout
    for name in Self.names {
      #expect(markdown.contains(name.replacingOccurrences(of: "\\", with: "\\\\")) || markdown.contains(name))
      #expect(text.contains("\(root)/\(name):"), "\(name) in check's output")
    }
  }

  /// The gate reads a staged file with such a name (it used to ask git for the repaired name,
  /// get nothing, and pass).
  @Test func aStagedWrapperInANonUTF8NameFailsTheCheck() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", GateTests.service(""))
    try repository.commitAll()
    try repository.git("tag", "base")
    Self.writeNames(in: repository.path + "/Sources", GateTests.service(GateTests.wrapper))
    try repository.stageAll()
    let staged = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(staged.status == .policyFailure, "\(staged.stderr)")
    for name in Self.names { #expect(staged.stdout.contains("\(repository.path)/\(name):"), "\(name)") }
    try repository.git("commit", "-q", "-m", "names")
    #expect(CLIRun(["check", "--since", "base", "--quiet", repository.path]).status == .policyFailure)
  }
}
