import Classify
import ScanModel
import Testing

@Suite struct FingerprintTests {
  let detectors = ["operator-pipeline"]

  func fingerprints(_ source: String, path: String = "Sources/App/Model.swift") -> [String] {
    Support.findings([(path, source)], detectors: detectors).map(\.fingerprint)
  }

  let original = """
    import Combine
    final class Model {
      func bind() {
        $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)
      }
    }
    """

  @Test func knownValue() {
    #expect(Fingerprint.make(ruleID: "r", file: "f", symbol: nil, matchText: "a b", occurrence: 0).count == 16)
    #expect(
      Fingerprint.make(ruleID: "r", file: "f", symbol: "T.m", matchText: "a b", occurrence: 0)
        == Fingerprint.make(ruleID: "r", file: "f", symbol: "T.m", matchText: "a b", occurrence: 0))
    #expect(Fingerprint.hex(0xcbf2_9ce4_8422_2325) == "cbf29ce484222325")
  }

  @Test func survivesMovesReindentationAndUnrelatedEdits() {
    let base = fingerprints(original)
    #expect(base.count == 1)
    let moved = """
      import Combine
      import Foundation

      /// A model.
      final class Model {
        var unrelated = 1
        func helper() {}

        func bind() {
              $query
                  .debounce(for: 0.3, scheduler: RunLoop.main) // settle
                  .sink { print($0) }
                  .store(in: &bag)
        }
      }
      """
    #expect(fingerprints(moved) == base)
  }

  @Test func changesWithARealChange() {
    let base = fingerprints(original)
    let edited = original.replacing("0.3", with: "0.5")
    let renamed = original.replacing("func bind", with: "func wire")
    #expect(fingerprints(edited) != base)
    #expect(fingerprints(renamed) != base)
    #expect(fingerprints(original, path: "Sources/App/Other.swift") != base)
  }

  @Test func messageChangesDoNotMatter() {
    let file = Support.classify(original, path: "M.swift", detectors: detectors)
    let reworded = file.replacing(
      candidates: file.candidates.map {
        var copy = $0
        copy.message = "a new wording"
        return copy
      })
    let a = Classifier.finalize(files: [file], context: ClassifyContext())
    let b = Classifier.finalize(files: [reworded], context: ClassifyContext())
    #expect(a.map(\.fingerprint) == b.map(\.fingerprint))
  }

  @Test func twinsGetDistinctFingerprints() {
    let twins = """
      import Combine
      final class Model {
        func bind() {
          $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)
          $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)
        }
      }
      """
    let values = fingerprints(twins)
    #expect(values.count == 2)
    #expect(values[0] != values[1])
    #expect(values[0] == fingerprints(original)[0])
  }

  /// Twins are equal `String`s: with a non-ASCII text, canonically equal spellings are twins too.
  @Test func twinsAreEqualTexts() {
    func candidate(_ text: String, line: Int) -> CandidateFinding {
      let location = SourceLocation(line: line, column: 1)
      return CandidateFinding(
        ruleID: "operator-pipeline", category: .operatorPipeline, severity: .warning, message: "m", help: "h",
        range: SourceRange(start: location, end: location), offset: line, symbol: "T.m", matchText: text)
    }
    let texts = ["$q . map { \"\u{E9}\" }", "$q . map { \"e\u{301}\" }", "$q . sink { }", "$q . sink { }"]
    var facts = CombineFacts()
    facts.imports = ["Combine"]
    let file = FileClassification(
      path: "M.swift", candidates: texts.enumerated().map { candidate($1, line: $0 + 1) }, facts: facts)
    let findings = Classifier.finalize(files: [file], context: ClassifyContext())
    let expected = zip(texts, [0, 1, 0, 1]).map { text, occurrence in
      Fingerprint.make(
        ruleID: "operator-pipeline", file: "M.swift", symbol: "T.m", matchText: text, occurrence: occurrence)
    }
    #expect(findings.map(\.fingerprint) == expected)
  }
}
