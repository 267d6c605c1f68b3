/// A module's Swift language mode and concurrency checking, as its manifest or build settings
/// declare them. Every field is nil (or empty) where nothing says; reports show "not set".
package struct LanguageSettings: Sendable, Codable, Hashable {
  /// The language mode: `5`, `6` (from `.swiftLanguageMode`, `swiftLanguageVersions`, the tools
  /// version's default, or `SWIFT_VERSION`).
  package var languageMode: String?
  /// `minimal`, `targeted` or `complete` (`StrictConcurrency`, `-strict-concurrency=`,
  /// `SWIFT_STRICT_CONCURRENCY`; Swift 6 mode is always `complete`).
  package var strictConcurrency: String?
  /// Upcoming and experimental features switched on, sorted (`ExistentialAny`, …).
  package var features: [String]
  /// `SWIFT_DEFAULT_ACTOR_ISOLATION` / `.defaultIsolation(…)`: `MainActor` or `nonisolated`.
  package var defaultIsolation: String?
  /// Where the values come from, for people: `Package.swift`, `App.xcodeproj (Release)`.
  package var source: String?

  /// Creates settings; the default says nothing.
  package init(
    languageMode: String? = nil, strictConcurrency: String? = nil, features: [String] = [],
    defaultIsolation: String? = nil, source: String? = nil
  ) {
    self.languageMode = languageMode
    self.strictConcurrency = strictConcurrency
    self.features = features
    self.defaultIsolation = defaultIsolation
    self.source = source
  }

  /// The checking actually in force: Swift 6 mode is complete whatever else says.
  package var effectiveStrictConcurrency: String? {
    if let mode = languageMode, mode.hasPrefix("6") { return "complete" }
    if let strictConcurrency { return strictConcurrency }
    return features.contains("StrictConcurrency") ? "complete" : nil
  }
}
