// libFuzzer target for the pattern matcher: the input is a pattern and a source, split at the
// first NUL byte (no NUL: the first line is the pattern). Any pattern either fails to compile
// with an error or matches without a trap, and every match lies inside the source's tokens.
// Built by .ci/fuzz, not by SwiftPM.
import RuleEngine
import SwiftLexer

@_cdecl("LLVMFuzzerTestOneInput")
public func matcherFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let split = bytes.firstIndex(of: 0) ?? bytes.firstIndex(of: 10) ?? bytes.count
  let pattern = bytes[..<split]
  let source = Array(bytes[min(split + 1, bytes.count)...])
  var escaped = ""
  for scalar in String(decoding: pattern, as: UTF8.self).unicodeScalars {
    switch scalar {
    case "\"": escaped += "\\\""
    case "\\": escaped += "\\\\"
    default:
      if scalar.value < 0x20 {
        escaped += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
  }
  let catalog = """
    {"version": 1, "rules": [
      {"id": "fuzz", "category": "subject", "severity": "note", "message": "m", "help": "h",
       "pattern": "\(escaped)"},
      {"id": "fuzz-has", "category": "subject", "severity": "note", "message": "m", "help": "h",
       "pattern": "\(escaped)", "not-inside": {"pattern": "{ $$$ }"}, "has": {"pattern": "$X"}}
    ]}
    """
  guard let rules = try? RuleCatalog.load(Array(catalog.utf8), source: "fuzz.json", knownDetectors: []) else {
    return 0
  }
  let stream = Lexer.tokenize(source)
  for match in Matcher(catalog: rules).matches(in: stream) {
    precondition(match.start <= match.end && match.end < stream.significantCount, "match outside the tokens")
    precondition(match.bytes.lowerBound >= 0 && match.bytes.upperBound <= source.count, "bytes outside the source")
  }
  return 0
}
