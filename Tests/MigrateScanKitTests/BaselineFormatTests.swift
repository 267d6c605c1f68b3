import MigrateScanKit
import Testing

/// The baseline file's versions: version 2 adds each entry's shape; version 1 still loads; a
/// newer or malformed file is refused with what to do.
@Suite struct BaselineFormatTests {
  static let entry =
    #"{"file": "A.swift", "ruleId": "future-task-wrapper", "symbol": "S.f", "fingerprint": "0123456789abcdef""#

  static func file(version: Int, _ entries: [String]) -> [UInt8] {
    Array(
      "{\n  \"tool\": \"migrate-scan\",\n  \"version\": \(version),\n  \"findings\": [\n    \(entries.joined(separator: ",\n    "))\n  ]\n}\n"
        .utf8)
  }

  @Test func versionTwoRoundTripsItsShapes() throws {
    let bytes = Self.file(version: 2, [Self.entry + #", "shape": "0000002a e60759e9"}"#])
    let baseline = try Baseline.parse(bytes, path: "b.json")
    #expect(baseline.entries.first?.shape?.serialized == "0000002a e60759e9")
    #expect(baseline.serialized() == bytes)
  }

  @Test func versionOneLoadsWithoutShapes() throws {
    let baseline = try Baseline.parse(Self.file(version: 1, [Self.entry + "}"]), path: "b.json")
    #expect(baseline.entries.count == 1)
    #expect(baseline.entries.first?.shape == nil)
  }

  @Test func aNewerVersionOrABadShapeIsRefused() {
    #expect(throws: CLIError.self) { try Baseline.parse(Self.file(version: 3, []), path: "b.json") }
    do {
      _ = try Baseline.parse(Self.file(version: 2, [Self.entry + #", "shape": "xyz"}"#]), path: "b.json")
      Issue.record("a bad shape was read")
    } catch {
      #expect(error.description.contains("finding 1 has a 'shape' that is not hex words"))
    }
  }
}
