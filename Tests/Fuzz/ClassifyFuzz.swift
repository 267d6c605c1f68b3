// libFuzzer target for the classify detectors: the input is a Swift file, classified with
// every detector on (a file importing Combine, so the detectors do not stop at the import
// check). No detector traps or runs past libFuzzer's time limit. Built by .ci/fuzz, not by
// SwiftPM.
import Classify
import ScanModel
import SwiftLexer

private let rules = Detectors.all.keys.sorted().map { name in
  DetectorRuleRef(ruleID: name, detector: name, category: .subject, severity: .warning, message: "m", help: "h")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func classifyFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array("import Combine\n".utf8) + Array(UnsafeBufferPointer(start: data, count: size))
  let stream = Lexer.tokenize(bytes)
  let classification = FileClassifier.classify(
    stream: stream, path: "Sources/App/Fuzz.swift", patternHits: [], detectorRules: rules)
  precondition(classification.path == "Sources/App/Fuzz.swift", "the path changed")
  return 0
}
