import Testing

@testable import MigrateScanKit

@Suite struct ScannerHelpersTests {
  @Test func countLinesAgreesWithAByteLoop() {
    var state: UInt64 = 7
    // Up to 200 bytes at every length, and past 255 × 32 bytes, where the lane counters are summed.
    for length in Array(0..<200) + [8_159, 8_160, 8_161, 20_000, 70_000] {
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append([0x0A, 0x0B, 0x8A, 0x61, 0x0D, 0x0A][Int(state >> 33) % (length > 8_000 ? 6 : 5)])
      }
      let newlines = bytes.filter { $0 == 0x0A }.count
      let expected = newlines + (bytes.last.map { $0 != 0x0A ? 1 : 0 } ?? 0)
      #expect(Scanner.countLines(bytes) == expected)
    }
  }

  /// Every lane counts a newline on every step here: the counters must be summed before 256.
  @Test func countLinesOfNothingButNewlines() {
    for length in [255 * 32, 255 * 32 + 1, 70_000] {
      #expect(Scanner.countLines([UInt8](repeating: 0x0A, count: length)) == length)
    }
  }

  @Test func containsFindsTheNeedleAnywhere() {
    let needle = Array("migrate-scan:".utf8)
    #expect(!Scanner.contains([], needle))
    #expect(!Scanner.contains(Array("migrate-scan".utf8), needle))
    #expect(!Scanner.contains(Array("mmigrate-scan;migrate-scan".utf8), needle))
    for prefix in ["", "m", "mmigrate-scan", "// migrate-sca "] {
      for suffix in ["", " disable"] {
        #expect(Scanner.contains(Array((prefix + "migrate-scan:" + suffix).utf8), needle))
      }
    }
  }
}
