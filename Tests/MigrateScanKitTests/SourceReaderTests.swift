import Foundation
import Testing

@testable import MigrateScanKit

#if canImport(Glibc)
  import Glibc
#endif

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

  /// A NUL byte is read like any other: the file is lexed, not passed over (issue 19, hole 6).
  @Test func aNULByteAnywhereIsReadLikeAnyOther() throws {
    for position in [0, 4_000, 9_999] {
      var bytes = [UInt8](repeating: 0x61, count: 10_000)
      bytes[position] = 0
      try Self.withFile(bytes) { path throws in
        #expect(try SourceReader.read(path, maxSize: 1_000_000).get() == bytes)
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

  /// A FIFO where a file was (swapped in after the walk) is refused at once: opening it does not
  /// wait for a writer, and nothing is read from it. Bounded: a blocking read would hang the test
  /// until the alarm fires, which fails it.
  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("source-reader-fifo-\(UUID().uuidString)")
      .path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let started = Date()
    let result = SourceReader.read(Array(path.utf8), maxSize: 1_000_000)
    #expect(result == .failure(.notRegularFile(kind: "a FIFO")))
    #expect(Date().timeIntervalSince(started) < 5)
  }

  /// A file swapped for a link to `/dev/zero` reads nothing: the reader does not open through
  /// a link, and would not read a device.
  @Test func aLinkToDevZeroReadsNothing() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("source-reader-zero-\(UUID().uuidString)")
      .path
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    defer { unlink(path) }
    #expect(SourceReader.read(Array(path.utf8), maxSize: 20_000_000) == .failure(.symbolicLink))
    #expect(
      SourceReader.read(Array("/dev/zero".utf8), maxSize: 20_000_000)
        == .failure(.notRegularFile(kind: "a character device")))
  }
}
