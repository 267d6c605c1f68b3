import Foundation
import Testing

@testable import MigrateScanKit

/// A streamed report reaches its file whole and in order, however its chunks come (they are
/// written on a queue of their own while the next ones are rendered).
@Suite struct AtomicFileWriterTests {
  @Test func chunksOfEverySizeArriveInOrder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "migrate-scan-atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("report.json").path
    try Data("an older report\n".utf8).write(to: URL(fileURLWithPath: path))
    // Sizes from one byte to a few megabytes, each chunk filled with its own number.
    let sizes = (0..<120).map { $0 % 7 == 0 ? 3 << 20 : ($0 * 7919) % 70_000 + 1 }
    var expected: [UInt8] = []
    try AtomicFileWriter.write(to: path) { sink in
      for (index, size) in sizes.enumerated() {
        let chunk = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: size)
        expected += chunk
        sink(chunk)
      }
    }
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(written.count == expected.count)
    #expect(written == expected)
    // Nothing but the report is left in the folder: no temporary file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
  }
}
