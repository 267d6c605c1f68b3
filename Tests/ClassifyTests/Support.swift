import Classify
import ScanModel
import SwiftLexer

/// Helpers shared by the Classify tests: lex a snippet, run the production per-file pass with only
/// the rules under test, and finalize.
enum Support {
  /// A detector rule with a recognisable message, for the named detector.
  static func rule(_ detector: String, category: CategoryID) -> DetectorRuleRef {
    DetectorRuleRef(
      ruleID: detector, detector: detector, category: category, severity: .warning, message: "m(\(detector))",
      help: "h(\(detector))")
  }

  static let allRules: [DetectorRuleRef] = [
    rule("future-task-wrapper", category: .futureTaskWrapper),
    rule("operator-pipeline", category: .operatorPipeline),
    rule("subject", category: .subject),
    rule("values-bridge", category: .valuesBridge),
    rule("continuation-resumed-twice", category: .continuationMisuse),
    rule("continuation-never-resumed", category: .continuationMisuse),
    // As rules.json declares it: latent, so `keep` rather than the pitfall's `fix-now`.
    DetectorRuleRef(
      ruleID: "continuation-lost-with-self", detector: "continuation-lost-with-self", category: .continuationMisuse,
      severity: .warning, message: "m(continuation-lost-with-self)", help: "h(continuation-lost-with-self)",
      dispositionOverride: .keep),
    rule("silent-failure", category: .silentFailure),
    DetectorRuleRef(
      ruleID: "silent-failure-one-shot", detector: "silent-failure-one-shot", category: .silentFailure,
      severity: .note, message: "m(silent-failure-one-shot)", help: "h(silent-failure-one-shot)",
      dispositionOverride: .migrate, phaseOverride: .oneShot),
    rule("assign-retain-cycle", category: .assignRetainCycle),
    rule("queue-guarded-state", category: .queueGuardedState),
    rule("bridge-helper", category: .bridgeHelper),
    rule("combine-api", category: .combineAPI),
    rule("state-object", category: .observableUse),
    rule("observed-object", category: .observableUse),
    rule("environment-object", category: .observableUse),
    rule("environment-object-modifier", category: .observableUse),
    rule("model-subscription", category: .observableUse),
  ]

  /// Classifies `source` at `path` with the rules whose detector is in `detectors`.
  static func classify(
    _ source: String, path: String = "Sources/App/File.swift", detectors: [String], patternHits: [PatternHit] = []
  ) -> FileClassification {
    let stream = Lexer.tokenize(Array(source.utf8))
    return FileClassifier.classify(
      stream: stream, path: path, patternHits: patternHits,
      detectorRules: allRules.filter { detectors.contains($0.detector) })
  }

  /// Classifies and finalizes several files with the named detectors.
  static func findings(
    _ files: [(String, String)], detectors: [String], context: ClassifyContext = ClassifyContext()
  ) -> [Finding] {
    let classified = files.map { classify($0.1, path: $0.0, detectors: detectors) }
    return Classifier.finalize(files: classified, context: context)
  }

  /// Classifies one file.
  static func findings(_ source: String, detectors: [String]) -> [Finding] {
    findings([("Sources/App/File.swift", source)], detectors: detectors)
  }

  /// The significant position of the `occurrence`-th token spelled `text`.
  /// The text of the significant token at `position` of `source`.
  static func text(at position: Int, in source: String) -> String {
    let stream = Lexer.tokenize(Array(source.utf8))
    return stream.text(of: stream.significantToken(position))
  }

  static func position(of text: String, in source: String, occurrence: Int = 0) -> Int {
    let stream = Lexer.tokenize(Array(source.utf8))
    var seen = 0
    for index in stream.kinds.indices where stream.text(of: stream.significantToken(index)) == text {
      if seen == occurrence { return index }
      seen += 1
    }
    return -1
  }
}
