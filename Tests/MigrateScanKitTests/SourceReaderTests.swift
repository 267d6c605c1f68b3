import Foundation
import Testing

@testable import MigrateScanKit

/// Reading a file whole, once: the bytes as they are, and why a file is passed over.
@Suite struct SourceReaderTests {
  /// A fresh file holding `bytes`, removed when the test ends.
  private static func withFile(_ bytes: [UInt8], _ body: ([UInt8]) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("source-reader-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(Array(path.utf8))
  }

  @Test(arguments: [0, 1, 4095, 4096, 4097, 100_000])
  func readsEveryByte(size: Int) throws {
    let bytes = (0..<size).map { UInt8(0x20 + $0 % 90) }
    try Self.withFile(bytes) { path throws in
      #expect(try SourceReader.read(path, maxSize: 1_000_000).get() == bytes)
    }
  }

  @Test func aNULByteAnywhereMakesTheFileBinary() throws {
    for position in [0, 4_000, 9_999] {
      var bytes = [UInt8](repeating: 0x61, count: 10_000)
      bytes[position] = 0
      try Self.withFile(bytes) { path throws in
        #expect(SourceReader.read(path, maxSize: 1_000_000) == .failure(.binary))
      }
    }
  }

  @Test func aFileOverTheLimitIsTooLarge() throws {
    try Self.withFile([UInt8](repeating: 0x61, count: 101)) { path throws in
      #expect(SourceReader.read(path, maxSize: 100) == .failure(.tooLarge(limit: 100)))
      #expect(try SourceReader.read(path, maxSize: 101).get().count == 101)
    }
  }

  /// `st_size` is only where reading starts: a file that says 0 bytes (as a growing file or a
  /// `/proc` file does) is still read to its end.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"))
  func readsPastTheSizeTheFileSystemGives() throws {
    let path = Array("/proc/self/status".utf8)
    let bytes = try SourceReader.read(path, maxSize: 1_000_000).get()
    #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
    #expect(SourceReader.read(path, maxSize: 10) == .failure(.tooLarge(limit: 10)))
  }

  @Test func aMissingFileIsUnreadable() {
    let result = SourceReader.read(Array("/nonexistent/missing.swift".utf8), maxSize: 100)
    #expect(result == .failure(.unreadable("no such file or directory")))
  }
}
