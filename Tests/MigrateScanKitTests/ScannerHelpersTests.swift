import Testing

@testable import MigrateScanKit

@Suite struct ScannerHelpersTests {
  @Test func countLinesAgreesWithAByteLoop() {
    var state: UInt64 = 7
    for length in 0..<200 {
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append([0x0A, 0x0B, 0x8A, 0x61, 0x0D][Int(state >> 33) % 5])
      }
      let newlines = bytes.filter { $0 == 0x0A }.count
      let expected = newlines + (bytes.last.map { $0 != 0x0A ? 1 : 0 } ?? 0)
      #expect(Scanner.countLines(bytes) == expected)
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
