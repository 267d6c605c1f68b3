import MigrateScanKit
import Testing

/// The configuration file may come from the repository being scanned, so its size is bounded
/// like a rules file's, with an error that says which file and what to do.
@Suite struct ConfigurationLimitsTests {
  @Test func oversizedConfigurationIsRefused() {
    let padding = String(repeating: " ", count: Configuration.maximumBytes)
    let bytes = Array(("{\"version\": 1}" + padding).utf8)
    #expect(throws: CLIError.self) {
      try Configuration.parse(bytes, path: "cfg/.migrate-scan.json", folder: "cfg")
    }
    do {
      _ = try Configuration.parse(bytes, path: "cfg/.migrate-scan.json", folder: "cfg")
    } catch {
      #expect(
        error.description
          == "configuration cfg/.migrate-scan.json: 1000014 bytes is more than a configuration file may have "
          + "(1000000); it holds settings only, so move rules into a rules file")
    }
  }

  @Test func largestConfigurationLoads() throws {
    let text = "{\"version\": 1}"
    let padding = String(repeating: " ", count: Configuration.maximumBytes - text.utf8.count)
    _ = try Configuration.parse(Array((text + padding).utf8), path: "c.json", folder: ".")
  }
}
