import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// The walk reads folders on several threads; what it finds must not depend on how many.
@Suite struct FileDiscoveryTests {
  static func walk(_ root: String, jobs: Int, maxFileSize: Int = 20_000_000) throws -> Discovery {
    var discovery = FileDiscovery()
    discovery.jobs = jobs
    discovery.maxFileSize = maxFileSize
    return try discovery.discover(root: root)
  }

  static func summary(_ found: Discovery) -> [String] {
    found.files.map { "\($0.relativePath) \($0.size)" } + found.skipped.map { "skipped \($0.path): \($0.reason)" }
  }

  @Test(arguments: [2, 3, 8])
  func parallelWalkFindsWhatOneThreadFinds(_ jobs: Int) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-walk-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    // A tree several levels deep and wide, with other files, excluded folders and a large file.
    for module in 0..<6 {
      for depth in 0..<4 {
        let folder = root.appendingPathComponent(
          "Sources/M\(module)/" + (0..<depth).map { "Level\($0)" }.joined(separator: "/"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("let x = \(module)\n".utf8).write(to: folder.appendingPathComponent("File\(depth).swift"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("Info\(depth).json"))
      }
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
    try Data("let hidden = 1\n".utf8).write(to: root.appendingPathComponent(".build/debug/Hidden.swift"))
    try Data(String(repeating: "// padding\n", count: 100).utf8).write(
      to: root.appendingPathComponent("Sources/Big.swift"))

    let one = try Self.walk(root.path, jobs: 1, maxFileSize: 500)
    let many = try Self.walk(root.path, jobs: jobs, maxFileSize: 500)
    #expect(Self.summary(one) == Self.summary(many))
    #expect(one.files.count == 24)
    #expect(one.skipped.map(\.path) == ["Sources/Big.swift"])
  }

  @Test func sampleProjectTheSameOnAnyThreadCount() throws {
    let root = FixturePaths.fixture("projects/SampleApp").path
    #expect(Self.summary(try Self.walk(root, jobs: 1)) == Self.summary(try Self.walk(root, jobs: 4)))
    #expect(try !Self.walk(root, jobs: 4).files.isEmpty)
  }
}
