/// One node of the module graph, as reports show it.
package struct ModuleInfo: Sendable, Codable, Hashable {
  /// Target name (or folder name where there is no manifest).
  package var name: String
  /// Path of the module's folder relative to the scanned root, `/`-separated.
  package var path: String
  /// 0 for modules that depend on nothing inside the project; n when all dependencies sit in
  /// waves before n.
  package var wave: Int
  /// Names of the modules inside the project this one depends on, sorted.
  package var dependsOn: [String]
  /// True when a test target references the module.
  package var tested: Bool
  /// True for test targets.
  package var isTest: Bool
  /// The names of every module in the same dependency cycle (sorted, this one included), or
  /// empty when the module is in no cycle.
  package var cycle: [String]
  /// Number of Swift files and lines in the module.
  package var files: Int
  package var lines: Int

  package init(
    name: String, path: String, wave: Int, dependsOn: [String], tested: Bool, isTest: Bool = false,
    cycle: [String] = [], files: Int = 0, lines: Int = 0
  ) {
    self.name = name
    self.path = path
    self.wave = wave
    self.dependsOn = dependsOn
    self.tested = tested
    self.isTest = isTest
    self.cycle = cycle
    self.files = files
    self.lines = lines
  }
}
